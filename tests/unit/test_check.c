// SPDX-License-Identifier: GPL-2.0
/* wmibpf check (loader/cmd_check.c): what it prints and its exit status. */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "bmof.h"
#include "bmof_fixture.h"
#include "mof_bus.h"
#include "policy.h"

#include "wmibpf.h"

static char dir[] = "/tmp/wmibpf-check-XXXXXX";
static char good[128], bad[128], missing[128], bindable[128], conflict[128];

static void write_bytes(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	fclose(f);
}

static void write_file(const char *path, const char *text)
{
	write_bytes(path, text, strlen(text));
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(good, sizeof(good), "%s/good.yaml", dir);
	snprintf(bad, sizeof(bad), "%s/bad.yaml", dir);
	snprintf(missing, sizeof(missing), "%s/missing.yaml", dir);
	write_file(good, "name: good\ndevice: all\n");
	write_file(bad, "name: bad\ndevice: nowhere\n");
	snprintf(bindable, sizeof(bindable), "%s/bindable.yaml", dir);
	snprintf(conflict, sizeof(conflict), "%s/conflict.yaml", dir);
	/* deny_method binds to every device, acme_translator to FE733490-... */
	write_file(bindable, "name: b\ndevice: AD81FA8F-3A66-4C67-B111-78F81C9633B3\nbpf:\n"
		   "  - " BPF_OBJS "/deny_method.bpf.o\n");
	write_file(conflict, "name: c\ndevice: AD81FA8F-3A66-4C67-B111-78F81C9633B3\nbpf:\n"
		   "  - " BPF_OBJS "/deny_method.bpf.o\n  - " BPF_OBJS "/acme_translator.bpf.o\n");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	unlink(good);
	unlink(bad);
	unlink(bindable);
	unlink(conflict);
	rmdir(dir);
	return 0;
}

/*
 * Run check on the files, quietly, on the sysfs under sys, with names from
 * mof (NULL: the bus): its exit status.
 */
static int check_on(char **files, size_t nr, const char *sys, const char *mof)
{
	struct cli cli = { .files = files, .nr_files = nr, .quiet = true, .sysfs = sys,
			   .mof_file = mof };
	struct app a = { .cli = &cli };

	return cmd_check(&a);
}

/* A sysfs without a WMI bus: the host's is not the test's. */
static int check_mof(char **files, size_t nr, const char *mof)
{
	return check_on(files, nr, dir, mof);
}

static int check(char **files, size_t nr)
{
	return check_mof(files, nr, NULL);
}

/* Names: taken from --mof FILE, refused where no bMOF is known. */
static void names(void **state)
{
	char named[160], unknown[160], blob[160], corrupt[160];
	char *ok[] = { named }, *bad_name[] = { unknown };
	struct fx *b = fx_acme_blob(true);

	(void)state;
	snprintf(named, sizeof(named), "%s/named.yaml", dir);
	snprintf(unknown, sizeof(unknown), "%s/unknown.yaml", dir);
	snprintf(blob, sizeof(blob), "%s/acme.bmof", dir);
	snprintf(corrupt, sizeof(corrupt), "%s/corrupt.bmof", dir);
	write_file(named, "name: named\ndevice: AcmeFan\nrules:\n"
		   "  - method: AcmeFan.SetProfile\n    action: deny\n");
	write_file(unknown, "name: unknown\ndevice: AcmeFan\nrules:\n"
		   "  - method: AcmeFan.Spin\n    action: deny\n");
	write_bytes(blob, b->d, b->len);
	write_bytes(corrupt, b->d, b->len / 2);
	fx_free(b);

	assert_int_equal(check(ok, 1), EXIT_BAD_POLICY);
	assert_int_equal(check_mof(ok, 1, blob), EXIT_OK);
	assert_int_equal(check_mof(bad_name, 1, blob), EXIT_BAD_POLICY);
	/* A blob that cannot be had fails the check, not the policy. */
	assert_int_equal(check_mof(ok, 1, corrupt), EXIT_FAILED);
	assert_int_equal(check_mof(ok, 1, missing), EXIT_FAILED);
	unlink(named);
	unlink(unknown);
	unlink(blob);
	unlink(corrupt);
}

static void exit_status(void **state)
{
	char *ok[] = { good }, *invalid[] = { good, bad }, *unreadable[] = { missing },
	     *both[] = { missing, bad }, *both_rev[] = { bad, missing };

	(void)state;
	assert_int_equal(check(ok, 1), EXIT_OK);
	assert_int_equal(check(invalid, 2), EXIT_BAD_POLICY);
	/* wmibpf(8): 1 for a file that cannot be read, not 3. */
	assert_int_equal(check(unreadable, 1), EXIT_FAILED);
	assert_int_equal(check(both, 2), EXIT_FAILED);
	assert_int_equal(check(both_rev, 2), EXIT_FAILED);
}

/* An object bound to another device than the policy's: what load refuses (bind.h). */
static void objects(void **state)
{
	char *ok[] = { bindable }, *refused[] = { conflict }, *both[] = { missing, conflict };

	(void)state;
	assert_int_equal(check(ok, 1), EXIT_OK);
	assert_int_equal(check(refused, 1), EXIT_BAD_POLICY);
	assert_int_equal(check(both, 2), EXIT_FAILED);
}

/*
 * A blob that cannot be decoded is said with the firmware's names in
 * its error escaped: an escape sequence in a method's name must not
 * reach the terminal (wmibpf check, call, mof and devices print it).
 */
static void blob_error_escaped(void **state)
{
	struct fx *data = fx_root(fx_object(0, NULL,
		fx_list(fx_property("__CLASS", BMOF_STRING, fx_str("Evil"), NULL), NULL),
		fx_list(fx_property("M\x1b]0;owned\x07", BMOF_UINT32, fx_u32(1), NULL), NULL)),
		NULL);
	struct fx *blob = fx_fomb(fx_ds(data, false), data->len);
	struct mof_source src = { };
	char path[160], msg[MOF_ERR_LEN];

	(void)state;
	snprintf(path, sizeof(path), "%s/evil.bmof", dir);
	write_bytes(path, blob->d, blob->len);
	assert_int_equal(mof_load(&src, path, path, msg, sizeof(msg)), -EINVAL);
	if (strchr(msg, 0x1b) || strchr(msg, 0x07) || !strstr(msg, "M\\x1b]0;owned\\x07"))
		fail_msg("error not escaped: %s", msg);
	unlink(path);
	fx_free(blob);
	fx_free(data);
}

/*
 * A bmof the caller may not read (wmi-bmof makes it 0400 root's) is not
 * "no class": the name's error says which file and why. As root, the
 * lookup runs with the effective uid of nobody, which has no capability
 * to read past the mode.
 */
static void bmof_denied(void **state)
{
	static const char policy[] = "name: fan\ndevice: AcmeFan\n";
	char sys[160], path[PATH_MAX], want[PATH_MAX + 160];
	const struct policy_names *names;
	struct policy_names buf;
	struct mof_bus bus;
	struct fx *b = fx_acme_blob(true);
	struct policy p;
	char *err = NULL;
	bool root = !geteuid();
	int ret;

	(void)state;
	snprintf(sys, sizeof(sys), "%s/sys", dir);
	snprintf(path, sizeof(path), "%s/bus", sys);
	assert_int_equal(mkdir(sys, 0755), 0);
	assert_int_equal(mkdir(path, 0755), 0);
	strcat(path, "/wmi");
	assert_int_equal(mkdir(path, 0755), 0);
	strcat(path, "/devices");
	assert_int_equal(mkdir(path, 0755), 0);
	strcat(path, "/05901221-D566-11D1-B2F0-00A0C9062910");
	assert_int_equal(mkdir(path, 0755), 0);
	strcat(path, "/bmof");
	write_bytes(path, b->d, b->len);
	fx_free(b);
	assert_int_equal(chmod(path, 0), 0);
	assert_int_equal(chmod(dir, 0755), 0);

	if (root)
		assert_int_equal(seteuid(65534), 0);
	names = mof_bus_names(&bus, sys, &buf);
	if (root)
		assert_int_equal(seteuid(0), 0);
	assert_non_null(names);
	assert_int_equal(names->nsrc, 0);
	ret = policy_parse_buffer_names("p.yaml", policy, strlen(policy), names, &p, &err);
	assert_int_equal(ret, -EINVAL);
	snprintf(want, sizeof(want), "p.yaml:2:9: device: no class AcmeFan in this machine's "
		 "bMOF (%s: Permission denied) (see wmibpf mof)", path);
	assert_string_equal(err, want);
	free(err);
	mof_bus_free(&bus);

	/* Read, the same blob names the class. */
	assert_int_equal(chmod(path, 0400), 0);
	names = mof_bus_names(&bus, sys, &buf);
	assert_non_null(names);
	assert_int_equal(names->nsrc, 1);
	assert_string_equal(names->where, "this machine's bMOF");
	assert_int_equal(policy_parse_buffer_names("p.yaml", policy, strlen(policy), names, &p,
						   &err), 0);
	policy_free(&p);
	mof_bus_free(&bus);

	unlink(path);
	for (int i = 0; i < 5; i++) {
		*strrchr(path, '/') = '\0';
		rmdir(path);
	}
	chmod(dir, 0700);
}

/* A method device of a made-up sysfs under SYS, with object id "AA". */
static void method_device(const char *sys, const char *guid)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/bus/wmi/devices/%s", sys, guid);
	assert_int_equal(mkdir(path, 0755), 0);
	strcat(path, "/uevent");
	write_file(path, "DEVTYPE=method\n");
	*strrchr(path, '/') = '\0';
	strcat(path, "/object_id");
	write_file(path, "AA\n");
}

/*
 * Rules for the same calls of two devices that are aliases on this machine
 * (one mapper, one object id): refused as load refuses them, with both
 * lines; on a machine without the alias, or for another machine's bMOF
 * (--mof), the same file is fine.
 */
static void aliases(void **state)
{
	static const char *const devs[] = { "FE733490-2E22-4EDB-A7B5-BC248874D383",
					    "DD403024-1BE9-4DDC-93D5-AFA116B0A2ED" };
	char sys[160], path[PATH_MAX], policy[160], errs[160], out[1024] = "";
	char *files[] = { policy };
	struct fx *b = fx_acme_blob(true);
	int saved, fd, ret;
	size_t i;
	FILE *f;

	(void)state;
	snprintf(sys, sizeof(sys), "%s/alias-sys", dir);
	snprintf(policy, sizeof(policy), "%s/both.yaml", dir);
	snprintf(errs, sizeof(errs), "%s/errors", dir);
	snprintf(path, sizeof(path), "%s/bus/wmi/devices", sys);
	for (char *p = path + strlen(dir) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		assert_int_equal(mkdir(path, 0755), 0);
		*p = '/';
	}
	assert_int_equal(mkdir(path, 0755), 0);
	for (i = 0; i < 2; i++)
		method_device(sys, devs[i]);
	snprintf(out, sizeof(out), "name: both\ndevice: all\nrules:\n"
		 "  - device: %s\n    method: 2\n    action: deny\n"
		 "  - device: %s\n    method: 2\n    action: allow\n", devs[0], devs[1]);
	write_file(policy, out);

	fflush(stderr);
	saved = dup(2);
	fd = open(errs, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(saved >= 0 && fd >= 0);
	dup2(fd, 2);
	close(fd);
	ret = check_on(files, 1, sys, NULL);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	assert_int_equal(ret, EXIT_BAD_POLICY);
	f = fopen(errs, "r");
	assert_non_null(f);
	out[fread(out, 1, sizeof(out) - 1, f)] = '\0';
	fclose(f);
	if (!strstr(out, "both.yaml:7: this rule and the one at line 4 are for the same calls: "
			 "their devices are aliases on this machine"))
		fail_msg("not the error load gives: %s", out);

	/* Where they are not aliases, and for another machine, nothing to refuse. */
	assert_int_equal(check(files, 1), EXIT_OK);
	snprintf(path, sizeof(path), "%s/acme.bmof", dir);
	write_bytes(path, b->d, b->len);
	fx_free(b);
	assert_int_equal(check_on(files, 1, sys, path), EXIT_OK);

	unlink(path);
	unlink(policy);
	unlink(errs);
	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/bus/wmi/devices/%s/uevent", sys, devs[i]);
		unlink(path);
		*strrchr(path, '/') = '\0';
		strcat(path, "/object_id");
		unlink(path);
		*strrchr(path, '/') = '\0';
		rmdir(path);
	}
	snprintf(path, sizeof(path), "%s/bus/wmi/devices", sys);
	for (i = 0; i < 4; i++) {
		rmdir(path);
		*strrchr(path, '/') = '\0';
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(exit_status),
		cmocka_unit_test(objects),
		cmocka_unit_test(names),
		cmocka_unit_test(blob_error_escaped),
		cmocka_unit_test(bmof_denied),
		cmocka_unit_test(aliases),
	};

	return cmocka_run_group_tests_name("check", tests, setup, teardown);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * wmibpf devices (loader/cmd_devices.c) on a made-up sysfs: columns fit
 * the longest driver name, and what sysfs says is shown escaped. The
 * policy store is stubbed: no bpffs here, so policies show as unknown.
 */

#include <errno.h>
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

#include "store.h"
#include "wmibpf.h"

int store_list(const char *bpffs, char ***names, size_t *nr)
{
	(void)bpffs;
	*names = NULL;
	*nr = 0;
	return -EACCES;
}

int store_read_meta(const char *bpffs, const char *name, struct wmi_policy_meta *meta)
{
	(void)bpffs;
	(void)name;
	(void)meta;
	return -ENOENT;
}

static char root[] = "/tmp/wmibpf-sysfs-XXXXXX";

static void put(const char *dev, const char *attr, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/bus/wmi/devices/%s/%s", root, dev, attr);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void device(const char *name, const char *kind, const char *driver, const char *claimed,
		   const char *shared)
{
	char path[256], target[256];

	snprintf(path, sizeof(path), "%s/bus/wmi/devices/%s", root, name);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "DEVTYPE=%s\n", kind);
	put(name, "uevent", path);
	put(name, "instance_count", "1\n");
	put(name, "object_id", "BC\n");
	if (claimed)
		put(name, "claimed_methods", claimed);
	if (shared)
		put(name, "shared_methods", shared);
	if (driver) {
		snprintf(path, sizeof(path), "%s/bus/wmi/devices/%s/driver", root, name);
		snprintf(target, sizeof(target), "../../../bus/wmi/drivers/%s", driver);
		assert_int_equal(symlink(target, path), 0);
	}
}

static int setup(void **state)
{
	char path[256];

	(void)state;
	if (!mkdtemp(root))
		return -1;
	snprintf(path, sizeof(path), "%s/bus", root);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/bus/wmi", root);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/bus/wmi/devices", root);
	mkdir(path, 0700);
	device("8D9DDCBC-A997-11DA-B012-B622A1EF5492", "method", "dell-wmi-descriptor", NULL, NULL);
	device("FE733490-2E22-4EDB-A7B5-BC248874D383", "method", "acme-wmi", "2 4\n", "1 3 5\n");
	device("AD81FA8F-3A66-4C67-B111-78F81C9633B3", "method", "wmi-testdrv", "\n", "all\n");
	device("1E8FEC9B-04A5-4ED1-B79D-B77EF1152878", "data", "evil\x1b[2Jdrv", NULL, NULL);
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	return system(cmd);
}

/* Run `wmibpf devices` on the made-up sysfs; its output, malloc()ed. */
static char *run_devices_as(bool json)
{
	struct cli cli = { .sysfs = root, .bpffs = "/nonexistent/bpf", .devdir = "/nonexistent",
			   .json = json };
	struct app a = { .cli = &cli };
	char path[] = "/tmp/wmibpf-out-XXXXXX", *text;
	int fd = mkstemp(path), saved = dup(1);
	long size;
	FILE *f;

	assert_true(fd >= 0 && saved >= 0);
	fflush(stdout);
	dup2(fd, 1);
	json_init(&a.json, stdout, false);
	assert_int_equal(cmd_devices(&a), EXIT_OK);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	close(fd);
	f = fopen(path, "r");
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	text = calloc(1, size + 1);
	assert_int_equal(fread(text, 1, size, f), size);
	fclose(f);
	unlink(path);
	return text;
}

static char *run_devices(void)
{
	return run_devices_as(false);
}

static void columns_fit(void **state)
{
	char *out = run_devices(), *line, *save = NULL;
	size_t col = 0;

	(void)state;
	/* Every line has CLAIMED where the header has it: nothing overflowed. */
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!col) {
			col = strstr(line, "CLAIMED") - line;
			continue;
		}
		assert_true(strlen(line) > col);
		assert_true(line[col - 1] == ' ' && line[col] != ' ');
		if (strstr(line, "dell-wmi-descriptor"))
			assert_non_null(strstr(line, "dell-wmi-descriptor -"));
	}
	assert_true(col > 0);
	free(out);
}

static void escaped(void **state)
{
	char *out = run_devices();

	(void)state;
	assert_non_null(strstr(out, " evil\\x1b[2Jdrv "));
	assert_null(strchr(out, '\x1b'));
	/* Policies cannot be known without bpffs: '?', not '-'. */
	assert_non_null(strstr(out, " acme-wmi "));
	assert_non_null(strstr(out, " ?\n"));
	free(out);
}

/* Each driver's shared methods, under SHARED and in JSON; "all" as such. */
static void shared_shown(void **state)
{
	char *out = run_devices(), *line;
	size_t col;

	(void)state;
	col = strstr(out, "SHARED") - out;
	line = strstr(out, "FE733490");
	assert_non_null(line);
	assert_int_equal(strncmp(line + col, "1 3 5 ", 6), 0);
	line = strstr(out, "AD81FA8F");
	assert_non_null(line);
	assert_int_equal(strncmp(line + col, "all ", 4), 0);
	free(out);

	out = run_devices_as(true);
	assert_non_null(strstr(out, "\"claimed_methods\":[2,4],\"shared_methods\":[1,3,5]"));
	assert_non_null(strstr(out, "\"claimed_methods\":[],\"shared_methods\":\"all\""));
	assert_non_null(strstr(out, "\"driver\":\"dell-wmi-descriptor\",\"claimed_methods\":[],"
			       "\"shared_methods\":[]"));
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(columns_fit),
		cmocka_unit_test(escaped),
		cmocka_unit_test(shared_shown),
	};

	return cmocka_run_group_tests_name("devices", tests, setup, teardown);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * wmibpf devices (loader/cmd_devices.c) on a made-up sysfs: columns fit
 * the longest driver name, and what sysfs says is shown escaped. The
 * policy snapshot (loader/snapshot.c) is stubbed: no bpffs here, so
 * policies show as unknown.
 * The bus carries the acme fixture's bMOF (tests/unit/bmof_fixture.c),
 * which names the classes of two of its GUIDs; other buses carry a
 * corrupt bMOF, or none.
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

#include "bmof_fixture.h"
#include "cli_run.h"
#include "snapshot.h"
#include "wmibpf.h"

/*
 * bpffs is there, with one policy of this name on every device, or on the
 * device of loaded_guid if set; or not (NULL).
 */
static const char *loaded_policy;
static const char *loaded_guid;

int __wrap_bpffs_check(const char *dir)
{
	(void)dir;
	return loaded_policy ? 0 : -ENODEV;
}

int snapshot_read(const char *bpffs, struct snapshot *s)
{
	(void)bpffs;
	memset(s, 0, sizeof(*s));
	if (!loaded_policy)
		return -EACCES;
	s->policies = calloc(1, sizeof(*s->policies));
	assert_non_null(s->policies);
	s->policies[0].name = strdup(loaded_policy);
	assert_non_null(s->policies[0].name);
	s->policies[0].has_meta = true;
	s->policies[0].meta.has_table = true;
	if (loaded_guid) {
		struct wmi_guid g;

		assert_int_equal(wmi_guid_parse(loaded_guid, &g), 0);
		memcpy(s->policies[0].meta.guid, g.b, 16);
	}
	s->nr = 1;
	return 0;
}

void snapshot_free(struct snapshot *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		free(s->policies[i].name);
	free(s->policies);
	memset(s, 0, sizeof(*s));
}

#define BMOF_DEV	"05901221-D566-11D1-B2F0-00A0C9062910"
#define ACME_DEV	"FE733490-2E22-4EDB-A7B5-BC248874D383"
/* AcmeBlob's GUID in lower case: a class names its device whatever the case */
#define BLOB_DEV	"8a2d3c4b-0000-4000-8000-00000000b10b"
#define LED_DEV		"F6E4FE6E-909D-47CB-8BAB-C9F6F2F8D396"
#define EVENT_DEV	"9DBB5994-A997-11DA-B012-B622A1EF5492"
/* An alias of ACME_DEV: a method device of the same mapper with its object id */
#define ALIAS_DEV	"DD403024-1BE9-4DDC-93D5-AFA116B0A2ED"

/* The bus with acme's bMOF; one whose bMOF is corrupt; one with none. */
static char root[] = "/tmp/wmibpf-sysfs-XXXXXX";
static char root_corrupt[] = "/tmp/wmibpf-sysfs-corrupt-XXXXXX";
static char root_none[] = "/tmp/wmibpf-sysfs-none-XXXXXX";

static void put_bytes(const char *top, const char *dev, const char *attr, const void *p,
		      size_t len)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/bus/wmi/devices/%s/%s", top, dev, attr);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static void put(const char *top, const char *dev, const char *attr, const char *text)
{
	put_bytes(top, dev, attr, text, strlen(text));
}

static void device_on(const char *top, const char *name, const char *kind, const char *driver,
		      const char *claimed, const char *shared)
{
	char path[256], target[256];

	snprintf(path, sizeof(path), "%s/bus/wmi/devices/%s", top, name);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "DEVTYPE=%s\n", kind);
	put(top, name, "uevent", path);
	put(top, name, "instance_count", "1\n");
	put(top, name, "object_id", "BC\n");
	if (claimed)
		put(top, name, "claimed_methods", claimed);
	if (shared)
		put(top, name, "shared_methods", shared);
	if (driver) {
		snprintf(path, sizeof(path), "%s/bus/wmi/devices/%s/driver", top, name);
		snprintf(target, sizeof(target), "../../../bus/wmi/drivers/%s", driver);
		assert_int_equal(symlink(target, path), 0);
	}
}

static void device(const char *name, const char *kind, const char *driver, const char *claimed,
		   const char *shared)
{
	device_on(root, name, kind, driver, claimed, shared);
}

/* The bMOF device of top, carrying blob as the wmi-bmof driver shows it. */
static void bmof_device(const char *top, const struct fx *blob)
{
	device_on(top, BMOF_DEV, "data", "wmi-bmof", NULL, NULL);
	put_bytes(top, BMOF_DEV, "bmof", blob->d, blob->len);
}

static int make_bus(char *top)
{
	const char *const dirs[] = { "/bus", "/bus/wmi", "/bus/wmi/devices" };
	char path[256];
	size_t i;

	if (!mkdtemp(top))
		return -1;
	for (i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s%s", top, dirs[i]);
		if (mkdir(path, 0700))
			return -1;
	}
	return 0;
}

static int setup(void **state)
{
	struct fx *acme = fx_acme_blob(true);

	(void)state;
	if (make_bus(root) || make_bus(root_corrupt) || make_bus(root_none))
		return -1;
	device("8D9DDCBC-A997-11DA-B012-B622A1EF5492", "method", "dell-wmi-descriptor", NULL, NULL);
	device(ACME_DEV, "method", "acme-wmi", "2 4\n", "1 3 5\n");
	device("AD81FA8F-3A66-4C67-B111-78F81C9633B3", "method", "wmi-testdrv", "\n", "all\n");
	device("1E8FEC9B-04A5-4ED1-B79D-B77EF1152878", "data", "evil\x1b[2Jdrv", NULL, NULL);
	put(root, "1E8FEC9B-04A5-4ED1-B79D-B77EF1152878", "claimed", "1\n");
	device(BLOB_DEV, "data", NULL, NULL, NULL);
	put(root, BLOB_DEV, "claimed", "0\n");
	device(EVENT_DEV, "event", "dell-wmi", NULL, NULL);
	put(root, EVENT_DEV, "guid_users", "toshiba_acpi\n");
	device(LED_DEV, "method", NULL, NULL, NULL);
	put(root, ACME_DEV, "object_id", "AA\n");
	device(ALIAS_DEV, "method", NULL, NULL, NULL);
	put(root, ALIAS_DEV, "object_id", "AA\n");
	put(root, LED_DEV, "guid_users", "dell_wmi_led\nwmi_guid_user\n");
	bmof_device(root, acme);

	device_on(root_corrupt, ACME_DEV, "method", "acme-wmi", NULL, NULL);
	acme->d[0] = 'X';
	bmof_device(root_corrupt, acme);

	device_on(root_none, ACME_DEV, "method", "acme-wmi", NULL, NULL);
	fx_free(acme);
	return 0;
}

static int teardown(void **state)
{
	char cmd[256];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s %s %s", root, root_corrupt, root_none);
	return system(cmd);
}

/*
 * Run `wmibpf devices` on the made-up sysfs top: it must exit 0. Its
 * output, malloc()ed; its stderr too if err is not NULL.
 */
static char *run_devices_on(const char *top, bool json, char **err)
{
	struct cli cli = { .sysfs = top, .bpffs = "/nonexistent/bpf", .devdir = "/nonexistent",
			   .json = json };
	struct app a = { .cli = &cli };
	char *text, *errtext;

	assert_int_equal(cli_capture(cmd_devices, &a, &text, &errtext), EXIT_OK);
	if (err)
		*err = errtext;
	else
		free(errtext);
	return text;
}

static char *run_devices_as(bool json)
{
	return run_devices_on(root, json, NULL);
}

static char *run_devices(void)
{
	return run_devices_as(false);
}

/* The line of out that starts with device name, as a copy. */
static char *line_of(const char *out, const char *name)
{
	const char *p = out;
	size_t n = strlen(name);

	while (p && strncmp(p, name, n)) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	assert_non_null(p);
	return strndup(p, strcspn(p, "\n"));
}

/* The text under header column col of out's line for name, up to a space. */
static char *column(const char *out, const char *name, const char *col)
{
	char *line = line_of(out, name), *word;
	size_t at = strstr(out, col) - out;

	assert_true(strlen(line) > at && line[at - 1] == ' ');
	word = strndup(line + at, strcspn(line + at, " "));
	free(line);
	return word;
}

/* Out's line for name says want under header column col. */
static void assert_column(const char *out, const char *name, const char *col, const char *want)
{
	char *word = column(out, name, col);

	assert_string_equal(word, want);
	free(word);
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
		/* DRIVER is as wide as its longest value, the LED's two users */
		if (strstr(line, LED_DEV))
			assert_non_null(strstr(line, "dell_wmi_led(guid),wmi_guid_user(guid) -"));
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

/* A policy's name is a directory's in bpffs, any byte but '/': escaped too. */
static void policy_escaped(void **state)
{
	char *out;

	(void)state;
	loaded_policy = "e\x1b[2Jvil";
	out = run_devices();
	loaded_policy = NULL;
	assert_non_null(strstr(out, " e\\x1b[2Jvil\n"));
	assert_null(strchr(out, '\x1b'));
	assert_null(strstr(out, " ?\n"));
	free(out);
}

/* The firmware's object id (any two bytes) is escaped too. */
static void id_escaped(void **state)
{
	char *out;

	(void)state;
	put(root, ACME_DEV, "object_id", "\x1b[\n");
	out = run_devices();
	put(root, ACME_DEV, "object_id", "AA\n");
	assert_non_null(strstr(out, " \\x1b[ "));
	assert_null(strchr(out, '\x1b'));
	free(out);
}

/*
 * A policy's name may hold a comma: in JSON it stays one name (the list
 * was split at commas), in text the list is comma separated as before.
 */
static void policy_comma(void **state)
{
	char *out;

	(void)state;
	loaded_policy = "fan,quiet";
	out = run_devices_as(true);
	assert_non_null(strstr(out, "\"policies\":[\"fan,quiet\"]"));
	free(out);
	out = run_devices();
	loaded_policy = NULL;
	assert_column(out, ACME_DEV, "POLICIES", "fan,quiet");
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

/* A data block its driver claims: "block" under CLAIMED, and in JSON. */
static void block_claimed(void **state)
{
	char *out = run_devices();

	(void)state;
	assert_column(out, "1E8FEC9B", "CLAIMED", "block");
	assert_column(out, BLOB_DEV, "CLAIMED", "-");
	free(out);

	out = run_devices_as(true);
	assert_non_null(strstr(out, "\"device\":\"1E8FEC9B-04A5-4ED1-B79D-B77EF1152878\","));
	assert_non_null(strstr(out, "\"setable\":false,\"claimed\":true,"));
	assert_non_null(strstr(out, "\"setable\":false,\"claimed\":false,"));
	free(out);
}

/*
 * Modules using a device by GUID, after its driver under DRIVER, marked
 * "(guid)", and in JSON; a device nobody uses by GUID has [].
 */
static void guid_users_shown(void **state)
{
	char *out = run_devices();

	(void)state;
	assert_column(out, LED_DEV, "DRIVER", "dell_wmi_led(guid),wmi_guid_user(guid)");
	assert_column(out, EVENT_DEV, "DRIVER", "dell-wmi,toshiba_acpi(guid)");
	assert_column(out, "AD81FA8F", "DRIVER", "wmi-testdrv");
	free(out);

	out = run_devices_as(true);
	assert_non_null(strstr(out, "\"device\":\"" LED_DEV "\","));
	assert_non_null(strstr(out, "\"driver\":null,\"claimed_methods\":[],\"shared_methods\":[],"
			       "\"guid_users\":[\"dell_wmi_led\",\"wmi_guid_user\"]"));
	assert_non_null(strstr(out, "\"driver\":\"dell-wmi\",\"guid_users\":[\"toshiba_acpi\"]"));
	assert_non_null(strstr(out, "\"shared_methods\":\"all\",\"guid_users\":[],"));
	free(out);
}

/*
 * A policy bound to a device acts on its aliases too (the kernel runs it
 * for calls through either): POLICIES says so on both, and on no other.
 */
static void alias_policies(void **state)
{
	const char *guids[] = { ACME_DEV, ALIAS_DEV };
	char *out;
	size_t i;

	(void)state;
	loaded_policy = "fan";
	for (i = 0; i < 2; i++) {
		loaded_guid = guids[i];
		out = run_devices();
		assert_column(out, ACME_DEV, "POLICIES", "fan");
		assert_column(out, ALIAS_DEV, "POLICIES", "fan");
		assert_column(out, LED_DEV, "POLICIES", "-");
		free(out);
	}
	loaded_guid = NULL;
	loaded_policy = NULL;
}

/* The class whose guid is the device's, under CLASS and in JSON; "-" if none. */
static void class_named(void **state)
{
	char *out, *err, *col;

	(void)state;
	out = run_devices_on(root, false, &err);
	assert_string_equal(err, "");
	col = column(out, "DEVICE", "CLASS");
	assert_string_equal(col, "CLASS");
	free(col);
	col = column(out, ACME_DEV, "CLASS");
	assert_string_equal(col, "AcmeFan");
	free(col);
	col = column(out, BLOB_DEV, "CLASS");
	assert_string_equal(col, "AcmeBlob");
	free(col);
	/* no class has its GUID: the bMOF device itself, Dell's descriptor */
	col = column(out, BMOF_DEV, "CLASS");
	assert_string_equal(col, "-");
	free(col);
	col = column(out, "8D9DDCBC-A997-11DA-B012-B622A1EF5492", "CLASS");
	assert_string_equal(col, "-");
	free(col);
	free(out);
	free(err);

	out = run_devices_on(root, true, &err);
	assert_string_equal(err, "");
	assert_non_null(strstr(out, "{\"device\":\"" ACME_DEV "\",\"guid\":\"" ACME_DEV "\","
			       "\"class\":\"AcmeFan\",\"kind\":\"method\","));
	assert_non_null(strstr(out, "{\"device\":\"" BLOB_DEV "\",\"guid\":"
			       "\"8A2D3C4B-0000-4000-8000-00000000B10B\",\"class\":\"AcmeBlob\","));
	assert_non_null(strstr(out, "{\"device\":\"" BMOF_DEV "\",\"guid\":\"" BMOF_DEV "\","
			       "\"class\":null,"));
	free(out);
	free(err);
}

/* A bMOF that does not decode: no names, a note naming it, still exit 0. */
static void class_corrupt(void **state)
{
	char *out, *err, *col, want[512];

	(void)state;
	snprintf(want, sizeof(want), "wmibpf: %s/bus/wmi/devices/" BMOF_DEV "/bmof: bmof: "
		 "no FOMB magic at offset 0 (class names from it not shown)\n", root_corrupt);
	out = run_devices_on(root_corrupt, false, &err);
	assert_string_equal(err, want);
	col = column(out, ACME_DEV, "CLASS");
	assert_string_equal(col, "-");
	free(col);
	free(out);
	free(err);

	out = run_devices_on(root_corrupt, true, &err);
	assert_string_equal(err, want);
	assert_non_null(strstr(out, "\"guid\":\"" ACME_DEV "\",\"class\":null,"));
	assert_null(strstr(out, "AcmeFan"));
	free(out);
	free(err);
}

/* No bMOF on the bus: no names, and nothing to say about it. */
static void class_no_bmof(void **state)
{
	char *out, *err, *col;

	(void)state;
	out = run_devices_on(root_none, false, &err);
	assert_string_equal(err, "");
	col = column(out, ACME_DEV, "CLASS");
	assert_string_equal(col, "-");
	free(col);
	free(out);
	free(err);

	out = run_devices_on(root_none, true, &err);
	assert_string_equal(err, "");
	assert_non_null(strstr(out, "\"class\":null,"));
	free(out);
	free(err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(columns_fit),
		cmocka_unit_test(escaped),
		cmocka_unit_test(policy_escaped),
		cmocka_unit_test(id_escaped),
		cmocka_unit_test(policy_comma),
		cmocka_unit_test(shared_shown),
		cmocka_unit_test(block_claimed),
		cmocka_unit_test(guid_users_shown),
		cmocka_unit_test(alias_policies),
		cmocka_unit_test(class_named),
		cmocka_unit_test(class_corrupt),
		cmocka_unit_test(class_no_bmof),
	};

	return cmocka_run_group_tests_name("devices", tests, setup, teardown);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * wmibpf mof (loader/cmd_mof.c): a blob file as MOF text and JSON, and a
 * made-up sysfs (as test_devices.c makes one, given by cli.sysfs) with two
 * bMOF devices and the acme device, on which the merged output marks
 * AcmeFan present and AcmeBlob and a class without a guid not. Blobs are
 * built by tests/unit/bmof_fixture.c.
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

#include "bmof.h"
#include "bmof_fixture.h"
#include "cli_run.h"
#include "wmibpf.h"

#define BMOF_DEV	"05901221-D566-11D1-B2F0-00A0C9062910"
/* lower case: a class's GUID matches its device whatever the case */
#define ACME_DEV	"fe733490-2e22-4edb-a7b5-bc248874d383"

/* The bus with two bMOFs and acme; one with a corrupt bMOF; one with none. */
static char root[] = "/tmp/wmibpf-mof-XXXXXX";
static char root_corrupt[] = "/tmp/wmibpf-mof-corrupt-XXXXXX";
static char root_empty[] = "/tmp/wmibpf-mof-empty-XXXXXX";
static char files[] = "/tmp/wmibpf-mof-files-XXXXXX";

static void put(const char *dir, const char *name, const struct fx *blob)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(blob->d, 1, blob->len, f), blob->len);
	assert_int_equal(fclose(f), 0);
}

/* A device directory; its bmof attribute too if blob is not NULL. */
static void device(const char *top, const char *name, const struct fx *blob)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/bus/wmi/devices/%s", top, name);
	assert_int_equal(mkdir(path, 0700), 0);
	if (blob)
		put(path, "bmof", blob);
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

/* A class with no guid qualifier: it can be on no device. */
static struct fx *no_guid_blob(void)
{
	struct fx *data, *blob;

	data = fx_root(fx_object(0, fx_list(fx_qualifier("WMI", BMOF_BOOLEAN, fx_bool(true)), NULL),
				 fx_list(fx_property("__CLASS", BMOF_STRING, fx_str("AcmeNoGuid"), NULL),
					 NULL),
				 NULL),
		       NULL);
	blob = fx_fomb(fx_ds(data, false), data->len);
	fx_free(data);
	return blob;
}

static struct fx *corrupt_blob(void)
{
	struct fx *blob = fx_acme_blob(true);

	blob->d[0] = 'X';
	return blob;
}

static int setup(void **state)
{
	struct fx *acme = fx_acme_blob(true), *noguid = no_guid_blob(), *bad = corrupt_blob();

	(void)state;
	if (make_bus(root) || make_bus(root_corrupt) || make_bus(root_empty) || !mkdtemp(files))
		return -1;
	device(root, BMOF_DEV, acme);
	device(root, BMOF_DEV "-1", noguid);
	device(root, ACME_DEV, NULL);
	device(root_corrupt, BMOF_DEV, acme);
	device(root_corrupt, BMOF_DEV "-1", bad);
	device(root_empty, ACME_DEV, NULL);
	put(files, "acme.bmf", acme);
	put(files, "corrupt.bmf", bad);
	put(files, "noguid.bmf", noguid);
	fx_free(acme);
	fx_free(noguid);
	fx_free(bad);
	return 0;
}

static int teardown(void **state)
{
	char cmd[256];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s %s %s %s", root, root_corrupt, root_empty, files);
	return system(cmd);
}

struct run {
	int rc;
	char *out;	/* stdout, malloc()ed */
	char *err;	/* stderr, malloc()ed */
};

/* `wmibpf [--json] mof [target]` on the sysfs at top. */
static struct run run_cli(struct cli *cli)
{
	struct app a = { .cli = cli };
	struct run r;

	r.rc = cli_capture(cmd_mof, &a, &r.out, &r.err);
	return r;
}

static struct run mof(const char *top, const char *target, bool json)
{
	struct cli cli = { .sysfs = top, .target = target, .json = json };

	return run_cli(&cli);
}

/* wmibpf mof FILE FILE...: the cli as mof_args leaves it. */
static struct run mof_files(char **paths, size_t n, bool json)
{
	struct cli cli = { .sysfs = root, .target = paths[0], .json = json, .files = paths,
			   .nr_files = n };

	return run_cli(&cli);
}

static void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
}

static void file_path(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", files, name);
}

static const char acme_mof[] =
	"#pragma namespace(\"root\\\\wmi\")\n"
	"\n"
	"[WMI, Dynamic, guid(\"{fe733490-2e22-4edb-a7b5-bc248874d383}\"), "
	"Description(\"Acme fan control\") : Amended ToSubclass]\n"
	"class AcmeFan\n"
	"{\n"
	"  [key, read] string InstanceName;\n"
	"  [read] boolean Active;\n"
	"  [WmiDataId(1)] uint32 Speed;\n"
	"  [WmiDataId(2), MAX(16)] uint8 Levels[];\n"
	"  [WmiDataId(3)] sint16 Temp;\n"
	"  [WmiDataId(4)] uint64 Serial;\n"
	"  [WmiDataId(5)] string Names[];\n"
	"  [WmiMethodId(1), Implemented] void GetSpeed([In, ID(0)] uint32 Fan, "
	"[Out, ID(1)] uint32 Speed);\n"
	"  [WmiMethodId(6), Implemented, Description(\"Sets the fan profile\")] uint32 "
	"SetProfile([In, ID(0)] uint32 Profile, [In, Out, ID(1)] uint8 Data[]);\n"
	"  [WmiMethodId(7), Implemented] void Reset();\n"
	"  [WmiMethodId(8), Implemented] void SetBlob([In, ID(0)] AcmeBlob Blob);\n"
	"};\n"
	"\n"
	"[WMI, guid(\"{8A2D3C4B-0000-4000-8000-00000000B10B}\")]\n"
	"class AcmeBlob\n"
	"{\n"
	"  [WmiDataId(1), MAX(32)] uint8 Bytes[];\n"
	"};\n"
	"\n"
	"instance of AcmeFan\n"
	"{\n"
	"  InstanceName = \"ACPI\\\\PNP0C14\\\\0_0\";\n"
	"  Speed = 1200;\n"
	"  Levels = {1, 2, 3};\n"
	"  Names = {\"quiet\", \"loud\"};\n"
	"  Active = TRUE;\n"
	"};\n"
	"\n";

/* The JSON of AcmeFan but its closing brace, then of AcmeBlob, the instance. */
#define ACME_FAN_JSON \
	"{\"name\":\"AcmeFan\",\"guid\":\"FE733490-2E22-4EDB-A7B5-BC248874D383\"," \
	"\"qualifiers\":{\"WMI\":true,\"Dynamic\":true," \
	"\"guid\":\"{fe733490-2e22-4edb-a7b5-bc248874d383}\",\"Description\":\"Acme fan control\"}," \
	"\"properties\":[{\"name\":\"InstanceName\",\"type\":\"string\",\"array\":false}," \
	"{\"name\":\"Active\",\"type\":\"boolean\",\"array\":false}," \
	"{\"name\":\"Speed\",\"type\":\"uint32\",\"array\":false}," \
	"{\"name\":\"Levels\",\"type\":\"uint8\",\"array\":true}," \
	"{\"name\":\"Temp\",\"type\":\"sint16\",\"array\":false}," \
	"{\"name\":\"Serial\",\"type\":\"uint64\",\"array\":false}," \
	"{\"name\":\"Names\",\"type\":\"string\",\"array\":true}]," \
	"\"methods\":[{\"name\":\"GetSpeed\",\"id\":1,\"returns\":\"void\",\"params\":[" \
	"{\"name\":\"Fan\",\"type\":\"uint32\",\"direction\":\"in\",\"id\":0,\"array\":false}," \
	"{\"name\":\"Speed\",\"type\":\"uint32\",\"direction\":\"out\",\"id\":1,\"array\":false}]}," \
	"{\"name\":\"SetProfile\",\"id\":6,\"returns\":\"uint32\",\"params\":[" \
	"{\"name\":\"Profile\",\"type\":\"uint32\",\"direction\":\"in\",\"id\":0,\"array\":false}," \
	"{\"name\":\"Data\",\"type\":\"uint8\",\"direction\":\"inout\",\"id\":1,\"array\":true}]}," \
	"{\"name\":\"Reset\",\"id\":7,\"returns\":\"void\",\"params\":[]}," \
	"{\"name\":\"SetBlob\",\"id\":8,\"returns\":\"void\",\"params\":[" \
	"{\"name\":\"Blob\",\"type\":\"AcmeBlob\",\"direction\":\"in\",\"id\":0,\"array\":false}]}]"
#define ACME_BLOB_JSON \
	"{\"name\":\"AcmeBlob\",\"guid\":\"8A2D3C4B-0000-4000-8000-00000000B10B\"," \
	"\"qualifiers\":{\"WMI\":true,\"guid\":\"{8A2D3C4B-0000-4000-8000-00000000B10B}\"}," \
	"\"properties\":[{\"name\":\"Bytes\",\"type\":\"uint8\",\"array\":true}],\"methods\":[]"
#define ACME_INSTANCES_JSON \
	"\"instances\":[{\"name\":\"AcmeFan\",\"guid\":null,\"qualifiers\":{},\"properties\":[" \
	"{\"name\":\"InstanceName\",\"type\":\"string\",\"array\":false," \
	"\"value\":\"ACPI\\\\PNP0C14\\\\0_0\"}," \
	"{\"name\":\"Speed\",\"type\":\"uint32\",\"array\":false,\"value\":1200}," \
	"{\"name\":\"Levels\",\"type\":\"uint8\",\"array\":true,\"value\":[1,2,3]}," \
	"{\"name\":\"Names\",\"type\":\"string\",\"array\":true,\"value\":[\"quiet\",\"loud\"]}," \
	"{\"name\":\"Active\",\"type\":\"boolean\",\"array\":false,\"value\":true}]}]"

static void file_text(void **state)
{
	char path[256];
	struct run r;

	(void)state;
	file_path(path, sizeof(path), "acme.bmf");
	r = mof(root, path, false);
	assert_int_equal(r.rc, EXIT_OK);
	assert_string_equal(r.out, acme_mof);
	assert_string_equal(r.err, "");
	run_free(&r);
}

/* The schema: no bus fields for a file, which belongs to no bus. */
static void file_json(void **state)
{
	char path[256];
	struct run r;

	(void)state;
	file_path(path, sizeof(path), "acme.bmf");
	r = mof(root, path, true);
	assert_int_equal(r.rc, EXIT_OK);
	assert_string_equal(r.out, "{\"classes\":[" ACME_FAN_JSON "}," ACME_BLOB_JSON "}],"
			    ACME_INSTANCES_JSON "}\n");
	assert_string_equal(r.err, "");
	run_free(&r);
}

/* A device named in any case: its bmof, each class marked by the bus. */
static void device_text(void **state)
{
	struct run r = mof(root, "05901221-d566-11d1-b2f0-00a0c9062910", false);

	(void)state;
	assert_int_equal(r.rc, EXIT_OK);
	assert_string_equal(r.err, "");
	assert_non_null(strstr(r.out, "#pragma namespace(\"root\\\\wmi\")\n\n"
				  "// on the WMI bus: " ACME_DEV "; bmof: " BMOF_DEV "\n"
				  "[WMI, Dynamic, guid("));
	assert_non_null(strstr(r.out, "};\n\n// not on the WMI bus; bmof: " BMOF_DEV "\n"
				  "[WMI, guid(\"{8A2D3C4B-0000-4000-8000-00000000B10B}\")]\n"
				  "class AcmeBlob\n"));
	/* instances are not classes: no note */
	assert_non_null(strstr(r.out, "};\n\ninstance of AcmeFan\n"));
	/* only this device's bmof */
	assert_null(strstr(r.out, "AcmeNoGuid"));
	run_free(&r);
}

static void device_json(void **state)
{
	struct run r = mof(root, BMOF_DEV "-1", true);

	(void)state;
	assert_int_equal(r.rc, EXIT_OK);
	assert_string_equal(r.out, "{\"classes\":[{\"name\":\"AcmeNoGuid\",\"guid\":null,"
			    "\"qualifiers\":{\"WMI\":true},\"properties\":[],\"methods\":[],"
			    "\"devices\":[],\"present\":false,\"bmof\":\"" BMOF_DEV "-1\"}]}\n");
	run_free(&r);
}

/* Every bmof on the bus, merged in device order, each class marked. */
static void all_json(void **state)
{
	struct run r = mof(root, NULL, true);

	(void)state;
	assert_int_equal(r.rc, EXIT_OK);
	assert_string_equal(r.err, "");
	assert_string_equal(r.out, "{\"classes\":["
			    ACME_FAN_JSON ",\"devices\":[\"" ACME_DEV "\"],\"present\":true,"
			    "\"bmof\":\"" BMOF_DEV "\"},"
			    ACME_BLOB_JSON ",\"devices\":[],\"present\":false,"
			    "\"bmof\":\"" BMOF_DEV "\"},"
			    "{\"name\":\"AcmeNoGuid\",\"guid\":null,\"qualifiers\":{\"WMI\":true},"
			    "\"properties\":[],\"methods\":[],\"devices\":[],\"present\":false,"
			    "\"bmof\":\"" BMOF_DEV "-1\"}],"
			    ACME_INSTANCES_JSON "}\n");
	run_free(&r);
}

static void all_text(void **state)
{
	struct run r = mof(root, NULL, false);
	const char *fan, *blob, *noguid;

	(void)state;
	assert_int_equal(r.rc, EXIT_OK);
	fan = strstr(r.out, "// on the WMI bus: " ACME_DEV "; bmof: " BMOF_DEV "\n[WMI, Dynamic");
	blob = strstr(r.out, "// not on the WMI bus; bmof: " BMOF_DEV "\n[WMI, guid(");
	noguid = strstr(r.out, "};\n\n// not on the WMI bus; bmof: " BMOF_DEV "-1\n[WMI]\n"
			       "class AcmeNoGuid\n{\n};\n\n");
	assert_true(fan && blob && noguid);
	assert_true(fan < blob && blob < noguid);
	run_free(&r);
}

/* A corrupt bmof is named, with the decoder's error; the others still shown. */
static void all_with_corrupt(void **state)
{
	struct run r = mof(root_corrupt, NULL, false);
	char want[256];

	(void)state;
	assert_int_equal(r.rc, EXIT_FAILED);
	snprintf(want, sizeof(want), "wmibpf: %s/bus/wmi/devices/" BMOF_DEV "-1/bmof: bmof: "
		 "no FOMB magic at offset 0\n", root_corrupt);
	assert_string_equal(r.err, want);
	assert_non_null(strstr(r.out, "class AcmeFan\n"));
	run_free(&r);
}

static void none_on_the_bus(void **state)
{
	struct run r = mof(root_empty, NULL, true);
	char want[256];

	(void)state;
	assert_int_equal(r.rc, EXIT_NOT_FOUND);
	assert_string_equal(r.out, "");
	snprintf(want, sizeof(want), "wmibpf: no bmof under %s/bus/wmi/devices ", root_empty);
	assert_non_null(strstr(r.err, want));
	run_free(&r);

	/* no WMI bus at all */
	r = mof("/nonexistent", NULL, false);
	assert_int_equal(r.rc, EXIT_NOT_FOUND);
	assert_non_null(strstr(r.err, "/nonexistent/bus/wmi/devices: No such file or directory"));
	run_free(&r);
}

static void device_errors(void **state)
{
	char want[256];
	struct run r;

	(void)state;
	r = mof(root, "FE733490-2E22-4EDB-A7B5-BC248874D383", false);
	assert_int_equal(r.rc, EXIT_NOT_FOUND);
	assert_string_equal(r.out, "");
	snprintf(want, sizeof(want), "wmibpf: %s/bus/wmi/devices/" ACME_DEV "/bmof: "
		 "No such file or directory (", root);
	assert_non_null(strstr(r.err, want));
	run_free(&r);

	r = mof(root, BMOF_DEV "-2", false);
	assert_int_equal(r.rc, EXIT_NOT_FOUND);
	snprintf(want, sizeof(want), "wmibpf: %s/bus/wmi/devices/" BMOF_DEV "-2: "
		 "No such file or directory (no such WMI device)\n", root);
	assert_string_equal(r.err, want);
	run_free(&r);

	r = mof(root_corrupt, BMOF_DEV "-1", true);
	assert_int_equal(r.rc, EXIT_FAILED);
	assert_string_equal(r.out, "");
	assert_non_null(strstr(r.err, "-1/bmof: bmof: no FOMB magic at offset 0\n"));
	run_free(&r);
}

static void file_errors(void **state)
{
	char path[256], want[512];
	struct run r;

	(void)state;
	file_path(path, sizeof(path), "corrupt.bmf");
	r = mof(root, path, false);
	assert_int_equal(r.rc, EXIT_FAILED);
	assert_string_equal(r.out, "");
	snprintf(want, sizeof(want), "wmibpf: %s: bmof: no FOMB magic at offset 0\n", path);
	assert_string_equal(r.err, want);
	run_free(&r);

	/* an empty file (a copy that failed) is said to be empty, not foreign */
	file_path(path, sizeof(path), "empty.bmf");
	put(files, "empty.bmf", &(struct fx){ .len = 0 });
	r = mof(root, path, true);
	assert_int_equal(r.rc, EXIT_FAILED);
	assert_string_equal(r.out, "");
	snprintf(want, sizeof(want), "wmibpf: %s: bmof: empty: 0 bytes, no FOMB magic at "
		 "offset 0\n", path);
	assert_string_equal(r.err, want);
	run_free(&r);

	file_path(path, sizeof(path), "missing.bmf");
	r = mof(root, path, true);
	assert_int_equal(r.rc, EXIT_FAILED);
	assert_string_equal(r.out, "");
	snprintf(want, sizeof(want), "wmibpf: %s: No such file or directory\n", path);
	assert_string_equal(r.err, want);
	run_free(&r);

	/* a directory is no blob, and a FIFO would never end */
	r = mof(root, files, false);
	assert_int_equal(r.rc, EXIT_FAILED);
	snprintf(want, sizeof(want), "wmibpf: %s: not a regular file\n", files);
	assert_string_equal(r.err, want);
	run_free(&r);
}

/*
 * Several FILEs, say each device's bmof copied off a machine: merged in
 * order, each class marked with the file that described it, as the bus's
 * are with their device; one that does not decode is said, and the
 * others are still shown.
 */
static void files_merged(void **state)
{
	char acme[256], noguid[256], corrupt[256], want[8192];
	char *paths[2] = { acme, noguid };
	struct run r;

	(void)state;
	file_path(acme, sizeof(acme), "acme.bmf");
	file_path(noguid, sizeof(noguid), "noguid.bmf");
	file_path(corrupt, sizeof(corrupt), "corrupt.bmf");
	r = mof_files(paths, 2, true);
	assert_int_equal(r.rc, EXIT_OK);
	assert_string_equal(r.err, "");
	snprintf(want, sizeof(want), "{\"classes\":["
		 ACME_FAN_JSON ",\"bmof\":\"%s\"}," ACME_BLOB_JSON ",\"bmof\":\"%s\"},"
		 "{\"name\":\"AcmeNoGuid\",\"guid\":null,\"qualifiers\":{\"WMI\":true},"
		 "\"properties\":[],\"methods\":[],\"bmof\":\"%s\"}]," ACME_INSTANCES_JSON "}\n",
		 acme, acme, noguid);
	assert_string_equal(r.out, want);
	run_free(&r);

	r = mof_files(paths, 2, false);
	assert_int_equal(r.rc, EXIT_OK);
	snprintf(want, sizeof(want), "// bmof: %s\n[WMI, Dynamic, guid(", acme);
	assert_non_null(strstr(r.out, want));
	snprintf(want, sizeof(want), "};\n\n// bmof: %s\n[WMI]\nclass AcmeNoGuid\n{\n};\n", noguid);
	assert_non_null(strstr(r.out, want));
	run_free(&r);

	paths[0] = corrupt;
	r = mof_files(paths, 2, false);
	assert_int_equal(r.rc, EXIT_FAILED);
	snprintf(want, sizeof(want), "wmibpf: %s: bmof: no FOMB magic at offset 0\n", corrupt);
	assert_string_equal(r.err, want);
	assert_null(strstr(r.out, "class AcmeFan"));
	assert_non_null(strstr(r.out, "class AcmeNoGuid\n"));
	run_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(file_text),
		cmocka_unit_test(file_json),
		cmocka_unit_test(device_text),
		cmocka_unit_test(device_json),
		cmocka_unit_test(all_json),
		cmocka_unit_test(all_text),
		cmocka_unit_test(all_with_corrupt),
		cmocka_unit_test(none_on_the_bus),
		cmocka_unit_test(device_errors),
		cmocka_unit_test(file_errors),
		cmocka_unit_test(files_merged),
	};

	return cmocka_run_group_tests_name("mof", tests, setup, teardown);
}

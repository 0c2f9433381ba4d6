// SPDX-License-Identifier: GPL-2.0
/*
 * Policies that say device: Class, method: Class.Method and arg: Name:
 * lowered to the GUID, method id, offset and width the firmware's bMOF
 * gives, to exactly the rules their numeric twins make, and refused at
 * file:line:col when a name is unknown, belongs to another device, is
 * no fixed field of the input, or no bMOF is known.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bmof.h"
#include "mof_bus.h"
#include "mof_names.h"
#include "guid.h"
#include "policy.h"

#define FAN "FE733490-2E22-4EDB-A7B5-BC248874D383"
#define TAG "AD81FA8F-3A66-4C67-B111-78F81C9633B3"

/* Parameters as bmof.c gives them: in ID order. */
#define PARAM(n, t, dir, i)	{ .name = n, .type = t, .direction = BMOF_DIR_##dir, .id = i }

static struct bmof_property level_params[] = {
	PARAM("a", BMOF_UINT8, IN, 0),		/* offset 0 */
	PARAM("b", BMOF_UINT32, IN, 1),		/* 4 */
	PARAM("Status", BMOF_UINT32, OUT, 1),
	PARAM("Flag", BMOF_BOOLEAN, INOUT, 2),	/* 8 */
	PARAM("Wide", BMOF_UINT64, IN, 3),	/* 16 */
	PARAM("Name", BMOF_STRING, IN, 4),	/* 24, its length the caller's */
	PARAM("After", BMOF_UINT32, IN, 5),
};
static union bmof_scalar three = { .u = 3 };
static struct bmof_qualifier max3 = { .name = "MAX", .value = { BMOF_UINT32, 1, &three } };
static struct bmof_property table_params[] = {
	PARAM("Mode", BMOF_UINT8, IN, 0),	/* 0 */
	{ .name = "Table", .type = BMOF_UINT8 | BMOF_ARRAY, .array = true,
	  .direction = BMOF_DIR_IN, .id = 1, .nqualifiers = 1, .qualifiers = &max3 },	/* 1..3 */
	PARAM("Count", BMOF_UINT16, IN, 2),	/* 4 */
};
static struct bmof_property blob_params[] = {
	{ .name = "Data", .type = BMOF_UINT8 | BMOF_ARRAY, .array = true,
	  .direction = BMOF_DIR_IN, .id = 0 },	/* no MAX(n): as long as the caller says */
	PARAM("x", BMOF_UINT32, IN, 1),
};
static union bmof_scalar big = { .u = 40000 };
static struct bmof_qualifier max_big = { .name = "MAX", .value = { BMOF_UINT32, 1, &big } };
static struct bmof_property far_params[] = {
	{ .name = "Big", .type = BMOF_UINT8 | BMOF_ARRAY, .array = true,
	  .direction = BMOF_DIR_IN, .id = 0, .nqualifiers = 1, .qualifiers = &max_big },
	PARAM("Far", BMOF_UINT32, IN, 1),	/* 40000: past what a rule reads */
};
static struct bmof_property speed_params[] = {
	PARAM("Speed", BMOF_REAL32, IN, 0),
};
/*
 * An array whose length another parameter gives: MAX(3) bounds it, but
 * the caller's Count says how many bytes it takes, so Tail moves with it.
 * Were WmiSizeIs ignored, Tail would lower to a fixed offset 4 and a rule
 * would test the wrong bytes of every call with fewer than 3 items.
 */
static union bmof_scalar size_is = { .s = "Count" };
static struct bmof_qualifier max3_size_is[] = {
	{ .name = "MAX", .value = { BMOF_UINT32, 1, &three } },
	{ .name = "WmiSizeIs", .value = { BMOF_STRING, 1, &size_is } },
};
static struct bmof_property sized_params[] = {
	PARAM("Count", BMOF_UINT8, IN, 0),
	{ .name = "Items", .type = BMOF_UINT8 | BMOF_ARRAY, .array = true,
	  .direction = BMOF_DIR_IN, .id = 1, .nqualifiers = 2, .qualifiers = max3_size_is },
	PARAM("Tail", BMOF_UINT32, IN, 2),
};

/*
 * MOF names are case-insensitive, but bmof.c keeps apart names that
 * differ in case: an out Mode must not hide the in mode, and level
 * names two in parameters, so neither's bytes are its.
 */
static struct bmof_property case_params[] = {
	PARAM("Mode", BMOF_UINT32, OUT, 0),
	PARAM("mode", BMOF_UINT16, IN, 0),	/* 0 */
	PARAM("LEVEL", BMOF_UINT32, IN, 1),	/* 4 */
	PARAM("Level", BMOF_UINT8, IN, 2),	/* 8 */
};

static struct bmof_method fan_methods[] = {
	{ .name = "GetProfile", .id = 5 },
	{ .name = "SetProfile", .id = 6 },
	{ .name = "Secret", .id = -1 },
	{ .name = "SetLevel", .id = 7, .nparams = 7, .params = level_params },
	{ .name = "SetTable", .id = 8, .nparams = 3, .params = table_params },
	{ .name = "SetBlob", .id = 9, .nparams = 2, .params = blob_params },
	{ .name = "SetSpeed", .id = 10, .nparams = 1, .params = speed_params },
	{ .name = "SetFar", .id = 11, .nparams = 2, .params = far_params },
	{ .name = "SetSized", .id = 12, .nparams = 3, .params = sized_params },
	{ .name = "SetCase", .id = 13, .nparams = 4, .params = case_params },
};
static struct bmof_method tag_methods[] = {
	{ .name = "SetAssetTag", .id = 1 },
};
static struct bmof_object fan = { .name = "AcmeFan", .guid = FAN, .nmethods = 10,
				  .methods = fan_methods };
static struct bmof_object tag = { .name = "AcmeAssetTag", .guid = TAG, .nmethods = 1,
				  .methods = tag_methods };
static struct bmof_object unbound = { .name = "AcmeNoGuid" };
static struct bmof_object *objects[] = { &fan, &tag, &unbound };
static struct bmof mof = { .nobjects = 3, .objects = objects };
static struct mof_source src = { .name = "acme", .b = &mof };
static const struct policy_names names = { .src = &src, .nsrc = 1,
					   .where = "this machine's bMOF" };

static int parse(const char *text, const struct policy_names *n, struct policy *p, char **err)
{
	return policy_parse_buffer_names("p.yaml", text, strlen(text), n, p, err);
}

/* The same rules, by name and by number. */
static void names_are_numbers(void **state)
{
	static const char by_name[] =
		"name: fan\n"
		"device: AcmeFan\n"
		"rules:\n"
		"  - method: AcmeFan.SetProfile\n"
		"    action: deny\n"
		"  - method: acmefan.getprofile\n"
		"    action: audit\n";
	static const char by_number[] =
		"name: fan\n"
		"device: " FAN "\n"
		"rules:\n"
		"  - method: 6\n"
		"    action: deny\n"
		"  - method: 5\n"
		"    action: audit\n";
	struct policy a, b;
	char *err = NULL;
	size_t i;

	(void)state;
	assert_int_equal(parse(by_name, &names, &a, &err), 0);
	assert_int_equal(parse(by_number, NULL, &b, &err), 0);
	assert_false(a.all_devices);
	assert_memory_equal(&a.device, &b.device, sizeof(a.device));
	assert_int_equal(a.nr_rules, b.nr_rules);
	for (i = 0; i < a.nr_rules; i++) {
		assert_int_equal(a.rules[i].method_id, b.rules[i].method_id);
		assert_int_equal(a.rules[i].any_device, b.rules[i].any_device);
		assert_int_equal(a.rules[i].action, b.rules[i].action);
	}
	policy_free(&a);
	policy_free(&b);
}

/* In a policy for all devices, a method's class says the rule's device. */
static void class_gives_the_device(void **state)
{
	static const char text[] =
		"name: both\n"
		"device: all\n"
		"rules:\n"
		"  - method: AcmeAssetTag.SetAssetTag\n"
		"    action: deny\n"
		"  - device: AcmeFan\n"
		"    method: AcmeFan.SetProfile\n"
		"    action: deny\n"
		"  - device: " FAN "\n"
		"    method: 6\n"
		"    uid: 0\n"
		"    action: deny\n";
	struct policy p;
	struct wmi_guid g;
	char *err = NULL;

	(void)state;
	assert_int_equal(parse(text, &names, &p, &err), 0);
	assert_int_equal(p.nr_rules, 3);
	assert_false(p.rules[0].any_device);
	assert_int_equal(wmi_guid_parse(TAG, &g), 0);
	assert_memory_equal(&p.rules[0].device, &g, sizeof(g));
	assert_int_equal(p.rules[0].method_id, 1);
	assert_int_equal(p.rules[1].any_device, p.rules[2].any_device);
	assert_memory_equal(&p.rules[1].device, &p.rules[2].device, sizeof(g));
	assert_int_equal(p.rules[1].method_id, p.rules[2].method_id);
	policy_free(&p);
}

static const struct {
	const char *text;
	const struct policy_names *names;
	const char *error;
} bad[] = {
	{ "name: x\ndevice: AcmeFan\n", NULL, "p.yaml:2:9: device: 'AcmeFan' is a class name, "
	  "and no bMOF is known here to say what it is (wmibpf check --mof FILE checks against "
	  "a firmware's bMOF)" },
	{ "name: x\ndevice: " FAN "\nrules:\n  - method: AcmeFan.SetProfile\n    action: deny\n",
	  NULL, "p.yaml:4:13: method: 'AcmeFan.SetProfile' is a method name, and no bMOF is "
	  "known here to say what it is (wmibpf check --mof FILE checks against a firmware's "
	  "bMOF)" },
	{ "name: x\ndevice: AcmeFon\n", &names, "p.yaml:2:9: device: no class AcmeFon in this "
	  "machine's bMOF (see wmibpf mof)" },
	{ "name: x\ndevice: AcmeNoGuid\n", &names, "p.yaml:2:9: device: class AcmeNoGuid has "
	  "no guid qualifier: it names no WMI device" },
	{ "name: x\ndevice: Acme-Fan\n", &names, "p.yaml:2:9: device: expected a GUID such as "
	  "FE733490-2E22-4EDB-A7B5-BC248874D383, a class name, or 'all', found 'Acme-Fan'" },
	{ "name: x\ndevice: AcmeFan\nrules:\n  - method: AcmeFan.Spin\n    action: deny\n",
	  &names, "p.yaml:4:13: method: class AcmeFan has no method Spin (see wmibpf mof)" },
	{ "name: x\ndevice: AcmeFan\nrules:\n  - method: AcmeFan.Secret\n    action: deny\n",
	  &names, "p.yaml:4:13: method: AcmeFan.Secret has no WmiMethodId" },
	{ "name: x\ndevice: AcmeFan\nrules:\n  - method: AcmeFan.\n    action: deny\n",
	  &names, "p.yaml:4:13: method: expected Class.Method, each a MOF identifier" },
	{ "name: x\ndevice: AcmeFan\nrules:\n  - method: AcmeAssetTag.SetAssetTag\n"
	  "    action: deny\n", &names, "p.yaml:4:13: method: AcmeAssetTag.SetAssetTag is a "
	  "method of AcmeAssetTag, device " TAG "; this rule is for device " FAN },
	{ "name: x\ndevice: all\nrules:\n  - device: AcmeFan\n    method: AcmeAssetTag.SetAssetTag\n"
	  "    action: deny\n", &names, "p.yaml:5:13: method: AcmeAssetTag.SetAssetTag is a "
	  "method of AcmeAssetTag, device " TAG "; this rule is for device " FAN },
};

static void bad_names(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct policy p;
		char *err = NULL;
		int ret = parse(bad[i].text, bad[i].names, &p, &err);

		if (ret != -EINVAL || !err || strcmp(err, bad[i].error))
			fail_msg("case %zu gave %d '%s', expected '%s'", i, ret,
				 err ? err : "(null)", bad[i].error);
		free(err);
	}
}

/*
 * A name two bMOFs give to two devices (or one class to two methods)
 * says no one device or method: it is refused, not taken as the first.
 */
static void twins_refused(void **state)
{
	static struct bmof_method other_methods[] = {
		{ .name = "SetProfile", .id = 9 },
	};
	static struct bmof_method twin_methods[] = {
		{ .name = "GetProfile", .id = 5 },
		{ .name = "SETPROFILE", .id = 7 },
		{ .name = "SetProfile", .id = 6 },
	};
	/* another vendor's AcmeFan, for the tag's device */
	static struct bmof_object other = { .name = "acmefan", .guid = TAG, .nmethods = 1,
					    .methods = other_methods };
	static struct bmof_object twin = { .name = "AcmeFan", .guid = FAN, .nmethods = 3,
					   .methods = twin_methods };
	static struct bmof_object *o2[] = { &other };
	static struct bmof_object *o3[] = { &twin };
	static struct bmof mof2 = { .nobjects = 1, .objects = o2 };
	static struct bmof mof3 = { .nobjects = 1, .objects = o3 };
	struct mof_source two[] = { { .name = "acme", .b = &mof }, { .name = "other", .b = &mof2 } };
	struct mof_source one = { .name = "twin", .b = &mof3 };
	const struct policy_names n2 = { .src = two, .nsrc = 2, .where = "this machine's bMOF" };
	const struct policy_names n1 = { .src = &one, .nsrc = 1, .where = "this machine's bMOF" };
	static const struct {
		const char *text;
		const struct policy_names *names;
		const char *error;
	} cases[] = {
		{ "name: fan\ndevice: AcmeFan\n", NULL,
		  "p.yaml:2:9: device: AcmeFan names two classes of two devices ("
		  FAN ", " TAG ")" },
		{ "name: fan\ndevice: all\nrules:\n  - method: AcmeFan.SetProfile\n"
		  "    action: deny\n", NULL,
		  "p.yaml:4:13: method: class AcmeFan names two classes of two devices (" FAN
		  ", " TAG ")" },
		{ "name: fan\ndevice: all\nrules:\n  - method: AcmeFan.SetProfile\n"
		  "    action: deny\n", NULL,
		  "p.yaml:4:13: method: AcmeFan.SetProfile names two methods (WmiMethodId 7 "
		  "and 6)" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct policy p;
		char *err = NULL;
		int ret = parse(cases[i].text, i < 2 ? &n2 : &n1, &p, &err);

		if (ret != -EINVAL || !err || strcmp(err, cases[i].error)) {
			fail_msg("case %zu gave %d '%s', expected '%s'", i, ret,
				 err ? err : "(null)", cases[i].error);
		}
		free(err);
	}
}

/* With --mof FILE, an unknown class is said to be missing from FILE, whatever its path. */
static void unknown_class_where(void **state)
{
	struct mof_source file = { .name = "fw.bmof", .b = &mof };
	const struct policy_names n = { .src = &file, .nsrc = 1, .where = "fw.bmof" };
	struct policy p;
	char *err = NULL;

	(void)state;
	assert_int_equal(parse("name: fan\ndevice: all\nrules:\n  - method: AcmeFans.SetProfile\n"
			       "    action: deny\n", &n, &p, &err), -EINVAL);
	assert_string_equal(err, "p.yaml:4:13: method: no class AcmeFans in fw.bmof (see "
			    "wmibpf mof)");
	free(err);
}

/*
 * WmiMethodId(4294967295) is the rule table's wildcard: a rule for that
 * method by name must not become a rule for every method of the device.
 */
static void wildcard_id_refused(void **state)
{
	static struct bmof_method m[] = { { .name = "Last", .id = 0xffffffffll } };
	static struct bmof_object cls = { .name = "AcmeFan", .guid = FAN, .nmethods = 1,
					  .methods = m };
	static struct bmof_object *o[] = { &cls };
	static struct bmof b = { .nobjects = 1, .objects = o };
	struct mof_source one = { .name = "acme", .b = &b };
	const struct policy_names n = { .src = &one, .nsrc = 1, .where = "this machine's bMOF" };
	struct policy p;
	char *err = NULL;
	int ret;

	(void)state;
	ret = parse("name: fan\ndevice: AcmeFan\ndefault: deny\nrules:\n"
		    "  - method: AcmeFan.Last\n    action: allow\n", &n, &p, &err);
	if (!ret) {
		int any = p.nr_rules == 1 && p.rules[0].method_id == WMI_POLICY_ANY;

		policy_free(&p);
		fail_msg("accepted; the rule %s", any ? "allows every method" : "was kept");
	}
	assert_int_equal(ret, -EINVAL);
	assert_string_equal(err, "p.yaml:5:13: method: AcmeFan.Last has WmiMethodId 4294967295, "
			    "which a rule cannot name (it is the rules' 'any')");
	free(err);
}

/*
 * arg: Name is the field its numbers make: the same offset and width
 * wmibpf call puts the parameter at, and the same mask and values.
 * The input may come before the method it names parameters of.
 */
static void args_are_offsets(void **state)
{
	static const struct {
		const char *method, *by_name, *by_number;
		unsigned int id;
	} cases[] = {
		{ "SetLevel", "arg: b, value: 2", "offset: 4, width: 4, value: 2", 7 },
		{ "SetLevel", "arg: a, min: 1, max: 3", "offset: 0, width: 1, min: 1, max: 3", 7 },
		{ "SetLevel", "arg: flag, value: 1", "offset: 8, width: 1, value: 1", 7 },
		{ "SetLevel", "arg: Wide, mask: 0xff00000000, value: 0x100000000",
		  "offset: 16, width: 8, mask: 0xff00000000, value: 0x100000000", 7 },
		{ "SetTable", "arg: Count, value: 3", "offset: 4, width: 2, value: 3", 8 },
		{ "SetTable", "arg: Mode, value: 255", "offset: 0, width: 1, value: 255", 8 },
		/* the in mode, not the out Mode that sorts before it */
		{ "SetCase", "arg: MODE, value: 2", "offset: 0, width: 2, value: 2", 13 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char by_name[256], by_number[256];
		struct policy a, b;
		char *err = NULL;
		struct wmi_rule_field *f, *g;

		snprintf(by_name, sizeof(by_name), "name: fan\ndevice: AcmeFan\nrules:\n"
			 "  - input: [{ %s }]\n    method: AcmeFan.%s\n    action: deny\n",
			 cases[i].by_name, cases[i].method);
		snprintf(by_number, sizeof(by_number), "name: fan\ndevice: " FAN "\nrules:\n"
			 "  - method: %u\n    input: [{ %s }]\n    action: deny\n",
			 cases[i].id, cases[i].by_number);
		if (parse(by_name, &names, &a, &err))
			fail_msg("case %zu: %s", i, err);
		assert_int_equal(parse(by_number, NULL, &b, &err), 0);
		assert_int_equal(a.rules[0].method_id, b.rules[0].method_id);
		assert_non_null(a.rules[0].cond);
		assert_int_equal(a.rules[0].cond->nr_fields, 1);
		f = &a.rules[0].cond->fields[0];
		g = &b.rules[0].cond->fields[0];
		if (f->offset != g->offset || f->width != g->width || f->mask != g->mask ||
		    f->min != g->min || f->max != g->max)
			fail_msg("case %zu: %s gave offset %u width %u mask 0x%llx %llu..%llu, "
				 "expected %s", i, cases[i].by_name, f->offset, f->width,
				 (unsigned long long)f->mask, (unsigned long long)f->min,
				 (unsigned long long)f->max, cases[i].by_number);
		policy_free(&a);
		policy_free(&b);
	}
}

/* A rule of method: METHOD whose one input field is FIELD, at line 6, column 9. */
#define ARG_RULE(method, field) \
	"name: x\ndevice: AcmeFan\nrules:\n  - method: " method "\n    input:\n" \
	"      - " field "\n    action: deny\n"

static const struct {
	const char *text;
	const char *error;
} bad_args[] = {
	{ ARG_RULE("7", "{ arg: b, value: 1 }"),
	  "p.yaml:6:16: arg: 'b' is a parameter of the rule's method; name the method by its "
	  "class (method: Class.Method)" },
	{ "name: x\ndevice: AcmeFan\nrules:\n  - input: [{ arg: b, value: 1 }]\n"
	  "    action: deny\n",
	  "p.yaml:4:20: arg: 'b' is a parameter of the rule's method; name the method by its "
	  "class (method: Class.Method)" },
	{ ARG_RULE("AcmeFan.SetLevel", "{ arg: Nope, value: 1 }"),
	  "p.yaml:6:16: arg: AcmeFan.SetLevel has no parameter Nope (see wmibpf mof)" },
	{ ARG_RULE("AcmeFan.SetLevel", "{ arg: Status, value: 0 }"),
	  "p.yaml:6:16: arg: SetLevel: Status is an out parameter, not in the call's input" },
	{ ARG_RULE("AcmeFan.SetLevel", "{ arg: Name, value: 0 }"),
	  "p.yaml:6:16: arg: SetLevel: Name is a string: it has no fixed width of 1, 2, 4 or 8 "
	  "bytes" },
	{ ARG_RULE("AcmeFan.SetLevel", "{ arg: After, value: 0 }"),
	  "p.yaml:6:16: arg: SetLevel: After lies behind the string Name, whose length varies "
	  "from call to call: its offset is not fixed" },
	{ ARG_RULE("AcmeFan.SetTable", "{ arg: Table, value: 0 }"),
	  "p.yaml:6:16: arg: SetTable: Table is an array: it has no fixed width of 1, 2, 4 or 8 "
	  "bytes" },
	{ ARG_RULE("AcmeFan.SetBlob", "{ arg: x, value: 0 }"),
	  "p.yaml:6:16: arg: SetBlob: parameter Data is an array without a MAX(n) length: a "
	  "variable-length layout" },
	{ ARG_RULE("AcmeFan.SetSized", "{ arg: Tail, value: 0 }"),
	  "p.yaml:6:16: arg: SetSized: parameter Items is an array whose length another "
	  "parameter gives (WmiSizeIs): a variable-length layout" },
	{ ARG_RULE("AcmeFan.SetSized", "{ arg: Items, value: 0 }"),
	  "p.yaml:6:16: arg: SetSized: parameter Items is an array whose length another "
	  "parameter gives (WmiSizeIs): a variable-length layout" },
	{ ARG_RULE("AcmeFan.SetSpeed", "{ arg: Speed, value: 0 }"),
	  "p.yaml:6:16: arg: SetSpeed: parameter Speed is of type real32, which has no WMI "
	  "buffer layout wmibpf knows" },
	{ ARG_RULE("AcmeFan.SetFar", "{ arg: Far, value: 0 }"),
	  "p.yaml:6:16: arg: Far lies at byte 40000 of the input, past the 32768 bytes a rule "
	  "looks at" },
	{ ARG_RULE("AcmeFan.SetLevel", "{ arg: b, offset: 4, value: 1 }"),
	  "p.yaml:6:27: input field: 'arg' or 'offset'/'width', not both: the parameter's "
	  "place is its offset and width" },
	{ ARG_RULE("AcmeFan.SetLevel", "{ width: 4, arg: b, value: 1 }"),
	  "p.yaml:6:18: input field: 'arg' or 'offset'/'width', not both: the parameter's "
	  "place is its offset and width" },
	{ ARG_RULE("AcmeFan.SetLevel", "{ arg: a, value: 256 }"),
	  "p.yaml:6:26: value: expected a number from 0 to 255 (0xff), found '256'" },
	{ ARG_RULE("AcmeFan.SetLevel", "{ arg: b, max: 0x100000000 }"),
	  "p.yaml:6:24: max: expected a number from 0 to 4294967295 (0xffffffff), found "
	  "'0x100000000'" },
	{ ARG_RULE("AcmeFan.SetCase", "{ arg: level, value: 1 }"),
	  "p.yaml:6:16: arg: SetCase: level names two in parameters, LEVEL and Level: which "
	  "bytes it means is unknown" },
	{ ARG_RULE("AcmeFan.SetLevel", "{ arg: b.c, value: 1 }"),
	  "p.yaml:6:16: arg: expected a parameter name (a MOF identifier), found 'b.c'" },
	{ ARG_RULE("AcmeFan.SetLevel", "{ arg: [b], value: 1 }"),
	  "p.yaml:6:16: arg: expected a value, found a list" },
};

static void bad_arg(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad_args) / sizeof(bad_args[0]); i++) {
		struct policy p;
		char *err = NULL;
		int ret = parse(bad_args[i].text, &names, &p, &err);

		if (!ret)
			policy_free(&p);
		if (ret != -EINVAL || !err || strcmp(err, bad_args[i].error))
			fail_msg("case %zu gave %d '%s', expected '%s'", i, ret,
				 err ? err : "(null)", bad_args[i].error);
		free(err);
	}
}

/*
 * A class the firmware gave no __CLASS has no name (bmof.c leaves it
 * NULL): looking names up past it, for a policy or for a label in show
 * and monitor, must skip it, not read its name.
 */
static void nameless_class(void **state)
{
	static struct bmof_method m[] = { { .name = "Hidden", .id = 6 } };
	static struct bmof_object nameless = { .guid = FAN, .nmethods = 1, .methods = m };
	static struct bmof_object *o[] = { &nameless };
	static struct bmof b = { .nobjects = 1, .objects = o };
	struct mof_source both[] = { { .name = "nameless", .b = &b }, { .name = "acme", .b = &mof } };
	const struct policy_names n = { .src = both, .nsrc = 2, .where = "this machine's bMOF" };
	char label[MOF_LABEL_LEN];
	struct wmi_guid g;
	struct policy p;
	char *err = NULL;

	(void)state;
	assert_int_equal(wmi_guid_parse(FAN, &g), 0);
	assert_string_equal(mof_method_label(both, 2, &g, 6, label, sizeof(label)) ?: "(none)",
			    "AcmeFan.SetProfile");
	assert_null(mof_method_label(both, 1, &g, 6, label, sizeof(label)));
	if (parse("name: fan\ndevice: AcmeFan\nrules:\n  - method: AcmeFan.SetProfile\n"
		  "    action: deny\n", &n, &p, &err))
		fail_msg("%s", err);
	assert_int_equal(p.rules[0].method_id, 6);
	policy_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_are_numbers),
		cmocka_unit_test(class_gives_the_device),
		cmocka_unit_test(bad_names),
		cmocka_unit_test(twins_refused),
		cmocka_unit_test(unknown_class_where),
		cmocka_unit_test(wildcard_id_refused),
		cmocka_unit_test(args_are_offsets),
		cmocka_unit_test(bad_arg),
		cmocka_unit_test(nameless_class),
	};

	return cmocka_run_group_tests_name("policy_names", tests, NULL, NULL);
}

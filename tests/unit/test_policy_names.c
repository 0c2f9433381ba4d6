// SPDX-License-Identifier: GPL-2.0
/*
 * Policies that say device: Class and method: Class.Method: lowered to
 * the GUID and method id the firmware's bMOF gives, to exactly the rules
 * their numeric twins make, and refused at file:line:col when a name is
 * unknown, belongs to another device, or no bMOF is known.
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
#include "guid.h"
#include "policy.h"

#define FAN "FE733490-2E22-4EDB-A7B5-BC248874D383"
#define TAG "AD81FA8F-3A66-4C67-B111-78F81C9633B3"

static struct bmof_method fan_methods[] = {
	{ .name = "GetProfile", .id = 5 },
	{ .name = "SetProfile", .id = 6 },
	{ .name = "Secret", .id = -1 },
};
static struct bmof_method tag_methods[] = {
	{ .name = "SetAssetTag", .id = 1 },
};
static struct bmof_object fan = { .name = "AcmeFan", .guid = FAN, .nmethods = 3,
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_are_numbers),
		cmocka_unit_test(class_gives_the_device),
		cmocka_unit_test(bad_names),
		cmocka_unit_test(twins_refused),
		cmocka_unit_test(unknown_class_where),
		cmocka_unit_test(wildcard_id_refused),
	};

	return cmocka_run_group_tests_name("policy_names", tests, NULL, NULL);
}

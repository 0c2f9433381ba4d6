// SPDX-License-Identifier: GPL-2.0
/* Policy files (loader/policy.c): what parses, and every error. */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "policy.h"

#define ACME "FE733490-2E22-4EDB-A7B5-BC248874D383"

static int parse(const char *text, struct policy *p, char **err)
{
	return policy_parse_buffer("/etc/wmibpf/policies.d/t.yaml", text, strlen(text), p, err);
}

static void full_policy(void **state)
{
	static const char text[] =
		"# a comment\n"
		"name: acme\n"
		"device: " ACME "\n"
		"default: { action: deny, errno: EBUSY, audit: true }\n"
		"rules:\n"
		"  - method: 6\n"
		"    origin: user\n"
		"    uid: 1000\n"
		"    action: deny\n"
		"    errno: EACCES\n"
		"  - method: 0x1\n"
		"    action: emulate\n"
		"    answer: 50\n"
		"  - gid: 27\n"
		"    origin: kernel\n"
		"    action: audit\n"
		"  - method: any\n"
		"    action: intercept\n"
		"    audit: yes\n";
	struct policy p;
	char *err = NULL;

	(void)state;
	assert_int_equal(parse(text, &p, &err), 0);
	assert_null(err);
	assert_string_equal(p.name, "acme");
	assert_false(p.all_devices);
	assert_int_equal(p.device.b[0], 0x90);
	assert_int_equal(p.def.action, WMI_ACTION_DENY);
	assert_int_equal(p.def.error, EBUSY);
	assert_true(p.def.audit);
	assert_int_equal(p.nr_rules, 4);

	assert_int_equal(p.rules[0].method_id, 6);
	assert_int_equal(p.rules[0].origin, WMI_POLICY_ORIGIN_USER);
	assert_int_equal(p.rules[0].uid, 1000);
	assert_int_equal(p.rules[0].gid, WMI_POLICY_ANY);
	assert_int_equal(p.rules[0].action, WMI_ACTION_DENY);
	assert_int_equal(p.rules[0].error, EACCES);
	assert_false(p.rules[0].audit);
	assert_true(p.rules[0].any_device);
	assert_int_equal(p.rules[0].line, 6);

	assert_int_equal(p.rules[1].method_id, 1);
	assert_int_equal(p.rules[1].action, WMI_ACTION_EMULATE);
	assert_int_equal(p.rules[1].answer, 50);
	/* No origin: user space only, never the drivers' own calls. */
	assert_int_equal(p.rules[1].origin, WMI_POLICY_ORIGIN_USER);

	assert_int_equal(p.rules[2].method_id, WMI_POLICY_ANY);
	assert_int_equal(p.rules[2].gid, 27);
	assert_int_equal(p.rules[2].origin, WMI_POLICY_ORIGIN_KERNEL);
	assert_true(p.rules[2].audit);	/* implied by the audit action */

	assert_int_equal(p.rules[3].action, WMI_ACTION_INTERCEPT);
	assert_int_equal(p.rules[3].origin, WMI_POLICY_ORIGIN_USER);
	assert_true(p.rules[3].audit);
	assert_int_equal(p.def.origin, WMI_POLICY_ORIGIN_USER);
	policy_free(&p);
}

static void minimal_policy_defaults(void **state)
{
	struct policy p;

	(void)state;
	assert_int_equal(parse("name: x\ndevice: all\n", &p, NULL), 0);
	assert_true(p.all_devices);
	assert_int_equal(p.def.action, WMI_ACTION_ALLOW);
	assert_int_equal(p.nr_rules, 0);
	assert_int_equal(p.nr_bpf, 0);
	policy_free(&p);
}

/* Kernel calls are only a rule's, or the default's, when written out. */
static void origins_written_out(void **state)
{
	struct policy p;

	(void)state;
	assert_int_equal(parse("name: x\ndevice: all\ndefault: { action: deny, origin: any }\n"
			       "rules:\n  - action: allow\n    origin: any\n"
			       "  - method: 1\n    origin: kernel\n    action: audit\n"
			       "  - method: 2\n    origin: any\n    action: emulate\n"
			       "    answer: 1\n", &p, NULL), 0);
	assert_int_equal(p.def.origin, WMI_POLICY_ORIGIN_ANY);
	assert_int_equal(p.rules[0].origin, WMI_POLICY_ORIGIN_ANY);
	assert_int_equal(p.rules[1].origin, WMI_POLICY_ORIGIN_KERNEL);
	assert_int_equal(p.rules[2].origin, WMI_POLICY_ORIGIN_ANY);
	policy_free(&p);

	assert_int_equal(parse("name: x\ndevice: all\ndefault: { action: audit, origin: kernel }\n",
			       &p, NULL), 0);
	assert_int_equal(p.def.origin, WMI_POLICY_ORIGIN_KERNEL);
	policy_free(&p);
}

/* In a policy for one device, naming that device is the same as leaving it out. */
static void event_rules(void **state)
{
	static const char text[] =
		"name: keys\n"
		"device: 59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1\n"
		"rules:\n"
		"  - event: 0xd0\n"
		"    input: [{ offset: 0, width: 4, value: 0xdead }]\n"
		"    action: drop\n"
		"    audit: true\n"
		"  - event: any\n"
		"    action: audit\n"
		"  - method: 1\n"
		"    origin: any\n"
		"    action: allow\n";
	struct policy p;
	char *err = NULL;

	(void)state;
	assert_int_equal(parse(text, &p, &err), 0);
	assert_null(err);
	assert_int_equal(p.nr_rules, 3);
	assert_int_equal(p.rules[0].origin, WMI_POLICY_ORIGIN_EVENT);
	assert_int_equal(p.rules[0].method_id, 0xd0);
	assert_int_equal(p.rules[0].uid, WMI_POLICY_ANY);
	assert_int_equal(p.rules[0].gid, WMI_POLICY_ANY);
	assert_int_equal(p.rules[0].action, WMI_ACTION_DROP);
	assert_true(p.rules[0].audit);
	assert_non_null(p.rules[0].cond);
	assert_int_equal(p.rules[0].cond->nr_fields, 1);
	assert_int_equal(p.rules[1].origin, WMI_POLICY_ORIGIN_EVENT);
	assert_int_equal(p.rules[1].method_id, WMI_POLICY_ANY);
	assert_true(p.rules[1].audit);
	assert_int_equal(p.rules[2].origin, WMI_POLICY_ORIGIN_ANY);
	assert_string_equal(policy_action_name(WMI_ACTION_DROP), "drop");
	assert_string_equal(policy_origin_name(WMI_POLICY_ORIGIN_EVENT), "event");
	policy_free(&p);
}

/* Read rules: the opener's uid, gid and caps; a key of their own. */
static void read_rules(void **state)
{
	static const char text[] =
		"name: keys\n"
		"device: 59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1\n"
		"rules:\n"
		"  - read: events\n"
		"    uid: 0\n"
		"    action: allow\n"
		"  - read: events\n"
		"    gid: 1001\n"
		"    cap: CAP_SYS_ADMIN\n"
		"    action: audit\n"
		"  - read: events\n"
		"    action: deny\n"
		"    errno: EACCES\n"
		"  - method: any\n"
		"    action: deny\n";
	struct policy p;
	char *err = NULL;

	(void)state;
	assert_int_equal(parse(text, &p, &err), 0);
	assert_null(err);
	assert_int_equal(p.nr_rules, 4);
	assert_int_equal(p.rules[0].origin, WMI_POLICY_ORIGIN_READER);
	assert_int_equal(p.rules[0].method_id, WMI_POLICY_ANY);
	assert_int_equal(p.rules[0].uid, 0);
	assert_int_equal(p.rules[0].gid, WMI_POLICY_ANY);
	assert_int_equal(p.rules[0].action, WMI_ACTION_ALLOW);
	assert_null(p.rules[0].cond);
	assert_int_equal(p.rules[1].origin, WMI_POLICY_ORIGIN_READER);
	assert_int_equal(p.rules[1].uid, WMI_POLICY_ANY);
	assert_int_equal(p.rules[1].gid, 1001);
	assert_true(p.rules[1].audit);
	assert_non_null(p.rules[1].cond);
	assert_int_equal(p.rules[1].cond->caps, 1ull << 21);
	assert_int_equal(p.rules[2].origin, WMI_POLICY_ORIGIN_READER);
	assert_int_equal(p.rules[2].action, WMI_ACTION_DENY);
	assert_int_equal(p.rules[2].error, EACCES);
	assert_false(p.rules[2].audit);
	/* a method rule for any method is not a read rule: its own key */
	assert_int_equal(p.rules[3].origin, WMI_POLICY_ORIGIN_USER);
	assert_int_equal(p.rules[3].method_id, WMI_POLICY_ANY);
	assert_string_equal(policy_origin_name(WMI_POLICY_ORIGIN_READER), "reader");
	policy_free(&p);
}

/*
 * Query and set rules: the instance where a method rule has its method,
 * fields on a set's data; keyed apart from method rules and each other.
 */
static void block_rules(void **state)
{
	static const char text[] =
		"name: battery\n"
		"device: " ACME "\n"
		"rules:\n"
		"  - set: 0\n"
		"    uid: 1000\n"
		"    input:\n"
		"      - { offset: 0, width: 1, max: 49 }\n"
		"    action: deny\n"
		"    errno: EACCES\n"
		"  - set: any\n"
		"    action: audit\n"
		"  - query: 1\n"
		"    action: emulate\n"
		"    answer: 80\n"
		"  - query: any\n"
		"    origin: any\n"
		"    action: allow\n"
		"  - method: any\n"
		"    origin: any\n"
		"    action: allow\n";
	struct policy p;
	char *err = NULL;

	(void)state;
	assert_int_equal(parse(text, &p, &err), 0);
	assert_null(err);
	assert_int_equal(p.nr_rules, 5);
	assert_int_equal(p.rules[0].kind, WMI_POLICY_KIND_SET);
	assert_int_equal(p.rules[0].method_id, 0);
	assert_int_equal(p.rules[0].origin, WMI_POLICY_ORIGIN_USER);
	assert_int_equal(p.rules[0].uid, 1000);
	assert_int_equal(p.rules[0].error, EACCES);
	assert_non_null(p.rules[0].cond);
	assert_int_equal(p.rules[0].cond->nr_fields, 1);
	assert_int_equal(p.rules[0].cond->fields[0].width, 1);
	assert_int_equal(p.rules[0].cond->fields[0].max, 49);
	assert_int_equal(p.rules[1].kind, WMI_POLICY_KIND_SET);
	assert_int_equal(p.rules[1].method_id, WMI_POLICY_ANY);
	assert_true(p.rules[1].audit);
	assert_int_equal(p.rules[2].kind, WMI_POLICY_KIND_QUERY);
	assert_int_equal(p.rules[2].method_id, 1);
	assert_int_equal(p.rules[2].answer, 80);
	assert_int_equal(p.rules[3].kind, WMI_POLICY_KIND_QUERY);
	assert_int_equal(p.rules[3].origin, WMI_POLICY_ORIGIN_ANY);
	/* the same wildcards as rule 3, for method calls: another key */
	assert_int_equal(p.rules[4].kind, WMI_POLICY_KIND_METHOD);
	assert_false(policy_same_key(&p.rules[3], &p.rules[4]));
	policy_free(&p);
}

static void rule_names_policy_device(void **state)
{
	struct policy p;

	(void)state;
	assert_int_equal(parse("name: x\ndevice: " ACME "\nrules:\n  - device: " ACME
			       "\n    action: allow\n", &p, NULL), 0);
	assert_true(p.rules[0].any_device);
	policy_free(&p);
}

static void rule_device_in_all_policy(void **state)
{
	struct policy p;

	(void)state;
	assert_int_equal(parse("name: x\ndevice: all\nrules:\n  - device: " ACME
			       "\n    action: allow\n", &p, NULL), 0);
	assert_false(p.rules[0].any_device);
	assert_int_equal(p.rules[0].device.b[3], 0xfe);
	policy_free(&p);
}

static void bpf_objects_resolved(void **state)
{
	char dir[] = "/tmp/wmibpf-test-XXXXXX", path[128], obj[128], *text;
	struct policy p;
	char *err = NULL;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(obj, sizeof(obj), "%s/vendor.bpf.o", dir);
	f = fopen(obj, "w");
	assert_non_null(f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/p.yaml", dir);
	assert_true(asprintf(&text, "name: v\ndevice: all\nbpf:\n  - vendor.bpf.o\n  - %s\n",
			     obj) > 0);

	/* Relative to the policy file's directory, or absolute. */
	assert_int_equal(policy_parse_buffer(path, text, strlen(text), &p, &err), 0);
	assert_int_equal(p.nr_bpf, 2);
	assert_string_equal(p.bpf[0], obj);
	assert_string_equal(p.bpf[1], obj);
	policy_free(&p);
	free(text);

	/* Or in $WMIBPF_BPF_PATH. */
	setenv("WMIBPF_BPF_PATH", dir, 1);
	assert_int_equal(parse("name: v\ndevice: all\nbpf: [vendor.bpf.o]\n", &p, &err), 0);
	assert_string_equal(p.bpf[0], obj);
	policy_free(&p);
	unsetenv("WMIBPF_BPF_PATH");

	unlink(obj);
	rmdir(dir);
}

static void policy_file_io(void **state)
{
	char path[] = "/tmp/wmibpf-test-XXXXXX";
	struct policy p;
	char *err = NULL;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "name: f\ndevice: all\n", 20), 20);
	close(fd);
	assert_int_equal(policy_parse_file(path, &p, &err), 0);
	assert_string_equal(p.name, "f");
	assert_string_equal(p.path, path);
	policy_free(&p);
	unlink(path);

	assert_int_equal(policy_parse_file(path, &p, &err), -ENOENT);
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, "No such file or directory"));
	free(err);
}

struct bad {
	const char *text;
	const char *error;	/* expected message, after "FILE:" */
};

/* Every error: where it is reported and what it says was expected. */
static const struct bad bad_policies[] = {
	{ "", "1:1: empty policy; expected keys name, device, rules" },
	{ "name: [x\n", "2:1: did not find expected ',' or ']' while parsing a flow sequence" },
	{ "- a\n- b\n", "1:1: policy: expected a mapping of keys to values, found a list" },
	{ "name: x\ndevice: all\nrule: []\n",
	  "3:1: policy: unknown key 'rule', expected one of: name, device, default, rules, bpf" },
	{ "name: x\ndevice: all\ndefault: { action: deny, errno: EIO, orign: any }\n",
	  "3:38: default: unknown key 'orign', expected one of: action, errno, origin, audit" },
	{ "name: x\nname: y\ndevice: all\n", "2:1: policy: 'name' given twice" },
	{ "device: all\n", "1:1: policy: 'name' missing (the name it is loaded under)" },
	{ "name: x\n", "1:1: policy: 'device' missing (a GUID, or 'all')" },
	{ "name: a.b\ndevice: all\n",
	  "1:7: name: expected 1 to 32 letters, digits, '_' or '-' (not first), found 'a.b'" },
	{ "name: [x]\ndevice: all\n", "1:7: name: expected a value, found a list" },
	{ "name: x\ndevice: FE733490\n",
	  "2:9: device: expected a GUID such as FE733490-2E22-4EDB-A7B5-BC248874D383, a class "
	  "name, or 'all', found 'FE733490'" },
	{ "name: x\ndevice: all\nrules: {}\n",
	  "3:8: rules: expected a list of rules ('- action: ...'), found a mapping" },
	{ "name: x\ndevice: all\nrules:\n  - allow\n",
	  "4:5: rule: expected a mapping of keys to values, found a value" },
	{ "name: x\ndevice: all\nrules:\n  - method: 1\n",
	  "4:5: rule: 'action' missing; expected one of allow, deny, intercept, emulate, audit, raw" },
	{ "name: x\ndevice: all\nrules:\n  - action: block\n",
	  "4:13: action: expected allow, deny, intercept, emulate, audit, raw or (for events) "
	  "drop, found 'block'" },
	{ "name: x\ndevice: all\nrules:\n  - action: raw\n    origin: kernel\n",
	  "5:13: origin: a 'raw' rule is for user-space calls only (origin user, the default)" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    methd: 1\n",
	  "5:5: rule: unknown key 'methd', expected one of: method, event, read, query, set, device, "
	  "origin, uid, gid, input, min_size, cap, action, errno, answer, audit" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    method: six\n",
	  "5:13: method: expected a number from 0 to 4294967294, or 'any', found 'six'" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    method: -1\n",
	  "5:13: method: expected a number from 0 to 4294967294, or 'any', found '-1'" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    method: 4294967295\n",
	  "5:13: method: expected a number from 0 to 4294967294, or 'any', found '4294967295'" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    origin: firmware\n",
	  "5:13: origin: expected user, kernel or any, found 'firmware'" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    uid: root\n",
	  "5:10: uid: expected a number from 0 to 4294967294, or 'any', found 'root'" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    gid: [1]\n",
	  "5:10: gid: expected a value, found a list" },
	{ "name: x\ndevice: all\nrules:\n  - action: deny\n    errno: EWHAT\n",
	  "5:12: errno: 'EWHAT' is not an error a policy may deny with; expected EPERM, "
	  "ENOENT, EIO, ENXIO, EAGAIN, EACCES, EBUSY, ENODEV, EINVAL, ENODATA, EPROTO, "
	  "EOPNOTSUPP or ETIMEDOUT" },
	/* The kernel would turn it into EPERM: user space reads ENOSPC as "size set". */
	{ "name: x\ndevice: all\nrules:\n  - action: deny\n    errno: ENOSPC\n",
	  "5:12: errno: 'ENOSPC' is not an error a policy may deny with; expected EPERM, "
	  "ENOENT, EIO, ENXIO, EAGAIN, EACCES, EBUSY, ENODEV, EINVAL, ENODATA, EPROTO, "
	  "EOPNOTSUPP or ETIMEDOUT" },
	{ "name: x\ndevice: all\nrules:\n  - action: deny\n    errno: 28\n",
	  "5:12: errno: 28 is not an error a policy may deny with; expected the number of "
	  "EPERM, ENOENT, EIO, ENXIO, EAGAIN, EACCES, EBUSY, ENODEV, EINVAL, ENODATA, EPROTO, "
	  "EOPNOTSUPP or ETIMEDOUT" },
	{ "name: x\ndevice: all\nrules:\n  - action: deny\n    errno: 0\n",
	  "5:12: errno: expected a number from 1 to 4095, found '0'" },
	{ "name: x\ndevice: all\nrules:\n  - gid: 100\n    action: deny\n  - gid: 101\n    action: deny\n  - gid: 102\n    action: deny\n  - gid: 103\n    action: deny\n  - gid: 104\n    action: deny\n  - gid: 105\n    action: deny\n  - gid: 106\n    action: deny\n  - gid: 107\n    action: deny\n  - gid: 108\n    action: deny\n  - gid: 100\n    method: 1\n    action: deny\n",
	  "20:5: gid: a policy's rules may name at most 8 different gids" },
	{ "name: x\ndevice: all\nrules:\n  - action: deny\n    errno: 4096\n",
	  "5:12: errno: expected a number from 1 to 4095, found '4096'" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    uid: 0100\n",
	  "5:10: uid: '0100' has a leading zero; numbers are decimal, or hexadecimal after 0x, "
	  "never octal" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    method: '0x'\n",
	  "5:13: method: expected a number from 0 to 4294967294, or 'any', found '0x'" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    gid: ' 7'\n",
	  "5:10: gid: expected a number from 0 to 4294967294, or 'any', found ' 7'" },
	{ "name: x\ndevice: all\nrules:\n  - action: emulate\n    answer: 4294967296\n",
	  "5:13: answer: expected a number from 0 to 4294967295, found '4294967296'" },
	{ "name: ../x\ndevice: all\n",
	  "1:7: name: expected 1 to 32 letters, digits, '_' or '-' (not first), found '../x'" },
	{ "name: abcdefghijklmnopqrstuvwxyz0123456\ndevice: all\n",
	  "1:7: name: expected 1 to 32 letters, digits, '_' or '-' (not first), found "
	  "'abcdefghijklmnopqrstuvwxyz0123456'" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    errno: EPERM\n",
	  "5:12: errno: only a 'deny' rule takes an errno" },
	{ "name: x\ndevice: all\nrules:\n  - action: emulate\n",
	  "4:5: rule: an 'emulate' rule needs an 'answer' (the integer to return)" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    answer: 1\n",
	  "5:13: answer: only an 'emulate' rule takes an answer" },
	{ "name: x\ndevice: all\nrules:\n  - action: emulate\n    answer: 1.5\n",
	  "5:13: answer: expected a number from 0 to 4294967295, found '1.5'" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    audit: maybe\n",
	  "5:12: audit: expected true or false, found 'maybe'" },
	{ "name: x\ndevice: all\nrules:\n  - action: allow\n    action: deny\n",
	  "5:5: rule: 'action' given twice" },
	{ "name: x\ndevice: all\nrules:\n  - method: 2\n    action: allow\n"
	  "  - method: 2\n    action: deny\n",
	  "6:5: rule: matches the same calls as the rule at line 4; merge them" },
	/* Found by sorting, reported as in file order: the first repeat, and what it repeats. */
	{ "name: x\ndevice: all\nrules:\n  - method: 1\n    action: allow\n"
	  "  - method: 2\n    action: allow\n  - method: 2\n    action: deny\n"
	  "  - method: 1\n    action: deny\n  - method: 2\n    action: audit\n",
	  "8:5: rule: matches the same calls as the rule at line 6; merge them" },

	{ "name: x\ndevice: " ACME "\nrules:\n  - device: "
	  "1E8FEC9B-04A5-4ED1-B79D-B77EF1152878\n    action: allow\n",
	  "4:13: device: the policy is bound to one device; a rule can only name another in a "
	  "policy for 'all' devices" },
	{ "name: x\ndevice: all\nrules:\n  - uid: 5\n    action: allow\n"
	  "  - gid: 5\n    action: allow\n  - uid: 5\n    origin: user\n    action: deny\n",
	  "8:5: rule: matches the same calls as the rule at line 4; merge them" },
	{ "name: x\ndevice: " ACME "\nrules:\n  - method: 1\n    action: allow\n"
	  "  - method: 1\n    device: " ACME "\n    action: deny\n",
	  "6:5: rule: matches the same calls as the rule at line 4; merge them" },
	{ "name: x\ndevice: all\nrules:\n  - method: 1\n    origin: kernel\n"
	  "    action: emulate\n    answer: 5\n",
	  "5:13: origin: an 'emulate' rule cannot be for kernel calls: the kernel refuses a "
	  "program's answer to a driver's ACPI call; use origin user (or any)" },
	/* load refused these with 'File exists' and no line: the all-devices key. */
	{ "name: x\ndevice: all\nrules:\n  - method: 1\n    action: allow\n"
	  "  - method: 1\n    device: 00000000-0000-0000-0000-000000000000\n    action: deny\n",
	  "7:13: device: the null GUID is no device's; write 'all' for every device" },
	{ "name: x\ndevice: 00000000-0000-0000-0000-000000000000\n",
	  "2:9: device: the null GUID is no device's; write 'all' for every device" },
	{ "name: x\ndevice: all\ndefault: { action: deny, origin: firmware }\n",
	  "3:34: origin: expected user, kernel or any, found 'firmware'" },
	{ "name: x\ndevice: all\nrules:\n  - device: all\n    action: allow\n",
	  "4:13: device: a rule names one device (a GUID); leave it out to use the policy's" },
	{ "name: x\ndevice: all\ndefault: emulate\n",
	  "3:10: default: cannot emulate every method" },
	{ "name: x\ndevice: all\ndefault: { action: emulate }\n",
	  "3:20: default: cannot emulate every method" },
	{ "name: x\ndevice: all\ndefault: { errno: EPERM }\n",
	  "3:10: default: 'action' missing" },
	{ "name: x\ndevice: all\ndefault: { action: allow, errno: EPERM }\n",
	  "3:34: errno: only a 'deny' default takes an errno" },
	{ "name: x\ndevice: all\nbpf: x.bpf.o\n",
	  "3:6: bpf: expected a list of BPF object files, found a value" },
	{ "name: x\ndevice: all\nbpf:\n  - nowhere.bpf.o\n",
	  "4:5: bpf: cannot find nowhere.bpf.o next to the policy, in $WMIBPF_BPF_PATH or in " },
	{ "name: &n x\ndevice: all\nrules:\n  - method: *n\n    action: allow\n",
	  "4:13: aliases (*name) are not supported in policies; write the value out" },
	{ "name: x\ndevice: all\n---\nname: y\ndevice: all\n", "3:1: one policy per file" },
	/* Event rules: no caller to match, and only allow, drop or audit. */
	{ "name: x\ndevice: all\nrules:\n  - event: 0xd0\n    method: 1\n    action: drop\n",
	  "5:13: method: a rule is for a method or for an event, not both" },
	{ "name: x\ndevice: all\nrules:\n  - event: 0xd0\n    uid: 0\n    action: drop\n",
	  "5:10: uid: an event has no caller; an event rule matches the device, the notify id "
	  "and the event's data (input, min_size)" },
	{ "name: x\ndevice: all\nrules:\n  - event: 0xd0\n    origin: kernel\n    action: drop\n",
	  "5:13: origin: an event has no caller" },
	{ "name: x\ndevice: all\nrules:\n  - event: 0xd0\n    cap: CAP_SYS_ADMIN\n"
	  "    action: allow\n", "5:10: cap: an event has no caller" },
	{ "name: x\ndevice: all\nrules:\n  - event: 0xd0\n    gid: 5\n    action: allow\n",
	  "5:10: gid: an event has no caller" },
	{ "name: x\ndevice: all\nrules:\n  - event: 0xd0\n    action: deny\n",
	  "5:13: action: an event rule allows, drops or audits an event, found 'deny'" },
	{ "name: x\ndevice: all\nrules:\n  - event: 0xd0\n    action: emulate\n    answer: 1\n",
	  "5:13: action: an event rule allows, drops or audits an event, found 'emulate'" },
	{ "name: x\ndevice: all\nrules:\n  - event: 0xd0\n", "4:5: rule: 'action' missing; "
	  "expected one of allow, drop, audit" },
	{ "name: x\ndevice: all\nrules:\n  - event: 256\n    action: drop\n",
	  "4:12: event: expected a number from 0 to 255 (a notify id), or 'any', found '256'" },
	{ "name: x\ndevice: all\nrules:\n  - event: 0xd0\n    action: drop\n    errno: EIO\n",
	  "6:12: errno: only a 'deny' rule takes an errno" },
	{ "name: x\ndevice: all\nrules:\n  - method: 1\n    action: drop\n",
	  "5:13: action: 'drop' is for events (a rule with 'event:'); a call is refused with "
	  "'deny'" },
	{ "name: x\ndevice: all\ndefault: drop\n",
	  "3:10: default: the default is for calls; 'drop' is for events" },
	{ "name: x\ndevice: all\ndefault: { action: drop }\n",
	  "3:20: default: the default is for calls; 'drop' is for events" },
	{ "name: x\ndevice: all\nrules:\n  - event: 0xd0\n    action: drop\n"
	  "  - event: 208\n    action: allow\n",
	  "6:5: rule: matches the same calls as the rule at line 4; merge them" },
	/* read rules: who opens the event node, by uid, gid and cap only */
	{ "name: x\ndevice: all\nrules:\n  - read: event\n    action: allow\n",
	  "4:11: read: expected 'events' (a rule for who may open the device's event node and "
	  "read its events), found 'event'" },
	{ "name: x\ndevice: all\nrules:\n  - read: [events]\n    action: allow\n",
	  "4:11: read: expected" },
	{ "name: x\ndevice: all\nrules:\n  - read: events\n    method: 1\n    action: allow\n",
	  "5:13: method: a rule is for a method or for reading events, not both" },
	{ "name: x\ndevice: all\nrules:\n  - read: events\n    event: 0xd0\n    action: allow\n",
	  "5:12: event: a rule is for an event or for reading events, not both" },
	{ "name: x\ndevice: all\nrules:\n  - read: events\n    origin: user\n    action: allow\n",
	  "5:13: origin: a read rule matches who opens the device's event node, by uid, gid and "
	  "cap" },
	{ "name: x\ndevice: all\nrules:\n  - read: events\n    min_size: 4\n    action: allow\n",
	  "5:15: min_size: a read rule matches who opens the device's event node" },
	{ "name: x\ndevice: all\nrules:\n  - read: events\n"
	  "    input: [{ offset: 0, width: 1, value: 1 }]\n    action: allow\n",
	  "5:12: input: a read rule matches who opens the device's event node" },
	{ "name: x\ndevice: all\nrules:\n  - read: events\n", "4:5: rule: 'action' missing; "
	  "expected one of allow, deny, audit" },
	{ "name: x\ndevice: all\nrules:\n  - read: events\n    action: drop\n",
	  "5:13: action: a read rule allows, denies or audits an open of the event node, found "
	  "'drop'" },
	{ "name: x\ndevice: all\nrules:\n  - read: events\n    action: emulate\n    answer: 1\n",
	  "5:13: action: a read rule allows, denies or audits an open of the event node, found "
	  "'emulate'" },
	{ "name: x\ndevice: all\nrules:\n  - read: events\n    action: raw\n",
	  "5:13: action: a read rule allows, denies or audits an open of the event node, found "
	  "'raw'" },
	{ "name: x\ndevice: all\nrules:\n  - read: events\n    action: allow\n    errno: EIO\n",
	  "6:12: errno: only a 'deny' rule takes an errno" },
	{ "name: x\ndevice: all\nrules:\n  - read: events\n    action: deny\n    errno: EBUSY\n",
	  "6:12: errno: a refused open fails with EACCES or EPERM, found EBUSY" },
	{ "name: x\ndevice: all\nrules:\n  - read: events\n    uid: 0\n    action: allow\n"
	  "  - read: events\n    uid: 0\n    action: deny\n",
	  "7:5: rule: matches the same calls as the rule at line 4; merge them" },
	/* block rules */
	{ "name: x\ndevice: all\nrules:\n  - query: 0\n    set: 0\n    action: deny\n",
	  "5:10: set: a rule is for a block's queries or for its sets, not both; write two rules" },
	{ "name: x\ndevice: all\nrules:\n  - query: 0\n    method: 1\n    action: deny\n",
	  "5:13: method: a rule is for one kind of call: a method's, an event, reading events, or a "
	  "block's queries or sets; this one has 'query:' too" },
	{ "name: x\ndevice: all\nrules:\n  - set: any\n    event: 0xd0\n    action: allow\n",
	  "5:12: event: a rule is for one kind of call" },
	{ "name: x\ndevice: all\nrules:\n  - set: any\n    read: events\n    action: allow\n",
	  "5:11: read: a rule is for one kind of call" },
	{ "name: x\ndevice: all\nrules:\n  - query: first\n    action: deny\n",
	  "4:12: query: expected a number from 0 to 254 (an instance of the block), or 'any', "
	  "found 'first'" },
	{ "name: x\ndevice: all\nrules:\n  - set: 255\n    action: deny\n",
	  "4:10: set: expected a number from 0 to 254 (an instance of the block), or 'any', "
	  "found '255'" },
	{ "name: x\ndevice: all\nrules:\n  - query: 0\n    input: [{ offset: 0, value: 1 }]\n"
	  "    action: deny\n",
	  "5:12: input: a query has no input to match; a rule for a block's sets ('set:') matches "
	  "the data written" },
	{ "name: x\ndevice: all\nrules:\n  - query: any\n    min_size: 4\n    action: deny\n",
	  "5:15: min_size: a query has no input to match" },
	{ "name: x\ndevice: all\nrules:\n  - set: 0\n    action: emulate\n    answer: 1\n",
	  "5:13: action: a set returns nothing to emulate; deny it, or intercept it for the driver "
	  "that claims the block" },
	{ "name: x\ndevice: all\nrules:\n  - set: 0\n",
	  "4:5: rule: 'action' missing; expected one of allow, deny, intercept, audit, raw" },
	{ "name: x\ndevice: all\nrules:\n  - query: 0\n",
	  "4:5: rule: 'action' missing; expected one of allow, deny, intercept, emulate, audit, raw" },
	{ "name: x\ndevice: all\nrules:\n  - set: 0\n    input: [{ arg: Owner, value: 1 }]\n"
	  "    action: deny\n",
	  "5:20: arg: 'Owner': a set's data has no parameters to name; give the field's offset and "
	  "width" },
	{ "name: x\ndevice: all\nrules:\n  - query: 0\n    action: emulate\n    answer: 1\n"
	  "    origin: kernel\n",
	  "7:13: origin: an 'emulate' rule cannot be for kernel calls: a driver's query is to get "
	  "what its firmware holds, not a policy's integer; use origin user" },
	{ "name: x\ndevice: all\nrules:\n  - set: 1\n    action: allow\n"
	  "  - set: 1\n    action: deny\n",
	  "6:5: rule: matches the same calls as the rule at line 4; merge them" },
	{ "name: x\ndevice: all\nrules:\n  - uid: 1000\n    action: emulate\n    answer: 0\n",
	  "5:13: action: a rule that names no method, query or set is for every call, and a set "
	  "cannot be emulated; write 'method: any' (or 'query: any')" },
	{ "name: x\ndevice: all\nrules:\n  - query: 0\n    action: drop\n",
	  "5:13: action: 'drop' is for events (a rule with 'event:'); a call is refused with 'deny'" },
};

static void every_error(void **state)
{
	const char *prefix = "/etc/wmibpf/policies.d/t.yaml:";
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad_policies) / sizeof(bad_policies[0]); i++) {
		const struct bad *b = &bad_policies[i];
		struct policy p;
		char *err = NULL;
		int ret;

		ret = parse(b->text, &p, &err);
		if (ret != -EINVAL || !err || strncmp(err, prefix, strlen(prefix)) ||
		    strncmp(err + strlen(prefix), b->error, strlen(b->error)))
			fail_msg("policy %zu:\n%s\ngave %d '%s', expected '%s%s'", i, b->text, ret,
				 err ? err : "(null)", prefix, b->error);
		/* A failed parse leaves nothing to free but the message. */
		assert_null(p.rules);
		assert_null(p.path);
		free(err);
	}
}

/* An error of the text itself, from a buffer of len bytes. */
static void expect_error_n(const char *text, size_t len, const char *error)
{
	const char *prefix = "/etc/wmibpf/policies.d/t.yaml:";
	struct policy p;
	char *err = NULL;
	int ret;

	ret = policy_parse_buffer("/etc/wmibpf/policies.d/t.yaml", text, len, &p, &err);
	if (ret != -EINVAL || !err || strncmp(err, prefix, strlen(prefix)) ||
	    strcmp(err + strlen(prefix), error))
		fail_msg("gave %d '%s', expected '%s%s'", ret, err ? err : "(null)", prefix, error);
	free(err);
}

/* Errors libyaml's reader finds are placed where they are, not at 1:1. */
static void reader_errors(void **state)
{
	static const char nul[] = "name: x\ndevice: all\nrules:\n  - action: al\0low\n";
	static const char utf8[] = "name: x\n# caf\xc3\xa9 \xff\ndevice: all\n";
	static const char escaped[] = "name: x\ndevice: all\nrules:\n  - action: \"allow\\0deny\"\n";

	(void)state;
	expect_error_n(nul, sizeof(nul) - 1, "4:15: control characters are not allowed");
	expect_error_n(utf8, sizeof(utf8) - 1, "2:8: invalid leading UTF-8 octet");
	/* An escaped NUL would cut the string short in C: "allow\0deny" is not allow. */
	expect_error_n(escaped, strlen(escaped),
		       "4:13: a string with a NUL character (byte 0); policies have none");
}

/*
 * A message quotes the file's text and its path: both are escaped, so a
 * value written "\e[2J" or a file named with one cannot reach the
 * terminal; a backslash of the file's own is doubled, so neither is
 * mistaken for the other.
 */
static void errors_escaped(void **state)
{
	static const char text[] = "name: x\ndevice: all\nrules:\n  - action: \"\\e[2J\\x7f\\\\\"\n";
	struct policy p;
	char *err = NULL;

	(void)state;
	expect_error_n(text, strlen(text), "4:13: action: expected allow, deny, intercept, "
		       "emulate, audit, raw or (for events) drop, found '\\x1b[2J\\x7f\\\\'");

	assert_int_equal(policy_parse_buffer("t\x1b[31m.yaml", text, strlen(text), &p, &err),
			 -EINVAL);
	assert_non_null(err);
	assert_memory_equal(err, "t\\x1b[31m.yaml:4:13: ", 19);
	free(err);

	/* and the messages of a file that cannot be read */
	assert_int_equal(policy_parse_file("/nonexistent\x1b[31m/t.yaml", &p, &err), -ENOENT);
	assert_non_null(err);
	assert_string_equal(err, "/nonexistent\\x1b[31m/t.yaml: No such file or directory");
	free(err);
}

/* Deep flow nesting is refused where it passes the limit, and at once. */
static void nesting_depth(void **state)
{
	size_t depth = 40000, i;
	char *text = malloc(2 * depth + 16);

	(void)state;
	assert_non_null(text);
	strcpy(text, "name: ");
	for (i = 0; i < depth; i++)
		text[6 + i] = '[';
	for (i = 0; i < depth; i++)
		text[6 + depth + i] = ']';
	text[6 + 2 * depth] = '\0';
	/* The root mapping is level 1: the 64th '[', level 65, is at column 70. */
	expect_error_n(text, strlen(text), "1:70: nested more than 64 deep; a policy needs 3 levels");
	free(text);

	/* 64 levels are still read (and then found to be no name). */
	assert_true(asprintf(&text, "name: %.63s%.63s\ndevice: all\n",
			     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
			     "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]") > 0);
	expect_error_n(text, strlen(text), "1:7: name: expected a value, found a list");
	free(text);
}

/* Only regular files are read, and only up to 16 MiB. */
static void policy_file_kinds(void **state)
{
	char dir[] = "/tmp/wmibpf-test-XXXXXX", path[128];
	struct policy p;
	char *err = NULL;
	int fd;

	(void)state;
	assert_non_null(mkdtemp(dir));

	/* A FIFO nobody writes to would block for ever: the alarm fails the test. */
	snprintf(path, sizeof(path), "%s/fifo.yaml", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	alarm(10);
	assert_int_equal(policy_parse_file(path, &p, &err), -EINVAL);
	alarm(0);
	assert_non_null(strstr(err, "fifo.yaml: a FIFO, not a policy file (a regular file)"));
	free(err);
	unlink(path);

	/* /dev/zero would read until malloc() fails. */
	assert_int_equal(policy_parse_file("/dev/zero", &p, &err), -EINVAL);
	assert_string_equal(err, "/dev/zero: a character device, not a policy file (a regular "
			    "file)");
	free(err);

	assert_int_equal(policy_parse_file(dir, &p, &err), -EINVAL);
	assert_non_null(strstr(err, ": a directory, not a policy file"));
	free(err);

	/* A sparse file one byte over the cap: refused without parsing. */
	snprintf(path, sizeof(path), "%s/big.yaml", dir);
	fd = open(path, O_WRONLY | O_CREAT, 0600);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, POLICY_MAX_FILE_SIZE + 1), 0);
	close(fd);
	assert_int_equal(policy_parse_file(path, &p, &err), -EFBIG);
	assert_non_null(strstr(err, "big.yaml: larger than 16 MiB, the most a policy file may be"));
	free(err);
	unlink(path);
	rmdir(dir);
}

static void names_of_values(void **state)
{
	(void)state;
	assert_string_equal(policy_action_name(WMI_ACTION_INTERCEPT), "intercept");
	assert_string_equal(policy_action_name(99), "?");
	assert_string_equal(policy_origin_name(WMI_POLICY_ORIGIN_USER), "user");
	assert_string_equal(policy_errno_name(EACCES), "EACCES");
	assert_null(policy_errno_name(4000));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(full_policy),
		cmocka_unit_test(minimal_policy_defaults),
		cmocka_unit_test(origins_written_out),
		cmocka_unit_test(event_rules),
		cmocka_unit_test(read_rules),
		cmocka_unit_test(block_rules),
		cmocka_unit_test(rule_names_policy_device),
		cmocka_unit_test(rule_device_in_all_policy),
		cmocka_unit_test(bpf_objects_resolved),
		cmocka_unit_test(policy_file_io),
		cmocka_unit_test(every_error),
		cmocka_unit_test(reader_errors),
		cmocka_unit_test(errors_escaped),
		cmocka_unit_test(nesting_depth),
		cmocka_unit_test(policy_file_kinds),
		cmocka_unit_test(names_of_values),
	};

	return cmocka_run_group_tests_name("policy", tests, NULL, NULL);
}

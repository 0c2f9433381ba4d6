// SPDX-License-Identifier: GPL-2.0
/*
 * Rule encoding (loader/encode.c): the map entries the BPF policy reads,
 * the pattern mask, and which rule a call meets, looked up as the BPF
 * program does.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "device_info.h"
#include "encode.h"

#define ACME "FE733490-2E22-4EDB-A7B5-BC248874D383"
#define ZONES "1E8FEC9B-04A5-4ED1-B79D-B77EF1152878"

static const char policy_text[] =
	"name: t\n"
	"device: all\n"
	"default: { action: deny, errno: EBUSY }\n"
	"rules:\n"
	"  - device: " ACME "\n"		/* 1: exact */
	"    method: 6\n"
	"    origin: user\n"
	"    uid: 1000\n"
	"    gid: 100\n"
	"    action: deny\n"
	"    errno: EACCES\n"
	"  - device: " ACME "\n"		/* 2: any uid/gid */
	"    method: 6\n"
	"    origin: user\n"
	"    action: allow\n"
	"  - method: 1\n"			/* 3: any device */
	"    action: emulate\n"
	"    answer: 7\n"
	"    audit: true\n"
	"  - origin: kernel\n"			/* 4: kernel calls to anything */
	"    action: audit\n";

static struct policy p;
static struct policy_tables t;

static int setup(void **state)
{
	(void)state;
	if (policy_parse_buffer("t.yaml", policy_text, strlen(policy_text), &p, NULL))
		return -1;
	return encode_policy(&p, &t);
}

static int teardown(void **state)
{
	(void)state;
	encode_free(&t);
	policy_free(&p);
	return 0;
}

static void entries(void **state)
{
	struct wmi_guid acme;

	(void)state;
	assert_int_equal(t.nr, 4);
	assert_int_equal(wmi_guid_parse(ACME, &acme), 0);

	assert_memory_equal(t.keys[0].guid, acme.b, 16);
	assert_int_equal(t.keys[0].method_id, 6);
	assert_int_equal(t.keys[0].origin, WMI_POLICY_ORIGIN_USER);
	assert_int_equal(t.keys[0].uid, 1000);
	assert_int_equal(t.keys[0].gid, 100);
	assert_int_equal(t.values[0].id, 1);
	assert_int_equal(t.values[0].action, WMI_ACTION_DENY);
	assert_int_equal(t.values[0].error, EACCES);
	assert_int_equal(t.values[0].flags, 0);
	assert_int_equal(t.values[0].line, 5);

	assert_int_equal(t.keys[2].method_id, 1);
	assert_int_equal(t.keys[2].origin, WMI_POLICY_ORIGIN_USER);	/* none given */
	assert_int_equal(t.keys[2].uid, WMI_POLICY_ANY);
	assert_int_equal(t.values[2].answer, 7);
	assert_int_equal(t.values[2].flags, WMI_RULE_F_AUDIT);
	assert_int_equal(t.values[3].flags, WMI_RULE_F_AUDIT);	/* the audit action */

	assert_int_equal(t.default_action, WMI_ACTION_DENY);
	assert_int_equal(t.default_error, EBUSY);
	assert_int_equal(t.default_flags, 0);
	assert_int_equal(t.default_origin, WMI_POLICY_ORIGIN_USER);
}

static void pattern_mask(void **state)
{
	uint32_t any_user = WMI_PAT_ANY_UID | WMI_PAT_ANY_GID;

	(void)state;
	assert_int_equal(encode_pattern(&p.rules[0]), 0);
	assert_int_equal(encode_pattern(&p.rules[1]), any_user);
	assert_int_equal(encode_pattern(&p.rules[2]), WMI_PAT_ANY_GUID | any_user);
	/* rule 4 names no method: it is for any kind of call */
	assert_int_equal(encode_pattern(&p.rules[3]),
			 WMI_PAT_ANY_KIND | WMI_PAT_ANY_GUID | WMI_PAT_ANY_METHOD | any_user);
	assert_int_equal(t.pattern_mask, 1ull << 0 | 1ull << any_user |
			 1ull << (WMI_PAT_ANY_GUID | any_user) |
			 1ull << (WMI_PAT_ANY_KIND | WMI_PAT_ANY_GUID | WMI_PAT_ANY_METHOD |
				  any_user));
}

/* The most specific rule wins, whatever the order in the file. */
static void matching(void **state)
{
	struct wmi_guid acme, zones;

	(void)state;
	wmi_guid_parse(ACME, &acme);
	wmi_guid_parse(ZONES, &zones);

	assert_int_equal(encode_match(&t, acme.b, 6, WMI_POLICY_ORIGIN_USER, 1000, 100), 1);
	assert_int_equal(encode_match(&t, acme.b, 6, WMI_POLICY_ORIGIN_USER, 1000, 5), 2);
	assert_int_equal(encode_match(&t, acme.b, 6, WMI_POLICY_ORIGIN_USER, 0, 0), 2);
	assert_int_equal(encode_match(&t, zones.b, 1, WMI_POLICY_ORIGIN_USER, 0, 0), 3);
	/* Rule 3 has no origin: it is for user space, a driver's call meets rule 4. */
	assert_int_equal(encode_match(&t, acme.b, 1, WMI_POLICY_ORIGIN_KERNEL, 0, 0), 4);
	assert_int_equal(encode_match(&t, zones.b, 9, WMI_POLICY_ORIGIN_KERNEL, 0, 0), 4);
	/* Kernel calls to method 6 of acme: rules 1 and 2 are for user space. */
	assert_int_equal(encode_match(&t, acme.b, 6, WMI_POLICY_ORIGIN_KERNEL, 0, 0), 4);
	/* Nothing for user calls to other methods: the default. */
	assert_int_equal(encode_match(&t, zones.b, 9, WMI_POLICY_ORIGIN_USER, 0, 0), 0);
	assert_true(encode_default_applies(&t, WMI_POLICY_ORIGIN_USER));
}

/* ACME and ZONES aliases of one another, as device_aliases() lists them. */
static void acme_zones_aliased(struct wmi_alias al[2])
{
	wmi_guid_parse(ACME, &al[0].guid);
	wmi_guid_parse(ZONES, &al[0].alias);
	al[1].guid = al[0].alias;
	al[1].alias = al[0].guid;
}

/* The rule a call through guid meets, with caps. */
static size_t meets(const struct policy_tables *pt, const struct wmi_guid *guid, uint32_t method,
		    uint32_t uid, uint64_t caps)
{
	struct encode_call c = {
		.guid = guid->b, .method_id = method, .origin = WMI_POLICY_ORIGIN_USER,
		.uid = uid, .gid = 0, .caps = caps,
	};

	return encode_match_call(pt, &c);
}

/*
 * Aliased devices (the same firmware method through two GUIDs) are one
 * device to a policy: rules naming either, merged as one device's are
 * (a conditional exception before a plain rule, the more specific key
 * first), decide calls through both alike.
 */
static void aliases(void **state)
{
	static const char text[] =
		"name: a\n"
		"device: all\n"
		"rules:\n"
		"  - device: " ACME "\n"		/* 1 */
		"    method: 6\n"
		"    action: deny\n"
		"  - device: " ZONES "\n"		/* 2: more specific, through the alias */
		"    method: 6\n"
		"    uid: 1000\n"
		"    action: allow\n"
		"  - device: " ZONES "\n"		/* 3: an exception with a condition */
		"    method: 8\n"
		"    cap: CAP_SYS_ADMIN\n"
		"    action: allow\n"
		"  - device: " ZONES "\n"		/* 4 */
		"    method: 8\n"
		"    action: deny\n"
		"  - method: 1\n"			/* 5: any device */
		"    action: deny\n";
	const uint64_t admin = 1ull << 21;
	struct wmi_alias al[2];
	struct policy_tables at;
	struct policy ap;
	char err[256] = "";
	size_t i, before;

	(void)state;
	assert_int_equal(policy_parse_buffer("a.yaml", text, strlen(text), &ap, NULL), 0);
	acme_zones_aliased(al);
	assert_int_equal(encode_same_devices(&ap, al, 2, err, sizeof(err)), 0);
	assert_int_equal(encode_policy(&ap, &at), 0);
	before = at.nr_keys;
	assert_int_equal(encode_aliases(&at, al, 2), 0);
	/* Each key of the device under the alias too, marked. */
	assert_int_equal(at.nr_keys, 2 * before - 1);	/* the any-device key stays one */
	for (i = before; i < at.nr_keys; i++) {
		assert_memory_equal(at.keys[i].guid, al[0].alias.b, 16);
		assert_true(at.values[i].flags & WMI_RULE_F_ALIAS);
	}
	/* Through either GUID, the same rules. */
	for (i = 0; i < 2; i++) {
		const struct wmi_guid *g = i ? &al[0].alias : &al[0].guid;

		assert_int_equal(meets(&at, g, 6, 0, 0), 1);
		assert_int_equal(meets(&at, g, 6, 1000, 0), 2);
		assert_int_equal(meets(&at, g, 8, 0, 0), 4);
		assert_int_equal(meets(&at, g, 8, 0, admin), 3);
		assert_int_equal(meets(&at, g, 1, 0, 0), 5);
	}
	/* No aliases, nothing new. */
	before = at.nr_keys;
	assert_int_equal(encode_aliases(&at, NULL, 0), 0);
	assert_int_equal(at.nr_keys, before);
	encode_free(&at);
	policy_free(&ap);
}

/*
 * Rules of aliased devices for the same calls, with conditions or not:
 * which decides would hang on how they merged (a conditional rule for the
 * alias would come before the device's plain one), so they are refused.
 */
static void alias_conflict(const char *second, const char *why)
{
	char text[512], err[256] = "";
	struct wmi_alias al[2];
	struct policy ap;

	snprintf(text, sizeof(text),
		 "name: a\n"
		 "device: all\n"
		 "rules:\n"
		 "  - device: " ACME "\n"
		 "    method: 7\n"
		 "    action: deny\n"
		 "  - device: " ZONES "\n"
		 "    method: 7\n"
		 "%s", second);
	assert_int_equal(policy_parse_buffer("a.yaml", text, strlen(text), &ap, NULL), 0);
	acme_zones_aliased(al);
	/* Without aliases they are two devices' rules. */
	assert_int_equal(encode_same_devices(&ap, NULL, 0, err, sizeof(err)), 0);
	if (encode_same_devices(&ap, al, 2, err, sizeof(err)) != -EEXIST)
		fail_msg("%s: not refused", why);
	assert_string_equal(err, "7: this rule and the one at line 4 are for the same calls: "
			    "their devices are aliases on this machine (the same firmware "
			    "method); write them for one of the two");
	policy_free(&ap);
}

static void aliases_conflict(void **state)
{
	(void)state;
	alias_conflict("    action: allow\n", "two plain rules");
	alias_conflict("    cap: CAP_SYS_ADMIN\n    action: allow\n",
		       "a conditional rule for the alias");
}

/*
 * 'default: deny' on every device, and a rule for every method: the
 * drivers' own calls meet neither, as if the policy were not there.
 */
static void default_leaves_drivers_be(void **state)
{
	static const char text[] =
		"name: d\ndevice: all\ndefault: deny\nrules:\n  - method: any\n    action: audit\n";
	static const char any[] =
		"name: d\ndevice: all\ndefault: { action: deny, origin: any }\n";
	struct policy_tables dt;
	struct policy d;
	uint8_t g[16] = { 1 };

	(void)state;
	assert_int_equal(policy_parse_buffer("d.yaml", text, strlen(text), &d, NULL), 0);
	assert_int_equal(encode_policy(&d, &dt), 0);
	assert_int_equal(encode_match(&dt, g, 3, WMI_POLICY_ORIGIN_USER, 0, 0), 1);
	assert_int_equal(encode_match(&dt, g, 3, WMI_POLICY_ORIGIN_KERNEL, 0, 0), 0);
	assert_false(encode_default_applies(&dt, WMI_POLICY_ORIGIN_KERNEL));
	assert_true(encode_default_applies(&dt, WMI_POLICY_ORIGIN_USER));
	encode_free(&dt);
	policy_free(&d);

	/* Written out, the default is for everyone. */
	assert_int_equal(policy_parse_buffer("d.yaml", any, strlen(any), &d, NULL), 0);
	assert_int_equal(encode_policy(&d, &dt), 0);
	assert_int_equal(dt.default_origin, WMI_POLICY_ORIGIN_ANY);
	assert_true(encode_default_applies(&dt, WMI_POLICY_ORIGIN_KERNEL));
	encode_free(&dt);
	policy_free(&d);
}

/*
 * Event rules decide events only, method rules (even those for origin
 * any and method any) calls only; an event's data is matched as input.
 */
static void events_apart(void **state)
{
	static const char text[] =
		"name: k\ndevice: all\ndefault: deny\nrules:\n"
		"  - event: 0xd0\n    input: [{ offset: 0, width: 4, value: 0xdead }]\n"
		"    action: drop\n"
		"  - event: any\n    action: audit\n"
		"  - origin: any\n    action: allow\n"
		"  - method: 0xd0\n    action: deny\n";
	static const uint8_t dead[] = { 0xad, 0xde, 0, 0 }, other[] = { 0x2a, 0, 0, 0 };
	struct encode_call ev = {
		.origin = WMI_POLICY_ORIGIN_EVENT, .method_id = 0xd0,
		.uid = WMI_POLICY_ANY, .gid = WMI_POLICY_ANY,
	};
	struct policy_tables kt;
	struct policy k;
	uint8_t g[16] = { 7 };

	(void)state;
	ev.guid = g;
	assert_int_equal(policy_parse_buffer("k.yaml", text, strlen(text), &k, NULL), 0);
	assert_int_equal(encode_policy(&k, &kt), 0);
	ev.input = dead;
	ev.input_len = sizeof(dead);
	assert_int_equal(encode_match_call(&kt, &ev), 1);
	ev.input = other;
	assert_int_equal(encode_match_call(&kt, &ev), 2);
	/* Data too short for the field: not the drop rule. */
	ev.input_len = 2;
	assert_int_equal(encode_match_call(&kt, &ev), 2);
	ev.method_id = 0x80;
	assert_int_equal(encode_match_call(&kt, &ev), 2);
	/* Calls never meet the event rules. */
	assert_int_equal(encode_match(&kt, g, 0xd0, WMI_POLICY_ORIGIN_USER, 0, 0), 4);
	assert_int_equal(encode_match(&kt, g, 5, WMI_POLICY_ORIGIN_KERNEL, 0, 0), 3);
	encode_free(&kt);
	policy_free(&k);
}

/*
 * Query and set rules decide a block's queries and sets only, by the
 * instance where a method rule has its method; method rules (even for
 * any method) never decide them, nor they a method call. A set's data is
 * matched as input.
 */
static void blocks_apart(void **state)
{
	static const char text[] =
		"name: b\ndevice: all\ndefault: deny\nrules:\n"
		"  - set: 0\n    input: [{ offset: 0, width: 1, max: 49 }]\n"
		"    action: deny\n    errno: EINVAL\n"
		"  - set: any\n    action: audit\n"
		"  - query: 1\n    action: emulate\n    answer: 7\n"
		"  - method: any\n    origin: any\n    action: allow\n"
		"  - query: any\n    origin: kernel\n    action: allow\n";
	static const uint8_t low[] = { 40, 0, 0, 0 }, high[] = { 80, 0, 0, 0 };
	struct encode_call set = {
		.kind = WMI_POLICY_KIND_SET, .origin = WMI_POLICY_ORIGIN_USER, .method_id = 0,
	};
	struct encode_call query = { .kind = WMI_POLICY_KIND_QUERY, .origin = WMI_POLICY_ORIGIN_USER };
	struct policy_tables bt;
	struct policy b;
	uint8_t g[16] = { 9 };

	(void)state;
	set.guid = query.guid = g;
	assert_int_equal(policy_parse_buffer("b.yaml", text, strlen(text), &b, NULL), 0);
	assert_int_equal(encode_policy(&b, &bt), 0);
	assert_int_equal(bt.nr_keys, 5);
	assert_int_equal(bt.keys[0].kind, WMI_POLICY_KIND_SET);
	assert_int_equal(bt.keys[0].method_id, 0);
	assert_int_equal(bt.keys[2].kind, WMI_POLICY_KIND_QUERY);
	assert_int_equal(bt.keys[3].kind, WMI_POLICY_KIND_METHOD);

	/* a set of instance 0: by its data, then any instance's rule */
	set.input = low;
	set.input_len = sizeof(low);
	assert_int_equal(encode_match_call(&bt, &set), 1);
	set.input = high;
	assert_int_equal(encode_match_call(&bt, &set), 2);
	set.input_len = 0;
	assert_int_equal(encode_match_call(&bt, &set), 2);
	set.method_id = 3;
	set.input = low;
	set.input_len = sizeof(low);
	assert_int_equal(encode_match_call(&bt, &set), 2);
	/* a driver's set: no rule (set rules are for user space); the default is too */
	set.origin = WMI_POLICY_ORIGIN_KERNEL;
	assert_int_equal(encode_match_call(&bt, &set), 0);
	assert_false(encode_default_applies(&bt, WMI_POLICY_ORIGIN_KERNEL));

	/* queries: instance 1 emulated, another one the default's; a driver's by rule 5 */
	query.method_id = 1;
	assert_int_equal(encode_match_call(&bt, &query), 3);
	query.method_id = 0;
	assert_int_equal(encode_match_call(&bt, &query), 0);
	query.origin = WMI_POLICY_ORIGIN_KERNEL;
	assert_int_equal(encode_match_call(&bt, &query), 5);

	/* method calls meet the method rule, never a block's (method 1 is no instance) */
	assert_int_equal(encode_match(&bt, g, 1, WMI_POLICY_ORIGIN_USER, 0, 0), 4);
	assert_int_equal(encode_match(&bt, g, 0, WMI_POLICY_ORIGIN_KERNEL, 0, 0), 4);
	encode_free(&bt);
	policy_free(&b);
}

/*
 * A rule that names no method, query or set is for every call: method
 * calls, queries and sets meet it, ranked as a rule for any method: a
 * rule for their own kind beats it only where the two are otherwise alike
 * (rule 2 for user 1000's sets); a rule for every call of one uid beats
 * one for any method or query of every uid (rules 5 and 6). Events never
 * meet it.
 */
static void any_kind(void **state)
{
	static const char text[] =
		"name: a\ndevice: all\nrules:\n"
		"  - uid: 1000\n    action: deny\n"
		"  - set: any\n    uid: 1000\n    action: audit\n"
		"  - origin: kernel\n    action: allow\n"
		"  - query: any\n    origin: kernel\n    device: " ACME "\n    action: audit\n"
		"  - method: any\n    action: allow\n"
		"  - query: any\n    action: allow\n";
	struct encode_call call = { .origin = WMI_POLICY_ORIGIN_USER, .uid = 1000 };
	struct encode_call ev = {
		.origin = WMI_POLICY_ORIGIN_EVENT, .method_id = 0xd0,
		.uid = WMI_POLICY_ANY, .gid = WMI_POLICY_ANY,
	};
	struct policy_tables at;
	struct policy a;
	struct wmi_guid acme;
	uint8_t g[16] = { 5 };

	(void)state;
	wmi_guid_parse(ACME, &acme);
	call.guid = ev.guid = g;
	assert_int_equal(policy_parse_buffer("a.yaml", text, strlen(text), &a, NULL), 0);
	assert_int_equal(a.rules[0].kind, WMI_POLICY_KIND_ANY);
	assert_int_equal(a.rules[2].kind, WMI_POLICY_KIND_ANY);
	assert_int_equal(encode_policy(&a, &at), 0);
	assert_int_equal(at.keys[0].kind, WMI_POLICY_KIND_ANY);
	assert_int_equal(at.keys[0].method_id, WMI_POLICY_ANY);

	call.kind = WMI_POLICY_KIND_METHOD;
	call.method_id = 6;
	assert_int_equal(encode_match_call(&at, &call), 1);
	call.kind = WMI_POLICY_KIND_QUERY;
	call.method_id = 0;
	assert_int_equal(encode_match_call(&at, &call), 1);
	call.kind = WMI_POLICY_KIND_SET;
	assert_int_equal(encode_match_call(&at, &call), 2);
	/* other users: their kind's rules for every uid, none for sets */
	call.uid = 0;
	assert_int_equal(encode_match_call(&at, &call), 0);
	call.kind = WMI_POLICY_KIND_QUERY;
	assert_int_equal(encode_match_call(&at, &call), 6);
	call.kind = WMI_POLICY_KIND_METHOD;
	assert_int_equal(encode_match_call(&at, &call), 5);
	call.kind = WMI_POLICY_KIND_SET;
	/* the drivers' calls of every kind; a query of acme by its own rule */
	call.origin = WMI_POLICY_ORIGIN_KERNEL;
	assert_int_equal(encode_match_call(&at, &call), 3);
	call.kind = WMI_POLICY_KIND_QUERY;
	assert_int_equal(encode_match_call(&at, &call), 3);
	call.guid = acme.b;
	assert_int_equal(encode_match_call(&at, &call), 4);
	call.kind = WMI_POLICY_KIND_METHOD;
	assert_int_equal(encode_match_call(&at, &call), 3);
	/* events meet no call rule */
	assert_int_equal(encode_match_call(&at, &ev), 0);
	encode_free(&at);
	policy_free(&a);
}

/*
 * Read rules decide opens of an event node only, by the opener's uid and
 * gid: reader keys (origin reader, any method), which method calls and
 * events never look up, and which opens look up alone.
 */
static void readers_apart(void **state)
{
	static const char text[] =
		"name: r\ndevice: 59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1\ndefault: deny\nrules:\n"
		"  - read: events\n    uid: 0\n    action: allow\n"
		"  - read: events\n    gid: 1001\n    action: allow\n"
		"  - read: events\n    action: deny\n    errno: EACCES\n"
		"  - origin: any\n    action: allow\n"
		"  - event: any\n    action: audit\n";
	struct encode_call open = { .origin = WMI_POLICY_ORIGIN_READER, .method_id = 0xd0 };
	struct encode_call ev = {
		.origin = WMI_POLICY_ORIGIN_EVENT, .method_id = 0xd0,
		.uid = WMI_POLICY_ANY, .gid = WMI_POLICY_ANY,
	};
	struct policy_tables rt;
	struct policy r;
	uint8_t g[16];
	size_t i;

	(void)state;
	assert_int_equal(policy_parse_buffer("r.yaml", text, strlen(text), &r, NULL), 0);
	memcpy(g, r.device.b, sizeof(g));
	open.guid = ev.guid = g;
	assert_int_equal(encode_policy(&r, &rt), 0);
	assert_int_equal(rt.nr_keys, 5);
	/* the keys: reader origin, any method, the uid and gid written or any */
	for (i = 0; i < 3; i++) {
		assert_int_equal(rt.keys[i].origin, WMI_POLICY_ORIGIN_READER);
		assert_int_equal(rt.keys[i].method_id, WMI_POLICY_ANY);
		assert_int_equal(rt.values[i].id, i + 1);
	}
	assert_int_equal(rt.keys[0].uid, 0);
	assert_int_equal(rt.keys[0].gid, WMI_POLICY_ANY);
	assert_int_equal(rt.keys[1].uid, WMI_POLICY_ANY);
	assert_int_equal(rt.keys[1].gid, 1001);
	assert_int_equal(rt.keys[2].uid, WMI_POLICY_ANY);
	assert_int_equal(rt.keys[2].gid, WMI_POLICY_ANY);
	assert_int_equal(rt.values[2].action, WMI_ACTION_DENY);
	assert_int_equal(rt.values[2].error, EACCES);
	assert_int_equal(rt.nr_gids, 1);
	assert_int_equal(rt.gids[0], 1001);
	assert_true(rt.pattern_mask & (1ull << (WMI_PAT_ANY_METHOD | WMI_PAT_ANY_GUID |
					      WMI_PAT_ANY_GID)));
	assert_true(rt.pattern_mask & (1ull << (WMI_PAT_ANY_METHOD | WMI_PAT_ANY_GUID |
					      WMI_PAT_ANY_UID)));
	assert_true(rt.pattern_mask & (1ull << (WMI_PAT_ANY_METHOD | WMI_PAT_ANY_GUID |
					      WMI_PAT_ANY_UID | WMI_PAT_ANY_GID)));

	/* opens: root, the group, the others */
	open.uid = 0;
	open.gid = 0;
	assert_int_equal(encode_match_call(&rt, &open), 1);
	open.uid = 1000;
	open.gid = 1001;
	assert_int_equal(encode_match_call(&rt, &open), 2);
	open.gid = 1000;
	assert_int_equal(encode_match_call(&rt, &open), 3);
	/* calls never meet the read rules, nor events; opens neither meets theirs */
	assert_int_equal(encode_match(&rt, g, 1, WMI_POLICY_ORIGIN_USER, 1000, 1000), 4);
	assert_int_equal(encode_match(&rt, g, 1, WMI_POLICY_ORIGIN_KERNEL, 0, 0), 4);
	assert_int_equal(encode_match_call(&rt, &ev), 5);
	encode_free(&rt);
	policy_free(&r);

	/* without read rules, an open matches nothing: the node's mode decides */
	static const char none[] =
		"name: n\ndevice: all\ndefault: deny\nrules:\n"
		"  - origin: any\n    action: deny\n"
		"  - event: any\n    action: drop\n";
	assert_int_equal(policy_parse_buffer("n.yaml", none, strlen(none), &r, NULL), 0);
	assert_int_equal(encode_policy(&r, &rt), 0);
	assert_int_equal(encode_match_call(&rt, &open), 0);
	encode_free(&rt);
	policy_free(&r);
}

static void empty_policy(void **state)
{
	struct policy e;
	struct policy_tables et;
	uint8_t g[16] = { 0 };

	(void)state;
	assert_int_equal(policy_parse_buffer("e.yaml", "name: e\ndevice: all\ndefault: audit\n",
					     35, &e, NULL), 0);
	assert_int_equal(encode_policy(&e, &et), 0);
	assert_int_equal(et.nr, 0);
	assert_int_equal(et.pattern_mask, 0);
	assert_int_equal(et.default_action, WMI_ACTION_AUDIT);
	assert_int_equal(et.default_flags, WMI_RULE_F_AUDIT);
	assert_int_equal(encode_match(&et, g, 1, WMI_POLICY_ORIGIN_USER, 0, 0), 0);
	encode_free(&et);
	policy_free(&e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(entries),
		cmocka_unit_test(pattern_mask),
		cmocka_unit_test(matching),
		cmocka_unit_test(aliases),
		cmocka_unit_test(aliases_conflict),
		cmocka_unit_test(empty_policy),
		cmocka_unit_test(events_apart),
		cmocka_unit_test(blocks_apart),
		cmocka_unit_test(any_kind),
		cmocka_unit_test(readers_apart),
		cmocka_unit_test(default_leaves_drivers_be),
	};

	return cmocka_run_group_tests_name("encode", tests, setup, teardown);
}

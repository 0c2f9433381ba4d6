// SPDX-License-Identifier: GPL-2.0
/*
 * Rules with conditions (loader/policy_cond.c, policy_check.c, encode.c,
 * cond_text.c): input fields and capabilities as written, every error
 * with its place, rules that can never match, the chains the program
 * walks, and what it decides for a call.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cond_text.h"
#include "encode.h"

#define PATH "/etc/wmibpf/policies.d/t.yaml"
#define HEAD "name: t\ndevice: all\nrules:\n"
#define CAP_SYS_RAWIO	17
#define CAP_SYS_ADMIN	21

static int parse(const char *text, struct policy *p, char **err)
{
	return policy_parse_buffer(PATH, text, strlen(text), p, err);
}

static void fields_as_written(void **state)
{
	static const char text[] = HEAD
		"  - method: 0\n"
		"    input:\n"
		"      - { offset: 0, width: 2, value: 11 }\n"
		"      - { offset: 2, width: 2, min: 3, max: 0x7 }\n"
		"      - { offset: 4, mask: 0xff00, min: 0x100 }\n"
		"      - { offset: 8, width: 8, max: 0xffffffffffffffff }\n"
		"    cap: [CAP_SYS_ADMIN, CAP_SYS_RAWIO]\n"
		"    action: allow\n"
		"  - method: 0\n"
		"    cap: CAP_SYS_RAWIO\n"
		"    min_size: 36\n"
		"    action: deny\n"
		"  - method: 0\n"
		"    action: deny\n";
	const struct wmi_rule_field *f;
	struct policy p;
	char *err = NULL;

	(void)state;
	assert_int_equal(parse(text, &p, &err), 0);
	assert_null(err);
	assert_int_equal(p.nr_rules, 3);
	assert_non_null(p.rules[0].cond);
	assert_int_equal(p.rules[0].cond->nr_fields, 4);
	assert_int_equal(p.rules[0].cond->caps, 1ull << CAP_SYS_ADMIN | 1ull << CAP_SYS_RAWIO);
	f = p.rules[0].cond->fields;
	/* value: a range of one; the mask is the whole field unless written. */
	assert_int_equal(f[0].offset, 0);
	assert_int_equal(f[0].width, 2);
	assert_int_equal(f[0].mask, 0xffff);
	assert_int_equal(f[0].min, 11);
	assert_int_equal(f[0].max, 11);
	assert_int_equal(f[1].min, 3);
	assert_int_equal(f[1].max, 7);
	/* The width is 4 unless written; max defaults to the mask. */
	assert_int_equal(f[2].width, 4);
	assert_int_equal(f[2].mask, 0xff00);
	assert_int_equal(f[2].min, 0x100);
	assert_int_equal(f[2].max, 0xff00);
	assert_int_equal(f[3].width, 8);
	assert_true(f[3].max == UINT64_MAX);
	assert_int_equal(p.rules[1].cond->nr_fields, 0);
	assert_int_equal(p.rules[1].cond->caps, 1ull << CAP_SYS_RAWIO);
	assert_int_equal(p.rules[1].cond->min_size, 36);
	assert_int_equal(p.rules[0].cond->min_size, 0);
	assert_null(p.rules[2].cond);
	policy_free(&p);
}

struct bad {
	const char *text;
	const char *error;	/* after "PATH:" */
};

static const struct bad bad_conditions[] = {
	{ HEAD "  - action: allow\n    input: { offset: 0 }\n",
	  "5:12: input: expected a list of fields ('- { offset: 0, value: 1 }'), found a mapping" },
	{ HEAD "  - action: allow\n    input: []\n",
	  "5:12: input: an empty list; leave 'input' out to match any input" },
	{ HEAD "  - action: allow\n    input: [{offset: 0, value: 1}, {offset: 1, value: 1}, "
	  "{offset: 2, value: 1}, {offset: 3, value: 1}, {offset: 4, value: 1}]\n",
	  "5:12: input: 5 fields, at most 4 per rule" },
	{ HEAD "  - action: allow\n    input:\n      - { width: 2, value: 1 }\n",
	  "6:9: input field: 'offset' missing (bytes into the input)" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, size: 2, value: 1 }\n",
	  "6:22: input field: unknown key 'size', expected one of: offset, width, mask, value, "
	  "min, max" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, width: 3, value: 1 }\n",
	  "6:29: width: expected 1, 2, 4 or 8 (bytes), found '3'" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 32765, value: 1 }\n",
	  "6:19: offset: expected a number from 0 to 32764 (0x7ffc), found '32765'" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, width: 1, value: 256 }\n",
	  "6:39: value: expected a number from 0 to 255 (0xff), found '256'" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, value: 010 }\n",
	  "6:29: value: '010' has a leading zero; numbers are decimal, or hexadecimal after 0x, "
	  "never octal" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, mask: 0xf0, value: 1 }\n",
	  "6:41: value: 0x1 has bits outside the mask 0xf0, so no call matches it" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, mask: 0, value: 0 }\n",
	  "6:28: mask: 0 keeps no bit of the field; leave the field out to match any value" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, min: 5, max: 4 }\n",
	  "6:27: min: 5 is above max 4, so no call matches" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, mask: 0xf, min: 16 }\n",
	  "6:38: min: 16 is above the mask 0xf, the largest masked value, so no call matches" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, mask: 0xf0, min: 1, max: 15 }\n",
	  "6:39: input field: no value masked with 0xf0 is from 1 to 15, so no call matches" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, width: 1, mask: 0x81, min: 2, "
	  "max: 0x7f }\n",
	  "6:49: input field: no value masked with 0x81 is from 2 to 127, so no call matches" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, value: 1 }\n"
	  "      - { offset: 0, width: 1, value: 2 }\n",
	  "7:9: input field: no value is in both this range and the one before it for the same "
	  "bytes, so no call matches" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, width: 8, value: 0x0300000000 }\n"
	  "      - { offset: 2, mask: 0xff00, value: 0x0200 }\n",
	  "7:9: input field: no value is in both this range and the one before it for the same "
	  "bytes, so no call matches" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, value: 1, max: 4 }\n",
	  "6:37: input field: 'value' or 'min'/'max', not both" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, width: 2 }\n",
	  "6:9: input field: expected 'value', or 'min' and/or 'max'" },
	{ HEAD "  - action: allow\n    input:\n      - { offset: 0, max: 3 }\n"
	  "      - { offset: 0, min: 4 }\n",
	  "7:9: input field: no value is in both this range and the one before it for the same "
	  "bytes, so no call matches" },
	{ HEAD "  - action: allow\n    cap: CAP_SYS_RAWI0\n",
	  "5:10: cap: 'CAP_SYS_RAWI0' is no capability; expected a name such as CAP_SYS_RAWIO or "
	  "CAP_SYS_ADMIN (capabilities(7))" },
	{ HEAD "  - action: allow\n    cap: []\n",
	  "5:10: cap: an empty list; leave 'cap' out to match any caller" },
	{ HEAD "  - action: allow\n    cap: { name: CAP_BPF }\n",
	  "5:10: cap: expected a value, found a mapping" },
	{ HEAD "  - action: allow\n    origin: kernel\n    cap: CAP_SYS_RAWIO\n",
	  "5:13: origin: a rule with 'cap' is for user-space calls only (origin user, the "
	  "default)" },
	{ HEAD "  - action: deny\n    origin: any\n    cap: CAP_SYS_RAWIO\n",
	  "5:13: origin: a rule with 'cap' is for user-space calls only" },
	{ HEAD "  - action: allow\n    min_size: 0\n",
	  "5:15: min_size: 0 holds for every call; leave it out" },
	{ HEAD "  - action: allow\n    min_size: 32769\n",
	  "5:15: min_size: expected a number from 0 to 32768 (0x8000), found '32769'" },
	{ HEAD "  - method: 0\n    min_size: 8\n    action: deny\n"
	  "  - method: 0\n    min_size: 36\n    action: allow\n",
	  "7:5: rule: can never match: every call it matches, the rule at line 4 matches first" },
	/* What the rules mean together. */
	{ HEAD "  - method: 0\n    action: deny\n"
	  "  - method: 0\n    input: [{ offset: 0, value: 1 }]\n    action: allow\n",
	  "6:5: rule: can never match: the rule at line 4, for the same calls without "
	  "conditions, decides them first; move this rule above it" },
	{ HEAD "  - method: 0\n    input: [{ offset: 0, min: 1, max: 9 }]\n    action: deny\n"
	  "  - method: 0\n    input: [{ offset: 0, value: 3 }, { offset: 4, value: 1 }]\n"
	  "    cap: CAP_SYS_RAWIO\n    action: allow\n",
	  "7:5: rule: can never match: every call it matches, the rule at line 4 matches first; "
	  "move this rule above it or narrow that one" },
	{ HEAD "  - method: 0\n    cap: CAP_SYS_RAWIO\n    action: deny\n"
	  "  - method: 0\n    cap: [CAP_SYS_ADMIN, CAP_SYS_RAWIO]\n    action: allow\n",
	  "7:5: rule: can never match: every call it matches, the rule at line 4 matches first" },
	{ HEAD "  - method: 0\n    input: [{ offset: 0, value: 3 }]\n    action: deny\n"
	  "  - method: 0\n    input: [{ offset: 0, min: 3, max: 3 }]\n    action: allow\n",
	  "7:5: rule: matches the same calls as the rule at line 4; merge them" },
	{ HEAD "  - method: 0\n    action: deny\n  - method: 0\n    action: allow\n",
	  "6:5: rule: matches the same calls as the rule at line 4; merge them" },
};

static void every_error(void **state)
{
	size_t i, n = strlen(PATH ":");

	(void)state;
	for (i = 0; i < sizeof(bad_conditions) / sizeof(bad_conditions[0]); i++) {
		const struct bad *b = &bad_conditions[i];
		struct policy p;
		char *err = NULL;
		int ret;

		ret = parse(b->text, &p, &err);
		if (ret != -EINVAL || !err || strncmp(err, PATH ":", n) ||
		    strncmp(err + n, b->error, strlen(b->error)))
			fail_msg("policy %zu:\n%s\ngave %d '%s', expected '" PATH ":%s'", i,
				 b->text, ret, err ? err : "(null)", b->error);
		assert_null(p.rules);
		free(err);
	}
}

/* What is not an error: rules of one key that each can decide some call. */
static void reachable_rules(void **state)
{
	static const char text[] = HEAD
		/* Narrower before wider, and a rule without conditions last. */
		"  - method: 0\n    input: [{ offset: 0, value: 3 }]\n    action: allow\n"
		"  - method: 0\n    input: [{ offset: 0, min: 1, max: 9 }]\n    action: deny\n"
		/* Another field, other caps: neither implies the other. */
		"  - method: 0\n    input: [{ offset: 2, value: 3 }]\n    action: deny\n"
		"  - method: 0\n    cap: CAP_SYS_RAWIO\n    action: allow\n"
		"  - method: 0\n    action: deny\n"
		/* The same conditions for another key. */
		"  - method: 1\n    input: [{ offset: 0, value: 3 }]\n    action: allow\n"
		/* Masked ranges that hold a masked value; fields that agree where they meet. */
		"  - method: 2\n    input: [{ offset: 0, width: 1, mask: 0x81, min: 2, max: 0x80 },\n"
		"            { offset: 1, mask: 0xf0, min: 1 },\n"
		"            { offset: 8, width: 8, mask: 0x7fffffffffffffff,\n"
		"              min: 0x7fffffffffffffff }]\n    action: allow\n"
		"  - method: 3\n    input: [{ offset: 0, value: 0x0201 }, { offset: 1, width: 1, value: 2 },\n"
		"            { offset: 1, width: 1, mask: 0xf0, value: 0 }]\n    action: allow\n";
	struct policy p;
	char *err = NULL;

	(void)state;
	assert_int_equal(parse(text, &p, &err), 0);
	assert_null(err);
	assert_int_equal(p.nr_rules, 8);
	policy_free(&p);
}

/* n rules for method 0, each with a condition of its own. */
static char *chain_of(size_t n)
{
	size_t size = 64 + n * 128, len, i;
	char *text = malloc(size);

	assert_non_null(text);
	len = snprintf(text, size, HEAD);
	for (i = 0; i < n; i++)
		len += snprintf(text + len, size - len, "  - method: 0\n    input: [{ offset: 0, "
				"value: %zu }]\n    action: deny\n", i);
	return text;
}

/* A key has at most WMI_RULE_MAX_CHAIN rules with conditions. */
static void chain_limit(void **state)
{
	char *text, *err = NULL, want[128];
	struct policy p;

	(void)state;
	text = chain_of(WMI_RULE_MAX_CHAIN + 1);
	assert_int_equal(parse(text, &p, &err), -EINVAL);
	snprintf(want, sizeof(want), PATH ":%u:5: rule: more than 64 rules with conditions for "
		 "the same calls (from the rule at line 4)", 4 + 3 * WMI_RULE_MAX_CHAIN);
	assert_non_null(err);
	assert_memory_equal(err, want, strlen(want));
	free(err);
	free(text);

	text = chain_of(WMI_RULE_MAX_CHAIN);
	assert_int_equal(parse(text, &p, &err), 0);
	assert_int_equal(p.nr_rules, WMI_RULE_MAX_CHAIN);
	policy_free(&p);
	free(text);
}

static const char chain_text[] = HEAD
	"  - method: 1\n    action: allow\n"						/* 1 */
	"  - method: 0\n    input: [{ offset: 0, width: 2, value: 11 }]\n"
	"    cap: CAP_SYS_RAWIO\n    action: allow\n"				/* 2 */
	"  - method: 0\n    input: [{ offset: 0, width: 2, value: 11 }]\n"
	"    action: deny\n    errno: EACCES\n"					/* 3 */
	"  - method: 0\n    action: allow\n"						/* 4 */
	"  - method: 7\n    input: [{ offset: 4, mask: 0xff00, min: 0x200, max: 0x3ff }]\n"
	"    action: deny\n"							/* 5 */
	"  - method: 7\n    input: [{ offset: 8, width: 8, value: 0x100000000 }]\n"
	"    action: audit\n"							/* 6 */
	"  - method: any\n    input: [{ offset: 0, width: 1, value: 0x42 }]\n"
	"    action: deny\n"							/* 7 */
	"  - method: 3\n    min_size: 4\n    action: deny\n";			/* 8 */

static void chains_encoded(void **state)
{
	struct policy_tables t;
	struct policy p;
	size_t k;

	(void)state;
	assert_int_equal(parse(chain_text, &p, NULL), 0);
	assert_int_equal(encode_policy(&p, &t), 0);
	assert_int_equal(t.nr, 8);		/* each rule has its id and hit count */
	assert_int_equal(t.nr_keys, 5);		/* methods 1, 0, 7, any, 3 */
	assert_int_equal(t.nr_conds, 6);
	assert_int_equal(t.conds[5].min_size, 4);

	/* Keys in the order of their first rule. */
	assert_int_equal(t.keys[0].method_id, 1);
	assert_int_equal(t.values[0].id, 1);
	assert_int_equal(t.values[0].nr_conds, 0);

	assert_int_equal(t.keys[1].method_id, 0);
	assert_int_equal(t.values[1].id, 4);	/* the rule without conditions */
	assert_int_equal(t.values[1].flags, 0);
	assert_int_equal(t.values[1].nr_conds, 2);
	k = t.values[1].first_cond;
	assert_int_equal(t.conds[k].rule.id, 2);	/* file order */
	assert_int_equal(t.conds[k].caps, 1ull << CAP_SYS_RAWIO);
	assert_int_equal(t.conds[k].rule.line, 6);
	assert_int_equal(t.conds[k + 1].rule.id, 3);
	assert_int_equal(t.conds[k + 1].rule.error, EACCES);
	assert_int_equal(t.conds[k + 1].nr_fields, 1);
	assert_int_equal(t.conds[k + 1].fields[0].width, 2);

	/* A key with only a chain: the program goes on to the next pattern. */
	assert_int_equal(t.keys[2].method_id, 7);
	assert_int_equal(t.values[2].flags, WMI_RULE_F_CONDS_ONLY);
	assert_int_equal(t.values[2].nr_conds, 2);
	assert_int_equal(t.conds[t.values[2].first_cond + 1].rule.flags, WMI_RULE_F_AUDIT);
	assert_int_equal(t.keys[3].method_id, WMI_POLICY_ANY);
	encode_free(&t);
	policy_free(&p);
}

struct call {
	uint32_t method;
	uint64_t caps;
	uint8_t input[16];
	size_t len;
	size_t rule;		/* what decides: a rule's id, 0 for the default */
};

static const struct call calls[] = {
	{ 1, 0, { 0 }, 0, 1 },
	/* Class 11 with CAP_SYS_RAWIO, without, another class. */
	{ 0, 1ull << CAP_SYS_RAWIO, { 11, 0 }, 2, 2 },
	{ 0, 1ull << CAP_SYS_RAWIO | 1ull << CAP_SYS_ADMIN, { 11, 0 }, 4, 2 },
	{ 0, 1ull << CAP_SYS_ADMIN, { 11, 0 }, 2, 3 },
	{ 0, 0, { 11, 1 }, 2, 4 },		/* 0x10b, not 11 */
	{ 0, 0, { 12, 0 }, 2, 4 },
	/* Too short for the field: it does not match, the plain rule does. */
	{ 0, 1ull << CAP_SYS_RAWIO, { 11 }, 1, 4 },
	{ 0, 0, { 0 }, 0, 4 },
	/* Masked ranges, an 8-byte field. */
	{ 7, 0, { 0, 0, 0, 0, 0x00, 0x02, 0, 0 }, 8, 5 },
	{ 7, 0, { 0, 0, 0, 0, 0xff, 0x03, 0xff, 0xff }, 8, 5 },
	{ 7, 0, { 0, 0, 0, 0, 0xff, 0x04, 0, 0 }, 8, 0 },
	{ 7, 0, { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0 }, 16, 6 },
	{ 7, 0, { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0 }, 15, 0 },
	/* Method 7's chain does not hold: on to "method: any". */
	{ 7, 0, { 0x42 }, 8, 7 },
	{ 9, 0, { 0x42 }, 1, 7 },
	{ 9, 0, { 0x43 }, 1, 0 },
	/* Method 0 has a plain rule: "method: any" is never reached for it. */
	{ 0, 0, { 0x42 }, 1, 4 },
	/* A least input size. */
	{ 3, 0, { 0 }, 4, 8 },
	{ 3, 0, { 0 }, 16, 8 },
	{ 3, 0, { 0 }, 3, 0 },
};

static void decisions(void **state)
{
	static const uint8_t guid[16] = { 1 };
	struct policy_tables t;
	struct policy p;
	size_t i;

	(void)state;
	assert_int_equal(parse(chain_text, &p, NULL), 0);
	assert_int_equal(encode_policy(&p, &t), 0);
	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		struct encode_call c = {
			.guid = guid, .method_id = calls[i].method,
			.origin = WMI_POLICY_ORIGIN_USER, .uid = 1000, .gid = 1000,
			.caps = calls[i].caps, .input = calls[i].input, .input_len = calls[i].len,
		};
		size_t got = encode_match_call(&t, &c);

		if (got != calls[i].rule)
			fail_msg("call %zu (method %u): rule %zu decides, expected %zu", i,
				 calls[i].method, got, calls[i].rule);
	}
	encode_free(&t);
	policy_free(&p);
}

/*
 * Entries as bpftool could write them in the pinned maps: the host's
 * reading bounds them as the program does (and valgrind sees it read
 * nothing past the tables).
 */
static void hand_written(void **state)
{
	static const uint8_t guid[16] = { 1 };
	static const uint8_t in[2] = { 11, 0 };
	struct encode_call c = {
		.guid = guid, .method_id = 0, .origin = WMI_POLICY_ORIGIN_USER, .uid = 1000,
		.gid = 1000, .input = in, .input_len = sizeof(in),
	};
	struct policy_tables t;
	struct wmi_rule *v;
	struct policy p;

	(void)state;
	assert_int_equal(parse(chain_text, &p, NULL), 0);
	assert_int_equal(encode_policy(&p, &t), 0);
	v = &t.values[1];			/* method 0: rules 2 and 3, then 4 */
	assert_int_equal(encode_match_call(&t, &c), 3);
	/* A chain past the last one: the program's lookups fail, it stops. */
	v->nr_conds = UINT32_MAX;
	v->first_cond = t.nr_conds - 1;
	assert_int_equal(encode_match_call(&t, &c), 4);
	c.caps = 1ull << CAP_SYS_RAWIO;
	v->first_cond = UINT32_MAX;		/* the first lookup fails: rule 2 is not tried */
	assert_int_equal(encode_match_call(&t, &c), 4);
	v->first_cond = 0;			/* from conds 0 on: rule 2 holds */
	assert_int_equal(encode_match_call(&t, &c), 2);
	/* No rule of its own and no chain: no decision, on to "method: any". */
	v->nr_conds = 0;
	v->flags = WMI_RULE_F_CONDS_ONLY;
	assert_int_equal(encode_match_call(&t, &c), 0);
	encode_free(&t);
	policy_free(&p);
}

static void shown(void **state)
{
	struct policy_tables t;
	struct policy p;
	char buf[256], big[COND_TEXT_MAX];
	size_t i;

	(void)state;
	assert_int_equal(parse(chain_text, &p, NULL), 0);
	assert_int_equal(encode_policy(&p, &t), 0);
	cond_text(buf, sizeof(buf), &t.conds[0]);
	assert_string_equal(buf, "in[0:2]=11 CAP_SYS_RAWIO");
	cond_text(buf, sizeof(buf), &t.conds[2]);
	assert_string_equal(buf, "in[4:4]&0xff00=512..1023");
	cond_text(buf, sizeof(buf), &t.conds[3]);
	assert_string_equal(buf, "in[8:8]=4294967296");
	/* The longest conditions fit. */
	memset(&t.conds[1], 0, sizeof(t.conds[1]));
	t.conds[1].caps = UINT64_MAX;
	t.conds[1].min_size = WMI_RULE_INPUT_MAX;
	t.conds[1].nr_fields = WMI_RULE_MAX_FIELDS;
	for (i = 0; i < WMI_RULE_MAX_FIELDS; i++)
		t.conds[1].fields[i] = (struct wmi_rule_field){
			.offset = WMI_RULE_INPUT_MAX - 8, .width = 8, .mask = UINT64_MAX - 1,
			.min = UINT64_MAX - 3, .max = UINT64_MAX - 1,
		};
	cond_text(big, sizeof(big), &t.conds[1]);
	assert_int_equal(strlen(big), 4 * 73 + 4 + strlen("size>=32768 ") + 722);
	assert_non_null(strstr(big, " size>=32768 CAP_CHOWN,"));
	assert_non_null(strstr(big, " CAP_CHOWN,"));
	assert_non_null(strstr(big, ",CAP_CHECKPOINT_RESTORE,cap41,"));
	assert_string_equal(big + strlen(big) - 6, ",cap63");
	/* Cut short, never overrun. */
	cond_text(buf, 8, &t.conds[0]);
	assert_string_equal(buf, "in[0:2]");
	memset(&t.conds[0], 0, sizeof(t.conds[0]));
	cond_text(buf, sizeof(buf), &t.conds[0]);
	assert_string_equal(buf, "-");
	encode_free(&t);
	policy_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fields_as_written),
		cmocka_unit_test(every_error),
		cmocka_unit_test(reachable_rules),
		cmocka_unit_test(chain_limit),
		cmocka_unit_test(chains_encoded),
		cmocka_unit_test(decisions),
		cmocka_unit_test(hand_written),
		cmocka_unit_test(shown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * policies/dell-smbios.yaml against dell_smbios_call_filter() of Linux
 * 6.12, transcribed below with the test bed's machine (classes 0, 1, 7,
 * 17 and 19; the tokens of vmtest/machines/dell-smbios.py), for many
 * more calls than tests/vm/dell_policy.sh makes: every class and select
 * up to 40 and some beyond, token locations around the machine's, and
 * the four callers. The policy decides through encode_match_call(), the
 * host's reading of what the program decides.
 *
 * The generic node hands dell-smbios-wmi inputs of a whole calling
 * interface buffer (36 bytes) or more, padded with zeroes (its
 * dell_smbios_wmi_method_call()), and refuses shorter ones: so must the
 * policy, or a short input would get past the rules that read the words
 * it leaves out.
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

#include "encode.h"

#define CAP_SYS_RAWIO	17
#define CAP_SYS_ADMIN	21
#define ADMIN		(1ull << CAP_SYS_ADMIN)
#define RAWIO		(1ull << CAP_SYS_RAWIO)
#define BUFFER_SIZE	36	/* struct calling_interface_buffer */

struct smbios_call {
	uint64_t cap;
	int cmd_class, cmd_select;
};

static const struct smbios_call call_whitelist[] = {
	{ ADMIN, 0, 0 }, { ADMIN, 0, 1 }, { ADMIN, 0, 2 },
	{ ADMIN, 1, 0 }, { ADMIN, 1, 1 }, { ADMIN, 1, 2 },
	{ ADMIN, 10, 3 }, { ADMIN, 17, 22 }, { ADMIN, 7, 3 },
};

static const struct smbios_call call_blacklist[] = {
	{ 0, 1, 7 }, { 0, 6, 5 }, { 0, 11, 3 }, { 0, 11, 7 }, { 0, 11, 11 }, { 0, 19, -1 },
	{ 0, 17, 11 }, { 0, 4, 11 }, { 0, 17, 19 },
};

struct token_range {
	uint64_t cap;
	uint16_t min, max;
};

static const struct token_range token_whitelist[] = {
	{ ADMIN, 0x0461, 0x0462 }, { 0, 0x04EC, 0x04ED },
};

static const struct token_range token_blacklist[] = {
	{ 0, 0x0058, 0x0059 }, { 0, 0x00CD, 0x00D0 }, { 0, 0x013A, 0x01FF },
	{ 0, 0x0175, 0x0176 }, { 0, 0x0195, 0x0197 }, { 0, 0x01DC, 0x01DD },
	{ 0, 0x027D, 0x0284 }, { 0, 0x02E3, 0x02E3 }, { 0, 0x02FF, 0x02FF },
	{ 0, 0x0300, 0x0302 }, { 0, 0x0325, 0x0326 }, { 0, 0x0332, 0x0335 },
	{ 0, 0x0350, 0x0350 }, { 0, 0x0363, 0x0363 }, { 0, 0x0368, 0x0368 },
	{ 0, 0x03F6, 0x03F7 }, { 0, 0x049E, 0x049F }, { 0, 0x04A0, 0x04A3 },
	{ 0, 0x04E6, 0x04E7 }, { 0, 0x4000, 0x7FFF }, { 0, 0x9000, 0x9001 },
	{ 0, 0xA000, 0xBFFF }, { 0, 0xEFF0, 0xEFFF }, { 0, 0x007D, 0x007D },	/* brightness */
	/* handled by the kernel: dell-laptop */
	{ 0, 0x01E1, 0x01E3 }, { 0, 0x0451, 0x0451 }, { 0, 0x02EA, 0x02EC },
	{ 0, 0x02F6, 0x02F6 }, { 0, 0x0364, 0x0365 },
};

/* vmtest/machines/dell-smbios.py: the machine's 0xDA structure. */
static const uint32_t supported = 1u << 0 | 1u << 1 | 1u << 7 | 1u << 17 | 1u << 19;
static const struct {
	uint16_t id, location;
} tokens[] = {
	{ 0x0461, 0x0100 }, { 0x0462, 0x0100 }, { 0x007D, 0x0101 }, { 0x04EC, 0x0102 },
	{ 0x04ED, 0x0102 },
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* dell_smbios_call_filter(): 0 to allow, else refused. */
static int filter(uint16_t cmd_class, uint16_t cmd_select, uint32_t input0, uint64_t caps)
{
	uint16_t t = 0;
	size_t i;

	if (cmd_class > 30 || !(supported & (1u << cmd_class)))
		return -EINVAL;
	for (i = 0; i < N(call_blacklist); i++) {
		if (cmd_class != call_blacklist[i].cmd_class)
			continue;
		if (cmd_select != call_blacklist[i].cmd_select &&
		    call_blacklist[i].cmd_select != -1)
			continue;
		return -EINVAL;
	}
	if ((cmd_class == 0 || cmd_class == 1) && cmd_select < 3) {
		for (i = 0; i < N(tokens); i++) {
			if (tokens[i].location != input0)
				continue;
			t = tokens[i].id;
			break;
		}
		if (!t)
			return -EINVAL;
		for (i = 0; i < N(token_blacklist); i++)
			if (t >= token_blacklist[i].min && t <= token_blacklist[i].max)
				return -EINVAL;
		for (i = 0; i < N(token_whitelist); i++) {
			if (t < token_whitelist[i].min || t > token_whitelist[i].max)
				continue;
			if ((caps & token_whitelist[i].cap) == token_whitelist[i].cap)
				return 0;
		}
	}
	for (i = 0; i < N(call_whitelist); i++) {
		if (cmd_class != call_whitelist[i].cmd_class ||
		    cmd_select != call_whitelist[i].cmd_select)
			continue;
		if ((caps & call_whitelist[i].cap) == call_whitelist[i].cap)
			return 0;
	}
	return caps & RAWIO ? 0 : -EACCES;
}

/* What the generic node gets to: a short input is refused, a long one padded. */
static int node(const uint8_t *in, size_t len, uint64_t caps)
{
	if (len < BUFFER_SIZE)
		return -EINVAL;
	return filter(in[0] | in[1] << 8, in[2] | in[3] << 8,
		      in[4] | in[5] << 8 | in[6] << 16 | (uint32_t)in[7] << 24, caps);
}

static uint32_t next(uint32_t v)
{
	return v < 40 ? v + 1 : v * 2 + 1;
}

static void same_decisions(void **state)
{
	static const uint8_t guid[16] = {
		0xCE, 0x93, 0x05, 0xA8, 0x97, 0xA9, 0xDA, 0x11,
		0xB0, 0x12, 0xB6, 0x22, 0xA1, 0xEF, 0x54, 0x92,
	};
	static const uint32_t input0[] = {
		0, 1, 0xff, 0x100, 0x101, 0x102, 0x103, 0x200, 0x10100, 0x10101, 0x10102,
		0x80000100, 0xffffffff,
	};
	static const uint64_t callers[] = { 0, ADMIN, RAWIO, ADMIN | RAWIO };
	static const size_t lengths[] = { 0, 2, 3, 4, 6, 8, 20, 35, 36, 64 };
	struct policy_tables t;
	struct policy p;
	char *err = NULL;
	uint32_t cls, sel;
	size_t a, b, l, wrong = 0;

	(void)state;
	if (policy_parse_file(POLICY, &p, &err))
		fail_msg("%s", err);
	assert_int_equal(encode_policy(&p, &t), 0);
	for (cls = 0; cls <= 0xffff; cls = next(cls))
	for (sel = 0; sel <= 0xffff; sel = next(sel))
	for (a = 0; a < N(input0); a++)
	for (b = 0; b < N(callers); b++)
	for (l = 0; l < N(lengths); l++) {
		uint8_t in[64] = {
			cls, cls >> 8, sel, sel >> 8,
			input0[a], input0[a] >> 8, input0[a] >> 16, input0[a] >> 24,
		};
		struct encode_call c = {
			.guid = guid, .method_id = 1, .origin = WMI_POLICY_ORIGIN_USER,
			.uid = 1000, .gid = 1000, .caps = callers[b], .input = in,
			.input_len = lengths[l],
		};
		size_t id = encode_match_call(&t, &c);
		uint32_t action = id ? p.rules[id - 1].action : p.def.action;
		bool refused = node(in, lengths[l], callers[b]) != 0;

		if ((action != WMI_ACTION_ALLOW) == refused)
			continue;
		if (wrong++ < 10)
			print_error("%zu bytes, class %u select %u input[0] 0x%x, caps 0x%llx: "
				    "the policy %s (rule at line %u), the filter %s\n",
				    lengths[l], cls, sel, input0[a],
				    (unsigned long long)callers[b], refused ? "allows" : "refuses",
				    id ? p.rules[id - 1].line : 0, refused ? "refuses" : "allows");
	}
	encode_free(&t);
	policy_free(&p);
	assert_int_equal(wrong, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(same_decisions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

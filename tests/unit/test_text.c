// SPDX-License-Identifier: GPL-2.0
/* Policy names, numbers and escaping (loader/text.c). */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <linux/wmi.h>

#include "text.h"

static void names(void **state)
{
	(void)state;
	assert_true(policy_name_valid("acme"));
	assert_true(policy_name_valid("acme-fan_2"));
	assert_true(policy_name_valid("abcdefghijklmnopqrstuvwxyz012345"));	/* 32 */
	assert_false(policy_name_valid("abcdefghijklmnopqrstuvwxyz0123456"));	/* 33 */
	assert_false(policy_name_valid(""));
	assert_false(policy_name_valid(NULL));
	assert_false(policy_name_valid("../x"));	/* would leave /sys/fs/bpf/wmi */
	assert_false(policy_name_valid(".."));
	assert_false(policy_name_valid("a/b"));
	assert_false(policy_name_valid("acme.v2"));	/* bpffs refuses dots */
	assert_false(policy_name_valid("-x"));		/* reads as an option */
	assert_false(policy_name_valid("a b"));
}

static void names_of_objects(void **state)
{
	char name[POLICY_NAME_MAX + 1];

	(void)state;
	assert_int_equal(policy_name_from_file("/usr/lib/wmibpf/acme_translator.bpf.o", name), 0);
	assert_string_equal(name, "acme_translator");
	assert_int_equal(policy_name_from_file("plain.o", name), 0);
	assert_string_equal(name, "plain");
	/* Dots (which bpffs refuses with EPERM) and others become '_'. */
	assert_int_equal(policy_name_from_file("/tmp/acme.v2.bpf.o", name), 0);
	assert_string_equal(name, "acme_v2");
	assert_int_equal(policy_name_from_file("vendor tool+x.bpf.o", name), 0);
	assert_string_equal(name, "vendor_tool_x");
	assert_true(policy_name_valid(name));
	/* No name to be made: refused, not cut or mangled further. */
	assert_int_equal(policy_name_from_file("/tmp/.bpf.o", name), -EINVAL);
	assert_int_equal(policy_name_from_file("-x.bpf.o", name), -EINVAL);
	assert_int_equal(policy_name_from_file("a_very_long_vendor_translator_name.bpf.o", name),
			 -EINVAL);
}

static void numbers(void **state)
{
	uint32_t v = 7;

	(void)state;
	assert_int_equal(text_parse_u32("0", &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(text_parse_u32("100", &v), 0);
	assert_int_equal(v, 100);
	assert_int_equal(text_parse_u32("0x1F", &v), 0);
	assert_int_equal(v, 31);
	assert_int_equal(text_parse_u32("4294967295", &v), 0);
	assert_int_equal(v, UINT32_MAX);
	assert_int_equal(text_parse_u32("0xffffffff", &v), 0);
	assert_int_equal(v, UINT32_MAX);

	/* Never octal: "0100" is not 64. */
	v = 7;
	assert_int_equal(text_parse_u32("0100", &v), -EDOM);
	assert_int_equal(text_parse_u32("00", &v), -EDOM);
	assert_int_equal(v, 7);

	assert_int_equal(text_parse_u32("4294967296", &v), -ERANGE);
	assert_int_equal(text_parse_u32("0x100000000", &v), -ERANGE);
	assert_int_equal(text_parse_u32("", &v), -EINVAL);
	assert_int_equal(text_parse_u32("0x", &v), -EINVAL);
	assert_int_equal(text_parse_u32("-1", &v), -EINVAL);
	assert_int_equal(text_parse_u32("+1", &v), -EINVAL);
	assert_int_equal(text_parse_u32(" 1", &v), -EINVAL);
	assert_int_equal(text_parse_u32("1.5", &v), -EINVAL);
	assert_int_equal(text_parse_u32("12a", &v), -EINVAL);
	assert_int_equal(text_parse_u32("99999999999x", &v), -EINVAL);
	assert_int_equal(v, 7);
}

static void escaping(void **state)
{
	char out[TEXT_ESCAPED_SIZE(16)];

	(void)state;
	text_escape("acme-ctl", 16, out, sizeof(out));
	assert_string_equal(out, "acme-ctl");
	/* A forged line and a terminal escape come out as text. */
	text_escape("x\nFAKE \x1b[2J", 16, out, sizeof(out));
	assert_string_equal(out, "x\\x0aFAKE \\x1b[2J");
	text_escape("a\\b\x7f\xc3\xa9", 16, out, sizeof(out));
	assert_string_equal(out, "a\\\\b\\x7f\\xc3\\xa9");
	/* Bounded by len: a comm of 16 bytes without a nul. */
	text_escape("0123456789abcdefGARBAGE", 16, out, sizeof(out));
	assert_string_equal(out, "0123456789abcdef");
	/* Cut short between escapes, never within one. */
	text_escape("ab\x01", 3, out, 6);
	assert_string_equal(out, "ab");
}

static void wmi_strings(void **state)
{
	/* "Hi", then a tab and a character beyond ASCII */
	static const uint8_t hi[] = { 4, 0, 'H', 0, 'i', 0 };
	static const uint8_t odd[] = { 4, 0, '\t', 0, 0xe9, 0x00 };
	/* DEL is no printable character either, as text_escape() has it */
	static const uint8_t del[] = { 4, 0, 'x', 0, 0x7f, 0x00 };
	static const uint8_t nul[] = { 6, 0, 'a', 0, 0, 0, 'b', 0 };
	static const uint8_t wrong[] = { 6, 0, 'a', 0, 'b', 0 };
	char out[8];

	(void)state;
	assert_true(text_wmi_string(hi, sizeof(hi), out, sizeof(out)));
	assert_string_equal(out, "Hi");
	assert_true(text_wmi_string(odd, sizeof(odd), out, sizeof(out)));
	assert_string_equal(out, "??");
	assert_true(text_wmi_string(del, sizeof(del), out, sizeof(out)));
	assert_string_equal(out, "x?");
	assert_true(text_wmi_string(nul, sizeof(nul), out, sizeof(out)));
	assert_string_equal(out, "a");
	/* Cut to the room there is. */
	assert_true(text_wmi_string(hi, sizeof(hi), out, 2));
	assert_string_equal(out, "H");
	/* A count that is not the size, or an odd one: no string. */
	strcpy(out, "kept");
	assert_false(text_wmi_string(wrong, sizeof(wrong), out, sizeof(out)));
	assert_false(text_wmi_string(hi, 1, out, sizeof(out)));
	assert_string_equal(out, "kept");
	assert_string_equal(text_result_type(WMI_RESULT_STRING), "string");
	assert_string_equal(text_result_type(5), "?");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names),
		cmocka_unit_test(names_of_objects),
		cmocka_unit_test(numbers),
		cmocka_unit_test(escaping),
		cmocka_unit_test(wmi_strings),
	};

	return cmocka_run_group_tests_name("text", tests, NULL, NULL);
}

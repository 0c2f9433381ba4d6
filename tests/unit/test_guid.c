// SPDX-License-Identifier: GPL-2.0
/* GUID and WMI device name parsing/formatting (loader/guid.c). */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "guid.h"

/* The fake laptop's method block, as its _WDG table stores it. */
static const struct wmi_guid acme_methods = { {
	0x90, 0x34, 0x73, 0xFE, 0x22, 0x2E, 0xDB, 0x4E,
	0xA7, 0xB5, 0xBC, 0x24, 0x88, 0x74, 0xD3, 0x83,
} };
#define ACME_METHODS "FE733490-2E22-4EDB-A7B5-BC248874D383"

static void parse_gives_wdg_byte_order(void **state)
{
	struct wmi_guid g;

	(void)state;
	assert_int_equal(wmi_guid_parse(ACME_METHODS, &g), 0);
	assert_memory_equal(g.b, acme_methods.b, WMI_GUID_LEN);
}

static void parse_accepts_lower_case_and_braces(void **state)
{
	struct wmi_guid g;

	(void)state;
	assert_int_equal(wmi_guid_parse("fe733490-2e22-4edb-a7b5-bc248874d383", &g), 0);
	assert_true(wmi_guid_equal(&g, &acme_methods));
	memset(&g, 0, sizeof(g));
	assert_int_equal(wmi_guid_parse("{" ACME_METHODS "}", &g), 0);
	assert_true(wmi_guid_equal(&g, &acme_methods));
}

static void format_round_trips_upper_case(void **state)
{
	char buf[WMI_GUID_STR_LEN + 1];
	struct wmi_guid g;

	(void)state;
	wmi_guid_format(&acme_methods, buf);
	assert_string_equal(buf, ACME_METHODS);
	assert_int_equal(wmi_guid_parse(buf, &g), 0);
	assert_true(wmi_guid_equal(&g, &acme_methods));
}

static void parse_rejects_malformed(void **state)
{
	static const char *const bad[] = {
		"",
		"FE733490-2E22-4EDB-A7B5-BC248874D38",		/* short */
		"FE733490-2E22-4EDB-A7B5-BC248874D3833",	/* long */
		"FE733490-2E22-4EDB-A7B5BBC248874D3833",	/* dash missing */
		"FE733490+2E22-4EDB-A7B5-BC248874D383",		/* wrong separator */
		"FE73349G-2E22-4EDB-A7B5-BC248874D383",		/* not hex */
		"{FE733490-2E22-4EDB-A7B5-BC248874D383",	/* brace unclosed */
		"(FE733490-2E22-4EDB-A7B5-BC248874D383)",	/* wrong brackets */
		" FE733490-2E22-4EDB-A7B5-BC248874D38",		/* leading space */
		"FE733490-2E22-4EDB-A7B5-BC248874D383-1",	/* a device name */
	};
	struct wmi_guid g, before;
	size_t i;

	(void)state;
	memset(&g, 0x5a, sizeof(g));
	before = g;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(wmi_guid_parse(bad[i], &g), -EINVAL);
		/* A failed parse leaves the output alone. */
		assert_memory_equal(&g, &before, sizeof(g));
	}
	assert_int_equal(wmi_guid_parse(NULL, &g), -EINVAL);
}

static void devname_plain_and_duplicate(void **state)
{
	unsigned int index = 99;
	struct wmi_guid g;

	(void)state;
	assert_int_equal(wmi_devname_parse(ACME_METHODS, &g, &index), 0);
	assert_true(wmi_guid_equal(&g, &acme_methods));
	assert_int_equal(index, 0);

	assert_int_equal(wmi_devname_parse(ACME_METHODS "-1", &g, &index), 0);
	assert_true(wmi_guid_equal(&g, &acme_methods));
	assert_int_equal(index, 1);

	assert_int_equal(wmi_devname_parse(ACME_METHODS "-12", &g, &index), 0);
	assert_int_equal(index, 12);
}

static void devname_rejects_bad_suffix(void **state)
{
	static const char *const bad[] = {
		ACME_METHODS "-",
		ACME_METHODS "-0",
		ACME_METHODS "-01",
		ACME_METHODS "--1",
		ACME_METHODS "-+1",
		ACME_METHODS "-1x",
		ACME_METHODS "1",
		ACME_METHODS "-99999999999999999999",
		"{" ACME_METHODS "}",
	};
	unsigned int index = 7;
	struct wmi_guid g;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(wmi_devname_parse(bad[i], &g, &index), -EINVAL);
	assert_int_equal(index, 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parse_gives_wdg_byte_order),
		cmocka_unit_test(parse_accepts_lower_case_and_braces),
		cmocka_unit_test(format_round_trips_upper_case),
		cmocka_unit_test(parse_rejects_malformed),
		cmocka_unit_test(devname_plain_and_duplicate),
		cmocka_unit_test(devname_rejects_bad_suffix),
	};

	return cmocka_run_group_tests_name("guid", tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * wmibpf events' records (loader/event_record.c): what a malformed read
 * would make of them, and how events from firmware are shown.
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

#include "event_record.h"

#define DEV	"7341A899-9999-4B2C-8F3B-6C2C5E7C8D01"

static uint8_t buf[512] __attribute__((aligned(8)));

/* A record at buf + off: header, then data padded to 8. Its size. */
static uint32_t put(size_t off, uint64_t seq, uint32_t type, const void *data, uint32_t len)
{
	struct wmi_event e = {
		.size = sizeof(e) + ((len + 7) & ~7u),
		.header_size = sizeof(e),
		.seq = seq,
		.timestamp_ns = 1500000000ull,
		.notify_id = 0xd0,
		.data_type = type,
		.data_size = len,
	};

	memset(buf + off, 0, e.size);
	memcpy(buf + off, &e, sizeof(e));
	memcpy(buf + off + sizeof(e), data, len);
	return e.size;
}

static struct wmi_event *at(size_t off)
{
	return (struct wmi_event *)(buf + off);
}

static void records_in_a_read(void **state)
{
	static const uint8_t dword[] = { 0x2a, 0, 0, 0 }, bytes[] = { 1, 2, 3, 4, 5 };
	const struct wmi_event *e;
	const uint8_t *data;
	uint32_t a, b;

	(void)state;
	a = put(0, 7, WMI_RESULT_INTEGER, dword, 4);
	b = put(a, 8, WMI_RESULT_BUFFER, bytes, 5);
	assert_int_equal(a, 48);
	assert_int_equal(event_record_next(buf, a + b, &e, &data), 48);
	assert_int_equal(e->seq, 7);
	assert_int_equal(data[0], 0x2a);
	assert_int_equal(event_record_next(buf + a, b, &e, &data), 48);
	assert_int_equal(e->data_size, 5);
	assert_memory_equal(data, bytes, 5);
	/* A later version's longer header: the data starts where it says. */
	at(0)->header_size = 48;
	at(0)->size = 56;
	at(0)->data_size = 8;
	assert_int_equal(event_record_next(buf, 56, &e, &data), 56);
	assert_ptr_equal(data, buf + 48);
}

static void malformed_records(void **state)
{
	static const uint8_t dword[] = { 0x2a, 0, 0, 0 };
	const struct wmi_event *e;
	const uint8_t *data;

	(void)state;
	put(0, 1, WMI_RESULT_INTEGER, dword, 4);
	assert_int_equal(event_record_next(buf, 47, &e, &data), -EPROTO);	/* cut short */
	assert_int_equal(event_record_next(buf, 39, &e, &data), -EPROTO);	/* no header */
	at(0)->size = 44;							/* not 8-aligned */
	assert_int_equal(event_record_next(buf, 48, &e, &data), -EPROTO);
	at(0)->size = 48;
	at(0)->header_size = 32;						/* too short */
	assert_int_equal(event_record_next(buf, 48, &e, &data), -EPROTO);
	at(0)->header_size = 56;						/* past size */
	assert_int_equal(event_record_next(buf, 48, &e, &data), -EPROTO);
	at(0)->header_size = 40;
	at(0)->data_size = 9;							/* past size */
	assert_int_equal(event_record_next(buf, 48, &e, &data), -EPROTO);
	at(0)->data_size = UINT32_MAX;						/* wraps */
	assert_int_equal(event_record_next(buf, 48, &e, &data), -EPROTO);
	at(0)->size = 0;							/* no progress */
	at(0)->data_size = 0;
	assert_int_equal(event_record_next(buf, 48, &e, &data), -EPROTO);
}

static char *text;
static size_t text_size;

static void print(bool json, size_t off)
{
	FILE *f = open_memstream(&text, &text_size);
	struct json j;

	assert_non_null(f);
	json_init(&j, f, false);
	event_record_print(&j, f, json, DEV, at(off), buf + off + at(off)->header_size, 0);
	fclose(f);
}

static void printed(void **state)
{
	static const uint8_t dword[] = { 0x2a, 0x01, 0, 0 }, bytes[] = { 0xde, 0xad };

	(void)state;
	put(0, 5, WMI_RESULT_INTEGER, dword, 4);
	print(false, 0);
	assert_string_equal(text, "1970-01-01T00:00:01.500 " DEV " #5 notify 0xd0 integer 0x12a\n");
	free(text);
	print(true, 0);
	assert_string_equal(text, "{\"time\":\"1970-01-01T00:00:01.500\",\"device\":\"" DEV "\","
			    "\"seq\":5,\"timestamp_ns\":1500000000,\"notify_id\":208,"
			    "\"type\":\"integer\",\"data\":[42,1,0,0],\"value\":298}\n");
	free(text);

	put(0, 6, WMI_RESULT_BUFFER, bytes, 2);
	at(0)->lost = 3;
	print(false, 0);
	assert_string_equal(text, "1970-01-01T00:00:01.500 " DEV " #6 notify 0xd0 buffer [de ad] "
			    "(3 lost before it)\n");
	free(text);

	/* A nested package: its type, no data, and why. */
	put(0, 7, WMI_RESULT_PACKAGE, bytes, 0);
	at(0)->flags = WMI_EVENT_F_NO_LAYOUT;
	print(false, 0);
	assert_string_equal(text, "1970-01-01T00:00:01.500 " DEV " #7 notify 0xd0 package "
			    "(data without a Windows layout, left out)\n");
	free(text);
	print(true, 0);
	assert_non_null(strstr(text, "\"type\":\"package\",\"data\":[],\"no_layout\":true}"));
	free(text);

	memset(buf, 0, 48);
	*at(0) = (struct wmi_event){ .size = 40, .header_size = 40, .flags = WMI_EVENT_F_LOST,
				     .seq = 300, .lost = 44 };
	print(false, 0);
	assert_string_equal(text, "1970-01-01T00:00:00.000 " DEV " lost 44 events up to #300: "
			    "this reader's queue was full\n");
	free(text);
	print(true, 0);
	assert_string_equal(text, "{\"time\":\"1970-01-01T00:00:00.000\",\"device\":\"" DEV "\","
			    "\"seq\":300,\"timestamp_ns\":0,\"lost\":44}\n");
	free(text);
}

/* A string from firmware cannot forge a line or reach the terminal. */
static void hostile_string(void **state)
{
	static const uint8_t s[] = { 10, 0, 'o', 0, '\n', 0, 0x1b, 0, '\\', 0, 'k', 0 };

	(void)state;
	put(0, 9, WMI_RESULT_STRING, s, sizeof(s));
	print(false, 0);
	assert_string_equal(text, "1970-01-01T00:00:01.500 " DEV " #9 notify 0xd0 string "
			    "\"o??\\\\k\"\n");
	free(text);
	print(true, 0);
	assert_non_null(strstr(text, "\"value\":\"o??\\\\k\"}"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(records_in_a_read),
		cmocka_unit_test(malformed_records),
		cmocka_unit_test(printed),
		cmocka_unit_test(hostile_string),
	};

	setenv("TZ", "UTC", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}

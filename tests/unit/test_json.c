// SPDX-License-Identifier: GPL-2.0
/* The --json writer (loader/json.c): nesting, commas, escaping. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "json.h"

static char *out;
static size_t out_size;

static struct json *open_json(bool pretty)
{
	static struct json j;
	FILE *f = open_memstream(&out, &out_size);

	assert_non_null(f);
	json_init(&j, f, pretty);
	return &j;
}

static const char *close_json(struct json *j)
{
	fclose(j->f);
	return out;
}

static void nested(void **state)
{
	struct json *j = open_json(false);

	(void)state;
	json_object_begin(j);
	json_kv_string(j, "name", "acme");
	json_kv_uint(j, "rules", 3);
	json_kv_int(j, "errno", -13);
	json_kv_bool(j, "audit", true);
	json_key(j, "claimed");
	json_array_begin(j);
	json_uint(j, 2);
	json_uint(j, 4);
	json_array_end(j);
	json_key(j, "empty");
	json_array_begin(j);
	json_array_end(j);
	json_key(j, "driver");
	json_null(j);
	json_key(j, "objects");
	json_array_begin(j);
	json_object_begin(j);
	json_kv_string(j, "name", "t");
	json_object_end(j);
	json_object_begin(j);
	json_object_end(j);
	json_array_end(j);
	json_object_end(j);
	assert_string_equal(close_json(j),
			    "{\"name\":\"acme\",\"rules\":3,\"errno\":-13,\"audit\":true,"
			    "\"claimed\":[2,4],\"empty\":[],\"driver\":null,"
			    "\"objects\":[{\"name\":\"t\"},{}]}");
	free(out);
}

static void escaping(void **state)
{
	struct json *j = open_json(false);

	(void)state;
	json_array_begin(j);
	json_string(j, "a\"b\\c\nd\te\x01");
	json_string(j, NULL);
	json_array_end(j);
	assert_string_equal(close_json(j), "[\"a\\\"b\\\\c\\nd\\te\\u0001\",\"\"]");
	free(out);
}

/* What a process may name itself: still valid JSON, and inert on a terminal. */
static void hostile_strings(void **state)
{
	struct json *j = open_json(false);

	(void)state;
	json_array_begin(j);
	json_string(j, "x\nFAKE \x1b[2J");		/* a forged line, a terminal escape */
	json_string(j, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");	/* valid UTF-8 stays */
	json_string(j, "a\xff" "b\xc3");			/* bytes that are no UTF-8 */
	json_string(j, "\xc0\xaf\xed\xa0\x80");	/* overlong '/', a surrogate */
	json_string(j, "\x7f\xc2\x9b");		/* DEL, and C1's CSI */
	/* a right-to-left override and a zero-width space: "A" shows as another name */
	json_string(j, "A\xe2\x80\xae" "B\xe2\x80\x8b");
	json_array_end(j);
	assert_string_equal(close_json(j),
			    "[\"x\\nFAKE \\u001b[2J\","
			    "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\","
			    "\"a\\ufffdb\\ufffd\","
			    "\"\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\","
			    "\"\\u007f\\u009b\","
			    "\"A\\u202eB\\u200b\"]");
	free(out);
}

static void pretty(void **state)
{
	struct json *j = open_json(true);

	(void)state;
	json_object_begin(j);
	json_kv_uint(j, "a", 1);
	json_key(j, "b");
	json_array_begin(j);
	json_uint(j, 2);
	json_array_end(j);
	json_object_end(j);
	json_end_line(j);
	assert_string_equal(close_json(j), "{\n    \"a\": 1,\n    \"b\": [\n        2\n    ]\n}\n");
	free(out);
}

static void one_document_per_line(void **state)
{
	struct json *j = open_json(false);

	(void)state;
	json_object_begin(j);
	json_kv_uint(j, "n", 1);
	json_object_end(j);
	json_end_line(j);
	json_object_begin(j);
	json_kv_uint(j, "n", 2);
	json_object_end(j);
	json_end_line(j);
	assert_string_equal(close_json(j), "{\"n\":1}\n{\"n\":2}\n");
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nested),
		cmocka_unit_test(escaping),
		cmocka_unit_test(hostile_strings),
		cmocka_unit_test(pretty),
		cmocka_unit_test(one_document_per_line),
	};

	return cmocka_run_group_tests_name("json", tests, NULL, NULL);
}

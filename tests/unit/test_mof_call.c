// SPDX-License-Identifier: GPL-2.0
/*
 * A call by name (loader/mof_call.c): NAME=VALUE words into a method's
 * input as its bMOF lays it out, its result back into named fields, and
 * every layout or word that cannot be taken refused with the reason.
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

#include "bmof.h"
#include "json.h"
#include "mof_bus.h"
#include "mof_call.h"
#include "mof_names.h"

static union bmof_scalar max2 = { .u = 2 }, max0 = { .u = 0 };
static struct bmof_qualifier q_max2 = { "MAX", { BMOF_UINT32, 1, &max2 }, 0 };
static struct bmof_qualifier q_max0 = { "max", { BMOF_SINT32, 1, &max0 }, 0 };
static union bmof_scalar size_is = { .s = "Count" };
static struct bmof_qualifier q_size_is = { "WmiSizeIs", { BMOF_STRING, 1, &size_is }, 0 };

#define PARAM(n, t, dir, i) { .name = (n), .type = (t), .direction = (dir), .id = (i) }
#define ARRAY(n, t, dir, i, q) { .name = (n), .type = (t) | BMOF_ARRAY, .array = true, \
				 .direction = (dir), .id = (i), .nqualifiers = 1, \
				 .qualifiers = (q) }

/* Every kind of slot, with the padding each needs before it. */
static struct bmof_property mixed_params[] = {
	PARAM("A", BMOF_UINT8, BMOF_DIR_IN, 0),
	PARAM("B", BMOF_UINT32, BMOF_DIR_IN, 1),
	PARAM("S", BMOF_STRING, BMOF_DIR_IN, 2),
	ARRAY("C", BMOF_UINT16, BMOF_DIR_IN, 3, &q_max2),
	PARAM("F", BMOF_BOOLEAN, BMOF_DIR_IN, 4),
	PARAM("N", BMOF_SINT16, BMOF_DIR_INOUT, 5),
	PARAM("Q", BMOF_UINT64, BMOF_DIR_IN, 6),
	PARAM("Status", BMOF_UINT32, BMOF_DIR_OUT, 7),
};

static const struct bmof_method mixed = {
	.name = "Mixed", .id = 9, .nparams = 8, .params = mixed_params,
};

static struct bmof_property profile_params[] = {
	PARAM("Profile", BMOF_UINT32, BMOF_DIR_IN, 0),
	PARAM("Status", BMOF_UINT32, BMOF_DIR_OUT, 1),
};

static int marshal(const struct bmof_method *m, const char *line, uint8_t **in, size_t *len,
		   char *msg)
{
	static char buf[512];
	char *words[16], *save = NULL, *w;
	size_t n = 0;

	strcpy(buf, line);
	for (w = strtok_r(buf, " ", &save); w && n < 16; w = strtok_r(NULL, " ", &save))
		words[n++] = w;
	*in = NULL;
	*len = 0;
	msg[0] = '\0';
	return mof_call_marshal(m, words, n, in, len, msg, MOF_CALL_ERR_LEN);
}

static void input_layout(void **state)
{
	static const uint8_t want[] = {
		0x07, 0, 0, 0,			/* A, then B's 4-alignment */
		0x04, 0x03, 0x02, 0x01,		/* B */
		0x04, 0, 'h', 0, 0, 0,		/* S: byte count, "h", nul */
		0x01, 0x00, 0xff, 0xff,		/* C[2] */
		0x01,				/* F */
		0x00,				/* N's 2-alignment */
		0xfe, 0xff,			/* N = -2 */
		0, 0,				/* Q's 8-alignment (to 24) */
		0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01,
	};
	char msg[MOF_CALL_ERR_LEN];
	uint8_t *in;
	size_t len;

	(void)state;
	assert_int_equal(marshal(&mixed, "q=0x0123456789abcdef A=7 B=0x01020304 S=h C=1,65535 "
				 "F=true N=-2", &in, &len, msg), 0);
	assert_int_equal(len, sizeof(want));
	assert_memory_equal(in, want, sizeof(want));
	free(in);

	const struct bmof_method set_profile = {
		.name = "SetProfile", .id = 6, .nparams = 2, .params = profile_params,
	};
	assert_int_equal(marshal(&set_profile, "Profile=2", &in, &len, msg), 0);
	assert_int_equal(len, 4);
	assert_memory_equal(in, "\x02\0\0\0", 4);
	free(in);

	/* No in parameters, no words: no input. */
	const struct bmof_method get = { .name = "Get", .id = 1 };
	assert_int_equal(marshal(&get, "", &in, &len, msg), 0);
	assert_null(in);
	assert_int_equal(len, 0);
}

static const struct {
	const char *line;
	const char *error;
} bad_words[] = {
	{ "A=1 B=1 S=x C=1,2 F=true N=1", "Mixed: missing Q=uint64" },
	{ "A=1 A=2 B=1 S=x C=1,2 F=true N=1 Q=1", "Mixed: A is given twice" },
	{ "A=1 B=1 S=x C=1,2 F=true N=1 Q=1 Status=0", "Mixed has no in parameter Status" },
	{ "A=1 B=1 S=x C=1,2 F=true N=1 Q=1 Z=0", "Mixed has no in parameter Z" },
	{ "A=256 B=1 S=x C=1,2 F=true N=1 Q=1", "Mixed: A: expected a number from 0 to 255, "
	  "found '256'" },
	{ "A=1 B=x S=x C=1,2 F=true N=1 Q=1", "Mixed: B: expected a number from 0 to "
	  "4294967295, found 'x'" },
	{ "A=1 B=1 S=x C=1,2 F=true N=-32769 Q=1", "Mixed: N: expected a number from -32768 "
	  "to 32767, found '-32769'" },
	{ "A=1 B=1 S=x C=1,2 F=true N=32768 Q=1", "Mixed: N: expected a number from -32768 "
	  "to 32767, found '32768'" },
	{ "A=1 B=1 S=x C=1 F=true N=1 Q=1", "Mixed: C: expected 2 values separated by commas "
	  "(MAX(2)), found 1" },
	{ "A=1 B=1 S=x C=1,2,3 F=true N=1 Q=1", "Mixed: C: expected 2 values separated by "
	  "commas (MAX(2)), found 3" },
	{ "A=1 B=1 S=x C=1, F=true N=1 Q=1", "Mixed: C: expected a number from 0 to 65535, "
	  "found ''" },
	{ "A=1 B=1 S=x C=1,2 F=yes N=1 Q=1", "Mixed: F: expected true or false, found 'yes'" },
	{ "A=1 B=1 S=\xc3\xa9 C=1,2 F=true N=1 Q=1", "Mixed: S: expected ASCII text of at most "
	  "32766 characters" },
	{ "A", "expected NAME=VALUE, found 'A'" },
	{ "=1", "expected NAME=VALUE, found '=1'" },
};

static void bad_input(void **state)
{
	char msg[MOF_CALL_ERR_LEN];
	uint8_t *in;
	size_t len, i;

	(void)state;
	for (i = 0; i < sizeof(bad_words) / sizeof(bad_words[0]); i++) {
		int ret = marshal(&mixed, bad_words[i].line, &in, &len, msg);

		if (ret != -EINVAL || strcmp(msg, bad_words[i].error))
			fail_msg("'%s' gave %d '%s', expected '%s'", bad_words[i].line, ret, msg,
				 bad_words[i].error);
		assert_null(in);
	}
}

/* Layouts that are not fixed, or types without one, are refused whole. */
static void no_fixed_layout(void **state)
{
	struct bmof_property sized[] = {
		PARAM("Count", BMOF_UINT32, BMOF_DIR_IN, 0),
		ARRAY("Data", BMOF_UINT8, BMOF_DIR_IN, 1, &q_size_is),
	};
	struct bmof_property open_ended[] = { ARRAY("Data", BMOF_UINT8, BMOF_DIR_INOUT, 0, NULL) };
	struct bmof_property zero[] = { ARRAY("Data", BMOF_UINT8, BMOF_DIR_IN, 0, &q_max0) };
	struct bmof_property strings[] = { ARRAY("Names", BMOF_STRING, BMOF_DIR_IN, 0, &q_max2) };
	struct bmof_property real[] = { PARAM("Level", BMOF_REAL32, BMOF_DIR_IN, 0) };
	struct bmof_property odd_name[] = { PARAM("Le\x1b[2Jvel", BMOF_UINT32, BMOF_DIR_IN, 0) };
	const struct {
		struct bmof_property *params;
		size_t n;
		const char *line, *error;
	} cases[] = {
		{ sized, 2, "Count=1 Data=1", "M: parameter Data is an array whose length another "
		  "parameter gives (WmiSizeIs): a variable-length layout" },
		{ open_ended, 1, "Data=1", "M: parameter Data is an array without a MAX(n) length: "
		  "a variable-length layout" },
		{ zero, 1, "Data=1", "M: parameter Data is an array without a MAX(n) length: a "
		  "variable-length layout" },
		{ strings, 1, "Names=a,b", "M: parameter Names is an array of strings: a "
		  "variable-length layout" },
		{ real, 1, "Level=1", "M: parameter Level is of type real32, which has no WMI "
		  "buffer layout wmibpf knows" },
		{ odd_name, 1, "Level=1", "M: a parameter's name is not a MOF identifier" },
	};
	char msg[MOF_CALL_ERR_LEN];
	uint8_t *in;
	size_t len, i;

	(void)state;
	open_ended[0].nqualifiers = 0;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct bmof_method m = { .name = "M", .id = 1, .nparams = cases[i].n,
					 .params = cases[i].params };
		int ret = marshal(&m, cases[i].line, &in, &len, msg);

		if (ret != -EINVAL || strcmp(msg, cases[i].error))
			fail_msg("case %zu gave %d '%s', expected '%s'", i, ret, msg,
				 cases[i].error);
		/* The result of such a method cannot be read by name either. */
		cases[i].params[cases[i].n - 1].direction = BMOF_DIR_OUT;
		assert_int_equal(mof_call_check_result(&m, (uint8_t *)"\0\0\0\0\0\0\0\0", 8, msg,
						       sizeof(msg)), -EINVAL);
	}
}

static char *output(const struct bmof_method *m, const uint8_t *buf, size_t len, bool json)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);
	struct json j;

	assert_non_null(f);
	if (json) {
		json_init(&j, f, false);
		json_object_begin(&j);
		mof_call_json_result(&j, m, buf, len);
		json_object_end(&j);
	} else {
		mof_call_print_result(f, m, buf, len);
	}
	fclose(f);
	return text;
}

static void result_fields(void **state)
{
	struct bmof_property params[] = {
		PARAM("In", BMOF_UINT32, BMOF_DIR_IN, 0),
		PARAM("Max", BMOF_UINT32, BMOF_DIR_OUT, 1),
		PARAM("Model", BMOF_STRING, BMOF_DIR_OUT, 2),
		ARRAY("Rev", BMOF_UINT8, BMOF_DIR_OUT, 3, &q_max2),
		PARAM("On", BMOF_BOOLEAN, BMOF_DIR_OUT, 4),
		PARAM("Delta", BMOF_SINT8, BMOF_DIR_OUT, 5),
	};
	const struct bmof_method m = { .name = "GetInfo", .id = 7, .nparams = 6,
				       .params = params };
	/* As the kernel marshals Package { 100, "Ab", Buffer { 1, 2 }, ... } */
	static const uint8_t res[] = {
		100, 0, 0, 0,
		6, 0, 'A', 0, 'b', 0, 0, 0,
		1, 2,
		1,
		0xfb,
	};
	char msg[MOF_CALL_ERR_LEN], *text;

	(void)state;
	assert_int_equal(mof_call_check_result(&m, res, sizeof(res), msg, sizeof(msg)), 0);
	text = output(&m, res, sizeof(res), false);
	assert_string_equal(text, "Max = 100\nModel = \"Ab\"\nRev = [1, 2]\nOn = true\n"
			    "Delta = -5\n");
	free(text);
	text = output(&m, res, sizeof(res), true);
	assert_string_equal(text, "{\"fields\":{\"Max\":100,\"Model\":\"Ab\",\"Rev\":[1,2],"
			    "\"On\":true,\"Delta\":-5}}");
	free(text);

	/* Bytes past the declared fields are printed, not hidden. */
	{
		uint8_t more[sizeof(res) + 3];

		memcpy(more, res, sizeof(res));
		memcpy(more + sizeof(res), "\x07\x00\xff", 3);
		assert_int_equal(mof_call_check_result(&m, more, sizeof(more), msg, sizeof(msg)),
				 0);
		text = output(&m, more, sizeof(more), false);
		assert_string_equal(text, "Max = 100\nModel = \"Ab\"\nRev = [1, 2]\nOn = true\n"
				    "Delta = -5\n(3 more bytes: 07 00 ff)\n");
		free(text);
		text = output(&m, more, sizeof(res) + 1, false);
		assert_non_null(strstr(text, "Delta = -5\n(1 more byte: 07)\n"));
		free(text);
	}

	/* A quote or backslash of the firmware's is escaped, as in MOF. */
	{
		uint8_t quoted[sizeof(res)];

		memcpy(quoted, res, sizeof(res));
		quoted[6] = '"';
		quoted[8] = '\\';
		text = output(&m, quoted, sizeof(quoted), false);
		assert_non_null(strstr(text, "\nModel = \"\\\"\\\\\"\nRev = "));
		free(text);
	}

	/* One byte short of the last field: said, with the field named. */
	assert_int_equal(mof_call_check_result(&m, res, sizeof(res) - 1, msg, sizeof(msg)),
			 -ENODATA);
	assert_string_equal(msg, "GetInfo: the result has 15 bytes, too few for out parameter "
			    "Delta");
	/* A string's count past the end, or odd. */
	assert_int_equal(mof_call_check_result(&m, res, 6, msg, sizeof(msg)), -ENODATA);
	uint8_t odd[sizeof(res)];

	memcpy(odd, res, sizeof(res));
	odd[4] = 5;
	assert_int_equal(mof_call_check_result(&m, odd, sizeof(odd), msg, sizeof(msg)), -EINVAL);
	assert_string_equal(msg, "GetInfo: the string Model has an odd byte count 5");
}

static int find(const struct mof_bus *bus, const char *cls_name, const char *method,
		const struct bmof_object **cls, const struct bmof_method **m, char *msg)
{
	return mof_find_method(bus->src, bus->nsrc, "this machine's bMOF", cls_name, method, cls,
			       m, msg, MOF_CALL_ERR_LEN);
}

/* Class and method by name, as WMI spells them: case does not count. */
static void find_on_bus(void **state)
{
	struct bmof_method methods[] = {
		{ .name = "SetProfile", .id = 6, .nparams = 2, .params = profile_params },
		{ .name = "NoId", .id = -1 },
	};
	struct bmof_object fan = { .name = "AcmeFan", .guid = "FE733490-2E22-4EDB-A7B5-BC248874D383",
				   .nmethods = 2, .methods = methods };
	struct bmof_object inst = { .instance = true, .name = "AcmeZones" };
	struct bmof_object *objs[] = { &inst, &fan };
	struct bmof b = { .nobjects = 2, .objects = objs };
	struct mof_source src = { .b = &b };
	struct mof_bus bus = { .src = &src, .nsrc = 1 };
	const struct bmof_object *cls;
	const struct bmof_method *m;
	char msg[MOF_CALL_ERR_LEN];

	(void)state;
	assert_int_equal(find(&bus, "acmefan", "SETPROFILE", &cls, &m, msg),
			 0);
	assert_ptr_equal(cls, &fan);
	assert_ptr_equal(m, &methods[0]);
	assert_int_equal(find(&bus, "AcmeZones", "Get", &cls, &m, msg),
			 -ENOENT);
	assert_string_equal(msg, "no class AcmeZones in this machine's bMOF (see wmibpf mof)");
	assert_int_equal(find(&bus, "AcmeFan", "Spin", &cls, &m, msg),
			 -ENOENT);
	assert_string_equal(msg, "class AcmeFan has no method Spin (see wmibpf mof)");
	assert_int_equal(find(&bus, "AcmeFan", "NoId", &cls, &m, msg),
			 -EINVAL);
	assert_string_equal(msg, "AcmeFan.NoId has no WmiMethodId");
	assert_int_equal(find(&bus, "Acme-Fan", "x", &cls, &m, msg),
			 -EINVAL);
	assert_string_equal(msg, "expected Class.Method, each a MOF identifier");
	assert_true(mof_is_name("_a1"));
	assert_false(mof_is_name("1a"));
	assert_false(mof_is_name(""));
}

/*
 * A parameter's place is its ID: one without an ID, or two in (or out)
 * parameters with the same ID, leave the firmware's layout unknown, and
 * a guess would send it other bytes than it reads.
 */
static void ids_decide_layout(void **state)
{
	struct bmof_property no_id[] = {
		PARAM("A", BMOF_UINT32, BMOF_DIR_IN, 0),
		PARAM("B", BMOF_UINT8, BMOF_DIR_IN, -1),
	};
	struct bmof_property same_id[] = {
		PARAM("A", BMOF_UINT8, BMOF_DIR_IN, 0),
		PARAM("B", BMOF_UINT32, BMOF_DIR_IN, 0),
		PARAM("R", BMOF_UINT32, BMOF_DIR_OUT, 0),
	};
	struct bmof_property in_out_share[] = {
		PARAM("A", BMOF_UINT32, BMOF_DIR_IN, 0),
		PARAM("R", BMOF_UINT32, BMOF_DIR_OUT, 0),
	};
	const struct bmof_method m1 = { .name = "M", .id = 1, .nparams = 2, .params = no_id };
	const struct bmof_method m2 = { .name = "M", .id = 1, .nparams = 3, .params = same_id };
	const struct bmof_method m3 = { .name = "M", .id = 1, .nparams = 2,
					.params = in_out_share };
	static const uint8_t res[4] = { 1, 0, 0, 0 };
	char msg[MOF_CALL_ERR_LEN];
	uint8_t *in;
	size_t len;

	(void)state;
	assert_int_equal(marshal(&m1, "A=1 B=2", &in, &len, msg), -EINVAL);
	assert_string_equal(msg, "M: parameter B has no ID(n): its place in the buffer is "
			    "unknown");
	assert_int_equal(marshal(&m2, "A=1 B=2", &in, &len, msg), -EINVAL);
	assert_string_equal(msg, "M: parameters A and B have the same ID(0): their places in "
			    "the buffer are unknown");
	/* in and out parameters are two buffers: the same ID in each is fine */
	assert_int_equal(marshal(&m3, "A=1", &in, &len, msg), 0);
	free(in);
	assert_int_equal(mof_call_check_result(&m3, res, sizeof(res), msg, sizeof(msg)), 0);
}

/* The longest names a message may name come out whole, not cut to another name's prefix. */
static void long_names_whole(void **state)
{
	char mname[MOF_NAME_MAX + 1], pname[MOF_NAME_MAX + 1], want[MOF_CALL_ERR_LEN];
	char line[512];
	struct bmof_property params[] = { PARAM(pname, BMOF_UINT8, BMOF_DIR_IN, 0) };
	const struct bmof_method m = { .name = mname, .id = 1, .nparams = 1, .params = params };
	char msg[MOF_CALL_ERR_LEN];
	uint8_t *in;
	size_t len;

	(void)state;
	memset(mname, 'M', MOF_NAME_MAX);
	mname[MOF_NAME_MAX] = '\0';
	memset(pname, 'P', MOF_NAME_MAX);
	pname[MOF_NAME_MAX] = '\0';
	snprintf(line, sizeof(line), "%s=256", pname);
	snprintf(want, sizeof(want), "%s: %s: expected a number from 0 to 255, found '256'",
		 mname, pname);
	assert_int_equal(marshal(&m, line, &in, &len, msg), -EINVAL);
	assert_string_equal(msg, want);
}

/* A long string field comes out whole, not cut at some buffer's size as if it ended there. */
static void long_string_whole(void **state)
{
	struct bmof_property params[] = { PARAM("Text", BMOF_STRING, BMOF_DIR_OUT, 0) };
	const struct bmof_method m = { .name = "Get", .id = 1, .nparams = 1, .params = params };
	size_t n = 3000, i;
	uint8_t *res = calloc(1, 2 + 2 * (n + 1));
	char *want = malloc(n + 64), *text;

	(void)state;
	assert_non_null(res);
	assert_non_null(want);
	res[0] = (2 * (n + 1)) & 0xff;
	res[1] = (2 * (n + 1)) >> 8;
	for (i = 0; i < n; i++)
		res[2 + 2 * i] = 'a' + i % 26;
	strcpy(want, "Text = \"");
	for (i = 0; i < n; i++)
		want[8 + i] = 'a' + i % 26;
	strcpy(want + 8 + n, "\"\n");
	text = output(&m, res, 2 + 2 * (n + 1), false);
	assert_string_equal(text, want);
	free(text);
	free(want);
	free(res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(input_layout),
		cmocka_unit_test(bad_input),
		cmocka_unit_test(no_fixed_layout),
		cmocka_unit_test(result_fields),
		cmocka_unit_test(find_on_bus),
		cmocka_unit_test(ids_decide_layout),
		cmocka_unit_test(long_names_whole),
		cmocka_unit_test(long_string_whole),
	};

	return cmocka_run_group_tests_name("mof_call", tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/* wmibpf's command line (loader/cli.c): verbs, options, and bad usage. */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli_run.h"
#include "text.h"
#include "wmi_policy.h"

#define ACME "FE733490-2E22-4EDB-A7B5-BC248874D383"

/* Parse a space-separated command line. */
static int parse(const char *line, struct cli *c, char **err)
{
	return cli_parse_line(wmibpf_verbs, line, c, err);
}

static void verbs_and_options(void **state)
{
	struct cli c;
	char *err;

	(void)state;
	assert_int_equal(parse("wmibpf devices --json", &c, &err), EXIT_OK);
	assert_string_equal(c.verb->name, "devices");
	assert_true(c.json);
	assert_false(c.pretty);
	assert_string_equal(c.bpffs, "/sys/fs/bpf/wmi");
	cli_free(&c);

	assert_int_equal(parse("wmibpf -p list", &c, &err), EXIT_OK);
	assert_string_equal(c.verb->name, "list");
	assert_true(c.json && c.pretty);
	cli_free(&c);

	assert_int_equal(parse("wmibpf load --name n --device " ACME " x.bpf.o", &c, &err),
			 EXIT_OK);
	assert_string_equal(c.verb->name, "load");
	assert_string_equal(c.file, "x.bpf.o");
	assert_string_equal(c.name, "n");
	assert_true(c.has_device);
	assert_int_equal(c.device.b[0], 0x90);
	cli_free(&c);

	assert_int_equal(parse("wmibpf load -q --dir /etc/wmibpf/policies.d --for-device " ACME,
			       &c, &err), EXIT_OK);
	assert_string_equal(c.dir, "/etc/wmibpf/policies.d");
	assert_null(c.file);
	assert_true(c.quiet && c.has_device);
	cli_free(&c);

	assert_int_equal(parse("wmibpf --bpffs /tmp/b unload --all", &c, &err), EXIT_OK);
	assert_true(c.all);
	assert_string_equal(c.bpffs, "/tmp/b");
	cli_free(&c);

	assert_int_equal(parse("wmibpf monitor acme --count 5", &c, &err), EXIT_OK);
	assert_string_equal(c.name, "acme");
	assert_int_equal(c.count, 5);
	cli_free(&c);

	assert_int_equal(parse("wmibpf events " ACME " --count 3 --timeout 10 -j", &c, &err),
			 EXIT_OK);
	assert_string_equal(c.verb->name, "events");
	assert_string_equal(c.target, ACME);
	assert_int_equal(c.count, 3);
	assert_int_equal(c.timeout_s, 10);
	assert_true(c.json);
	cli_free(&c);

	assert_int_equal(parse("wmibpf check a.yaml b.yaml", &c, &err), EXIT_OK);
	assert_int_equal(c.nr_files, 2);
	assert_string_equal(c.files[1], "b.yaml");
	cli_free(&c);
}

static void call_inputs(void **state)
{
	static const uint8_t tag[] = { 0x08, 0, 'T', 0, 'A', 0, 'G', 0, 0, 0 };
	struct cli c;
	char *err;

	(void)state;
	assert_int_equal(parse("wmibpf call " ACME "-1 0x2 --u32 258 --instance 3", &c, &err),
			 EXIT_OK);
	assert_string_equal(c.target, ACME "-1");
	assert_int_equal(c.method_id, 2);
	assert_int_equal(c.instance, 3);
	assert_int_equal(c.input_kind, CALL_INPUT_U32);
	assert_int_equal(c.input_size, 4);
	assert_int_equal(c.input[0], 2);
	assert_int_equal(c.input[1], 1);
	cli_free(&c);

	assert_int_equal(parse("wmibpf call " ACME " 8 --input de:ad:be:ef", &c, &err), EXIT_OK);
	assert_int_equal(c.input_size, 4);
	assert_int_equal(c.input[3], 0xef);
	cli_free(&c);

	assert_int_equal(parse("wmibpf call " ACME " 1 --string TAG --output-size 64", &c, &err),
			 EXIT_OK);
	assert_int_equal(c.input_size, sizeof(tag));
	assert_memory_equal(c.input, tag, sizeof(tag));
	assert_int_equal(c.output_size, 64);
	cli_free(&c);

	/* By name: the words after Class.Method are its parameters. */
	assert_int_equal(parse("wmibpf call AcmeFan.SetProfile Profile=2 --instance 1", &c, &err),
			 EXIT_OK);
	assert_true(c.by_name);
	assert_string_equal(c.target, "AcmeFan.SetProfile");
	assert_int_equal(c.nr_params, 1);
	assert_string_equal(c.params[0], "Profile=2");
	assert_int_equal(c.instance, 1);
	assert_null(c.input);
	cli_free(&c);
	assert_int_equal(parse("wmibpf call AcmeFan.GetInfo", &c, &err), EXIT_OK);
	assert_true(c.by_name);
	assert_int_equal(c.nr_params, 0);
	cli_free(&c);
}

/* query and set: call's options, as many as each takes. */
static void block_inputs(void **state)
{
	struct cli c;
	char *err;

	(void)state;
	assert_int_equal(parse("wmibpf query " ACME "-1 --instance 2 --output-size 8 -j", &c, &err),
			 EXIT_OK);
	assert_string_equal(c.verb->name, "query");
	assert_string_equal(c.target, ACME "-1");
	assert_int_equal(c.instance, 2);
	assert_int_equal(c.output_size, 8);
	assert_true(c.json);
	cli_free(&c);
	assert_int_equal(parse("wmibpf set " ACME " --u32 0x50 --instance 1", &c, &err), EXIT_OK);
	assert_string_equal(c.verb->name, "set");
	assert_int_equal(c.instance, 1);
	assert_int_equal(c.input_size, 4);
	assert_memory_equal(c.input, "\x50\0\0\0", 4);
	cli_free(&c);
	assert_int_equal(parse("wmibpf query --help", &c, &err), EXIT_OK);
	assert_non_null(strstr(cli_usage(wmibpf_verbs, c.verb),
			       "Usage: wmibpf query DEVICE [--instance N] [--output-size N] [--json]"));
	assert_int_equal(parse("wmibpf help set", &c, &err), EXIT_OK);
	assert_non_null(strstr(cli_usage(wmibpf_verbs, c.verb), "Usage: wmibpf set DEVICE "
			       "[--instance N] (--input HEX | --u32 N | --string TEXT)"));
}

/* mof's usage and arguments come from cmd_mof.c: what the verb owns. */
static void mof_verb(void **state)
{
	struct cli c;
	char *err;

	(void)state;
	assert_int_equal(parse("wmibpf mof", &c, &err), EXIT_OK);
	assert_string_equal(c.verb->name, "mof");
	assert_null(c.target);
	cli_free(&c);
	assert_int_equal(parse("wmibpf --json mof " ACME, &c, &err), EXIT_OK);
	assert_string_equal(c.verb->name, "mof");
	assert_true(c.json);
	assert_string_equal(c.target, ACME);
	assert_int_equal(c.nr_files, 0);
	cli_free(&c);
	/* several FILEs: merged by cmd_mof, so all of them kept */
	assert_int_equal(parse("wmibpf mof a.bmf b.bmf ./" ACME, &c, &err), EXIT_OK);
	assert_int_equal(c.nr_files, 3);
	assert_string_equal(c.files[0], "a.bmf");
	assert_string_equal(c.files[2], "./" ACME);
	cli_free(&c);
	assert_int_equal(parse("wmibpf help mof", &c, &err), EXIT_OK);
	assert_string_equal(c.verb->name, "mof");
	assert_true(c.help);
	assert_non_null(strstr(cli_usage(wmibpf_verbs, c.verb),
			       "Usage: wmibpf mof [--json] [FILE... | DEVICE]"));
	assert_non_null(strstr(cli_usage(wmibpf_verbs, NULL), "\n  mof [FILE... | DEVICE] "));
}

static void help_and_version(void **state)
{
	struct cli c;
	char *err;

	(void)state;
	assert_int_equal(parse("wmibpf --help", &c, &err), EXIT_OK);
	assert_ptr_equal(c.verb, &cli_verb_help);
	assert_int_equal(parse("wmibpf load --help", &c, &err), EXIT_OK);
	assert_string_equal(c.verb->name, "load");
	assert_true(c.help);
	assert_int_equal(parse("wmibpf help monitor", &c, &err), EXIT_OK);
	assert_string_equal(c.verb->name, "monitor");
	assert_true(c.help);
	assert_int_equal(parse("wmibpf -V", &c, &err), EXIT_OK);
	assert_ptr_equal(c.verb, &cli_verb_version);
	assert_non_null(strstr(cli_usage(wmibpf_verbs, NULL),
			       "Exit status: 0 done, 1 failed, 2 bad usage"));
	assert_int_equal(parse("wmibpf call --help", &c, &err), EXIT_OK);
	assert_non_null(strstr(cli_usage(wmibpf_verbs, c.verb), "Usage: wmibpf call DEVICE METHOD"));
	assert_int_equal(parse("wmibpf help help", &c, &err), EXIT_OK);
	assert_ptr_equal(cli_usage(wmibpf_verbs, c.verb), cli_usage(wmibpf_verbs, NULL));
}

/* Every verb of the table is whole, and the tool's usage lists each. */
static void verb_table(void **state)
{
	const char *tool = cli_usage(wmibpf_verbs, NULL);
	const struct cli_verb *const *v;
	char line[64];

	(void)state;
	for (v = wmibpf_verbs; *v; v++) {
		assert_non_null((*v)->run);
		snprintf(line, sizeof(line), "Usage: wmibpf %s", (*v)->name);
		assert_ptr_equal(strstr((*v)->usage, line), (*v)->usage);
		snprintf(line, sizeof(line), "\n  %s ", (*v)->name);
		if (strncmp((*v)->summary, line + 1, strlen(line + 1)) || !strstr(tool, line))
			fail_msg("%s: its summary is not a line of the tool's usage", (*v)->name);
		assert_true(!(*v)->options || (*v)->option);
	}
}

static int frob_run(struct app *a)
{
	(void)a;
	return EXIT_OK;
}

static int frob_option(struct cli *c, int opt, const char *arg, char **err)
{
	if (strcmp(arg, "high"))
		return cli_usage_error(err, "frob: --level: expected high, found '%s'", arg);
	c->count = opt;
	return EXIT_OK;
}

static const struct option frob_options[] = {
	{ "level", required_argument, NULL, CLI_OPT_VERB + 7 },
	{ }
};

static const struct cli_verb frob = {
	.name = "frob",
	.summary = "  frob                     frobnicate\n",
	.usage = "Usage: wmibpf frob [--level high]\n",
	.options = frob_options,
	.option = frob_option,
	.run = frob_run,
};

/* A second "level" that takes no value: the table is refused. */
static const struct option frob2_options[] = {
	{ "level", no_argument, NULL, CLI_OPT_VERB },
	{ }
};

static const struct cli_verb frob2 = {
	.name = "frob2",
	.summary = "  frob2                    frobnicate again\n",
	.usage = "Usage: wmibpf frob2\n",
	.options = frob2_options,
	.option = frob_option,
	.run = frob_run,
};

/* A verb is its descriptor and a line in a table: nothing in cli.c. */
static void verb_from_its_file(void **state)
{
	static const struct cli_verb *const one[] = { &frob, NULL };
	static const struct cli_verb *const clash[] = { &frob, &frob2, NULL };
	char *argv[] = { "wmibpf", "--level", "high", "frob", NULL };
	struct cli c;
	char *err = NULL;

	(void)state;
	assert_int_equal(cli_parse(4, argv, one, &c, &err), EXIT_OK);
	assert_ptr_equal(c.verb, &frob);
	assert_int_equal(c.count, CLI_OPT_VERB + 7);
	cli_free(&c);
	argv[2] = "low";
	assert_int_equal(cli_parse(4, argv, one, &c, &err), EXIT_USAGE);
	assert_string_equal(err, "frob: --level: expected high, found 'low'");
	free(err);
	argv[2] = "high";
	assert_int_equal(cli_parse(4, argv, clash, &c, &err), EXIT_USAGE);
	assert_string_equal(err, "two verbs' options of one name disagree on taking a value");
	free(err);
	assert_non_null(strstr(cli_usage(one, NULL), "Verbs:\n  frob                     frobnicate\n"));
}

static const struct {
	const char *line;
	const char *error;
} bad_lines[] = {
	{ "wmibpf", "no verb given; see wmibpf --help" },
	{ "wmibpf frobnicate", "unknown verb 'frobnicate'; see wmibpf --help" },
	{ "wmibpf mof a.bmf " ACME, "mof: '" ACME "' is a DEVICE, which is read alone: give one "
	  "DEVICE, or FILEs (./" ACME " for a file so named)" },
	{ "wmibpf mof --count 1", "mof: option --count is not for this verb; see wmibpf mof --help" },
	{ "wmibpf list --bogus", "unknown option '--bogus'; see wmibpf --help" },
	{ "wmibpf list extra", "list takes no arguments" },
	{ "wmibpf show --dir x a", "show: option --dir is not for this verb; see wmibpf show --help" },
	{ "wmibpf load", "load: expected one FILE (or --dir DIR)" },
	{ "wmibpf load a b", "load: expected one FILE (or --dir DIR)" },
	{ "wmibpf load a --dir d", "load: give a FILE or --dir, not both" },
	{ "wmibpf load a --for-device " ACME, "load: --for-device goes with --dir" },
	{ "wmibpf load --dir d --name n", "load: --name and --device go with a FILE" },
	{ "wmibpf load --device nope a", "--device: expected a GUID such as "
	  "FE733490-2E22-4EDB-A7B5-BC248874D383, found 'nope'" },
	{ "wmibpf load --device " ACME " --device " ACME " a",
	  "load: give --device or --for-device once" },
	{ "wmibpf unload", "unload: expected a policy NAME or --all" },
	{ "wmibpf unload a --all", "unload: expected a policy NAME or --all" },
	{ "wmibpf show", "show: expected one policy NAME" },
	{ "wmibpf monitor a b", "monitor: expected at most one policy NAME" },
	{ "wmibpf monitor --count 0", "monitor: --count: expected a positive number, found '0'" },
	{ "wmibpf check", "check: expected one or more FILEs" },
	{ "wmibpf events", "events: expected one event DEVICE" },
	{ "wmibpf events a b", "events: expected one event DEVICE" },
	{ "wmibpf events a --count 0", "events: --count: expected a positive number, found '0'" },
	{ "wmibpf events a --timeout 0", "events: --timeout: expected seconds, from 1 to 31536000, "
	  "found '0'" },
	{ "wmibpf monitor --timeout 5", "monitor: option --timeout is not for this verb; see "
	  "wmibpf monitor --help" },
	{ "wmibpf call " ACME " 1 --count 5", "call: option --count is not for this verb; see "
	  "wmibpf call --help" },
	{ "wmibpf call " ACME, "call: expected DEVICE and METHOD, or Class.Method" },
	{ "wmibpf call .Get", "call: expected Class.Method, found '.Get'" },
	{ "wmibpf call AcmeFan.", "call: expected Class.Method, found 'AcmeFan.'" },
	{ "wmibpf call A.B.C", "call: expected Class.Method, found 'A.B.C'" },
	{ "wmibpf call AcmeFan.SetProfile --u32 1", "call: AcmeFan.SetProfile takes its input "
	  "as NAME=VALUE, not --input, --u32 or --string" },
	{ "wmibpf call " ACME " two", "call: METHOD: expected a number, found 'two'" },
	{ "wmibpf call " ACME " 1 --instance 256", "call: --instance: expected 0 to 255, found '256'" },
	{ "wmibpf call " ACME " 1 --u32 -1", "call: --u32: expected a number from 0 to 4294967295, "
	  "found '-1'" },
	{ "wmibpf call " ACME " 1 --input abc", "call: --input: expected hex bytes such as "
	  "'2a000000', found 'abc'" },
	{ "wmibpf call " ACME " 1 --input 12 --u32 1", "call: give one of --input, --u32, --string" },
	{ "wmibpf call " ACME " 010", "call: METHOD: expected a number, found '010'" },
	{ "wmibpf call " ACME " 1 --u32 0100", "call: --u32: expected a number from 0 to "
	  "4294967295, found '0100'" },
	{ "wmibpf query", "query: expected one data block DEVICE" },
	{ "wmibpf query " ACME " " ACME, "query: expected one data block DEVICE" },
	{ "wmibpf query " ACME " --u32 1", "query: option --u32 is not for this verb; see "
	  "wmibpf query --help" },
	{ "wmibpf query " ACME " --instance 256", "query: --instance: expected 0 to 255, "
	  "found '256'" },
	{ "wmibpf query " ACME " --output-size x", "query: --output-size: expected a number, "
	  "found 'x'" },
	{ "wmibpf set " ACME, "set: give one of --input, --u32, --string, with at least "
	  "one byte" },
	{ "wmibpf set --u32 80", "set: expected one data block DEVICE" },
	{ "wmibpf set " ACME " --u32 80 --string x", "set: give one of --input, --u32, "
	  "--string" },
	{ "wmibpf set " ACME " --u32 0100", "set: --u32: expected a number from 0 to "
	  "4294967295, found '0100'" },
	{ "wmibpf set " ACME " --input abc", "set: --input: expected hex bytes such as "
	  "'2a000000', found 'abc'" },
	{ "wmibpf set " ACME " --string \xc3\xa9", "set: --string: expected ASCII text of "
	  "at most 32766 characters" },
	{ "wmibpf set " ACME " --u32 1 --output-size 4", "set: option --output-size is not "
	  "for this verb; see wmibpf set --help" },
	{ "wmibpf set " ACME " --instance -1 --u32 1", "set: --instance: expected 0 to 255, "
	  "found '-1'" },
	{ "wmibpf unload ../x", "unload: '../x' is not a policy name: expected 1 to 32 letters, "
	  "digits, '_' or '-' (not first)" },
	{ "wmibpf show ../../../tmp", "show: '../../../tmp' is not a policy name: expected 1 to 32 "
	  "letters, digits, '_' or '-' (not first)" },
	{ "wmibpf monitor a.b", "monitor: 'a.b' is not a policy name: expected 1 to 32 letters, "
	  "digits, '_' or '-' (not first)" },
	{ "wmibpf load --name ../x x.bpf.o", "load: --name: '../x' is not a policy name: expected "
	  "1 to 32 letters, digits, '_' or '-' (not first)" },
	{ "wmibpf help load extra", "help takes at most one verb" },
	{ "wmibpf help nope", "unknown verb 'nope'" },
};

/* mode NAME [audit|enforce], status, monitor --ring-size. */
static void mode_status_ring(void **state)
{
	static const struct {
		const char *line;
		const char *error;
	} bad[] = {
		{ "wmibpf mode", "mode: expected a policy NAME, and audit or enforce" },
		{ "wmibpf mode acme loud", "mode: expected audit or enforce, found 'loud'" },
		{ "wmibpf mode ../x audit", "mode: '../x' is not a policy name: expected "
		  POLICY_NAME_RULE },
		{ "wmibpf status x", "status takes no arguments" },
		{ "wmibpf monitor --ring-size 5000", "monitor: --ring-size: expected a power of two "
		  "from 4096 to 1073741824, found '5000'" },
		{ "wmibpf monitor --ring-size 2048", "monitor: --ring-size: expected a power of two "
		  "from 4096 to 1073741824, found '2048'" },
	};
	struct cli c;
	char *err = NULL;
	size_t i;

	(void)state;
	assert_int_equal(parse("wmibpf mode acme", &c, &err), EXIT_OK);
	assert_string_equal(c.verb->name, "mode");
	assert_string_equal(c.name, "acme");
	assert_int_equal(c.mode, -1);
	cli_free(&c);
	assert_int_equal(parse("wmibpf mode acme audit", &c, &err), EXIT_OK);
	assert_int_equal(c.mode, WMI_MODE_AUDIT);
	cli_free(&c);
	assert_int_equal(parse("wmibpf mode acme enforce", &c, &err), EXIT_OK);
	assert_int_equal(c.mode, WMI_MODE_ENFORCE);
	cli_free(&c);
	assert_int_equal(parse("wmibpf status --json", &c, &err), EXIT_OK);
	assert_string_equal(c.verb->name, "status");
	assert_true(c.json);
	cli_free(&c);
	assert_int_equal(parse("wmibpf monitor --ring-size 0x1000", &c, &err), EXIT_OK);
	assert_int_equal(c.ring_size, 4096);
	cli_free(&c);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int ret = parse(bad[i].line, &c, &err);

		if (ret != EXIT_USAGE || !err || strcmp(err, bad[i].error))
			fail_msg("'%s' gave %d '%s', expected '%s'", bad[i].line, ret,
				 err ? err : "(null)", bad[i].error);
		free(err);
		err = NULL;
	}
}

/* --string counts characters; a set takes at most 32768 bytes, said as such. */
static void set_string_limit(void **state)
{
	static char text[16385];
	char *argv[] = { "wmibpf", "set", ACME, "--string", text, NULL };
	struct cli c;
	char *err = NULL;

	(void)state;
	memset(text, 'x', sizeof(text) - 1);
	assert_int_equal(cli_parse(5, argv, wmibpf_verbs, &c, &err), EXIT_USAGE);
	assert_non_null(err);
	assert_string_equal(err, "set: the new contents are 32772 bytes; a block takes at most "
			    "32768");
	free(err);
}

static void bad_usage(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad_lines) / sizeof(bad_lines[0]); i++) {
		struct cli c;
		char *err = NULL;
		int ret = parse(bad_lines[i].line, &c, &err);

		if (ret != EXIT_USAGE || !err || strcmp(err, bad_lines[i].error))
			fail_msg("'%s' gave %d '%s', expected '%s'", bad_lines[i].line, ret,
				 err ? err : "(null)", bad_lines[i].error);
		free(err);
	}
}

/* Every option that takes a value says so when it is given none. */
static void options_need_values(void **state)
{
	static const char *const lines[] = {
		"wmibpf list --bpffs", "wmibpf devices --sysfs", "wmibpf call " ACME " 1 --devdir",
		"wmibpf load x.bpf.o --name", "wmibpf load x.bpf.o --device",
		"wmibpf load --for-device", "wmibpf load --dir", "wmibpf monitor --count",
		"wmibpf call " ACME " 1 --instance", "wmibpf call " ACME " 1 --input",
		"wmibpf call " ACME " 1 --u32", "wmibpf call " ACME " 1 --string",
		"wmibpf call " ACME " 1 --output-size", "wmibpf events " ACME " --timeout",
		"wmibpf query " ACME " --instance", "wmibpf query " ACME " --output-size",
		"wmibpf set " ACME " --u32", "wmibpf set " ACME " --input",
		"wmibpf set " ACME " --string",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		const char *opt = strrchr(lines[i], ' ') + 1;
		char expected[128];
		struct cli c;
		char *err = NULL;
		int ret = parse(lines[i], &c, &err);

		snprintf(expected, sizeof(expected), "option %s needs a value; see wmibpf --help",
			 opt);
		if (ret != EXIT_USAGE || !err || strcmp(err, expected))
			fail_msg("'%s' gave %d '%s', expected '%s'", lines[i], ret,
				 err ? err : "(null)", expected);
		free(err);
	}
}

static void hex_and_strings(void **state)
{
	uint8_t *b;
	size_t n;

	(void)state;
	assert_int_equal(cli_parse_hex("0a 0B:ff", &b, &n), 0);
	assert_int_equal(n, 3);
	assert_int_equal(b[1], 0x0b);
	free(b);
	assert_int_equal(cli_parse_hex("", &b, &n), 0);
	assert_int_equal(n, 0);
	free(b);
	assert_int_equal(cli_parse_hex("0g", &b, &n), -EINVAL);
	assert_int_equal(cli_parse_hex("123", &b, &n), -EINVAL);

	assert_int_equal(cli_marshal_string("", &b, &n), 0);
	assert_int_equal(n, 4);
	assert_int_equal(b[0], 2);
	free(b);
	assert_int_equal(cli_marshal_string("\xc3\xa9", &b, &n), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(verbs_and_options),
		cmocka_unit_test(call_inputs),
		cmocka_unit_test(block_inputs),
		cmocka_unit_test(help_and_version),
		cmocka_unit_test(mof_verb),
		cmocka_unit_test(verb_table),
		cmocka_unit_test(verb_from_its_file),
		cmocka_unit_test(bad_usage),
		cmocka_unit_test(set_string_limit),
		cmocka_unit_test(mode_status_ring),
		cmocka_unit_test(options_need_values),
		cmocka_unit_test(hex_and_strings),
	};

	return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}

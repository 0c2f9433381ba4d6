// SPDX-License-Identifier: GPL-2.0
/* Running wmibpf's verbs in a unit test (cli_run.h). */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_run.h"

int cli_parse_line(const struct cli_verb *const *verbs, const char *line, struct cli *c,
		   char **err)
{
	static char buf[512];
	char *argv[32], *save = NULL, *w;
	int argc = 0;

	assert_true(strlen(line) < sizeof(buf));
	strcpy(buf, line);
	for (w = strtok_r(buf, " ", &save); w && argc < 31; w = strtok_r(NULL, " ", &save))
		argv[argc++] = w;
	argv[argc] = NULL;
	return cli_parse(argc, argv, verbs, c, err);
}

char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text;
	long size;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	text = calloc(1, size + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, size, f), size);
	fclose(f);
	unlink(path);
	return text;
}

int cli_capture(int (*run)(struct app *a), struct app *a, char **out, char **err)
{
	char o[] = "/tmp/wmibpf-out-XXXXXX", e[] = "/tmp/wmibpf-err-XXXXXX";
	int fo = mkstemp(o), fe = mkstemp(e), saved_out = dup(1), saved_err = dup(2);
	int rc;

	assert_true(fo >= 0 && fe >= 0 && saved_out >= 0 && saved_err >= 0);
	fflush(stdout);
	fflush(stderr);
	dup2(fo, 1);
	dup2(fe, 2);
	json_init(&a->json, stdout, false);
	rc = run(a);
	fflush(stdout);
	fflush(stderr);
	dup2(saved_out, 1);
	dup2(saved_err, 2);
	close(saved_out);
	close(saved_err);
	close(fo);
	close(fe);
	*out = slurp(o);
	*err = slurp(e);
	return rc;
}

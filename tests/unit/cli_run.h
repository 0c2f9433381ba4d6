/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running wmibpf's verbs in a unit test: a command line from one string,
 * and what a verb prints kept, byte for byte, to compare.
 */
#ifndef WMIBPF_TEST_CLI_RUN_H
#define WMIBPF_TEST_CLI_RUN_H

#include "wmibpf.h"

/* cli_parse() of a space-separated command line (no quoting) against verbs. */
int cli_parse_line(const struct cli_verb *const *verbs, const char *line, struct cli *c,
		   char **err);

/*
 * run(a) with its stdout and stderr in files, and a->json writing to
 * stdout; their text in *out and *err, malloc()ed. Returns run's value.
 */
int cli_capture(int (*run)(struct app *a), struct app *a, char **out, char **err);

/* What a file holds, malloc()ed; the file is removed. */
char *slurp(const char *path);

#endif

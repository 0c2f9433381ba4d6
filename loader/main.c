// SPDX-License-Identifier: GPL-2.0
/*
 * wmibpf: load and inspect WMI-BPF policies. See wmibpf(8).
 */

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wmibpf.h"

int main(int argc, char **argv)
{
	struct cli cli;
	struct app a = { .cli = &cli };
	char *err = NULL;
	int ret;

	ret = cli_parse(argc, argv, wmibpf_verbs, &cli, &err);
	if (ret) {
		errmsg("%s", err ? err : "bad command line");
		free(err);
		return ret;
	}
	json_init(&a.json, stdout, cli.pretty);

	if (cli.verb == &cli_verb_version) {
		printf("wmibpf %s\n", WMIBPF_VERSION);
		return EXIT_OK;
	}
	if (cli.help) {
		fputs(cli_usage(wmibpf_verbs, cli.verb), stdout);
		cli_free(&cli);
		return EXIT_OK;
	}

	/* Changing what the kernel runs is root's, and says so up front. */
	if (cli.verb->root && geteuid()) {
		errmsg("%s: must be run as root", cli.verb->name);
		cli_free(&cli);
		return EXIT_FAILED;
	}

	ret = cli.verb->run(&a);
	cli_free(&cli);
	return ret;
}

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
	static int (*const verbs[])(struct app *) = {
		[VERB_DEVICES] = cmd_devices,
		[VERB_LOAD] = cmd_load,
		[VERB_UNLOAD] = cmd_unload,
		[VERB_LIST] = cmd_list,
		[VERB_SHOW] = cmd_show,
		[VERB_MONITOR] = cmd_monitor,
		[VERB_CHECK] = cmd_check,
		[VERB_CALL] = cmd_call,
		[VERB_MODE] = cmd_mode,
		[VERB_STATUS] = cmd_status,
		[VERB_EVENTS] = cmd_events,
		[VERB_MOF] = cmd_mof,
	};
	struct cli cli;
	struct app a = { .cli = &cli };
	char *err = NULL;
	int ret;

	ret = cli_parse(argc, argv, &cli, &err);
	if (ret) {
		errmsg("%s", err ? err : "bad command line");
		free(err);
		return ret;
	}
	json_init(&a.json, stdout, cli.pretty);

	if (cli.verb == VERB_VERSION) {
		printf("wmibpf %s\n", WMIBPF_VERSION);
		return EXIT_OK;
	}
	if (cli.help || cli.verb == VERB_HELP) {
		fputs(cli_usage(cli.verb == VERB_HELP ? VERB_NONE : cli.verb), stdout);
		cli_free(&cli);
		return EXIT_OK;
	}

	/* Changing what the kernel runs is root's, and says so up front. */
	if ((cli.verb == VERB_LOAD || cli.verb == VERB_UNLOAD) && geteuid()) {
		errmsg("%s: must be run as root", cli_verb_name(cli.verb));
		cli_free(&cli);
		return EXIT_FAILED;
	}

	ret = verbs[cli.verb](&a);
	cli_free(&cli);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * wmibpf's verbs. A verb is its cmd_<verb>.c, which owns its usage,
 * options, arguments and run function, and its line here, in the order
 * of the tool's usage.
 */

#include <stddef.h>

#include "cli.h"

extern const struct cli_verb verb_devices, verb_load, verb_unload, verb_list, verb_show,
	verb_monitor, verb_check, verb_call, verb_query, verb_set, verb_events, verb_mode,
	verb_status, verb_mof;

const struct cli_verb *const wmibpf_verbs[] = {
	&verb_devices,
	&verb_load,
	&verb_unload,
	&verb_list,
	&verb_show,
	&verb_monitor,
	&verb_check,
	&verb_call,
	&verb_query,
	&verb_set,
	&verb_events,
	&verb_mode,
	&verb_status,
	&verb_mof,
	NULL,
};

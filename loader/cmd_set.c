// SPDX-License-Identifier: GPL-2.0
/*
 * set: one instance of a WMI data block, written raw through /dev/wmi with
 * call's input (node_call.c has what they share); nothing is printed.
 */

#include <errno.h>

#include <linux/wmi.h>

#include "node_call.h"
#include "wmibpf.h"

/* First match wins: a set's EINVAL may be its input's, not the instance's. */
static const struct node_hint set_hints[] = {
	{ EINVAL, "no such instance; or, for a string-flagged block, not a WMI string "
		  "(use --string)" },
	{ ENODATA, "a string-flagged block takes a WMI string (use --string)" },
	NODE_BLOCK_HINTS("set"),
	{ EOPNOTSUPP, "the block is read-only" },
	{ E2BIG, "a block takes at most 32768 bytes" },
	{ }
};

/* No .ran: a set has no result to need room for. */
static const struct node_kind set_kind = {
	NODE_BLOCK_KIND,
	.hints = set_hints,
};

int cmd_set(struct app *a)
{
	struct cli *c = a->cli;
	struct wmi_block_call bc = {
		.data_size = c->input_size,
		.data = (uintptr_t)c->input,
	};

	return node_block_ioctl(c, &set_kind, WMI_IOC_BLOCK_SET, &bc);
}

static const struct option set_options[] = {
	{ "instance", required_argument, NULL, NODE_OPT_INSTANCE },
	{ "input", required_argument, NULL, NODE_OPT_INPUT },
	{ "u32", required_argument, NULL, NODE_OPT_U32 },
	{ "string", required_argument, NULL, NODE_OPT_STRING },
	{ }
};

static int set_args(struct cli *c, char **args, size_t nargs, char **err)
{
	if (nargs != 1)
		return cli_usage_error(err, "set: expected one data block DEVICE");
	/* A set with nothing to write would still run WSxx: say what to write. */
	if (c->input_kind == CALL_INPUT_NONE || !c->input_size)
		return cli_usage_error(err, "set: give one of --input, --u32, --string, "
				       "with at least one byte");
	/* The kernel's limit, said before the node is opened: --string counts characters. */
	if (c->input_size > WMI_METHOD_INPUT_MAX)
		return cli_usage_error(err, "set: the new contents are %zu bytes; a block takes "
				       "at most %u", c->input_size, WMI_METHOD_INPUT_MAX);
	c->target = args[0];
	return EXIT_OK;
}

const struct cli_verb verb_set = {
	.name = "set",
	.summary =
	"  set DEVICE               set a WMI data block through /dev/wmi, for debugging\n",
	.usage =
	"Usage: wmibpf set DEVICE [--instance N] (--input HEX | --u32 N | --string TEXT)\n"
	"\n"
	"Set a WMI data block through /dev/wmi/DEVICE, for debugging; nothing is\n"
	"printed on success. DEVICE is a WMI device name (a GUID, with -N for\n"
	"duplicates). The new contents are raw bytes in hex, a little-endian\n"
	"dword, or a string marshalled as Windows does, which a string block\n"
	"takes.\n",
	.options = set_options,
	.option = node_option,
	.args = set_args,
	.run = cmd_set,
};

// SPDX-License-Identifier: GPL-2.0
/*
 * query: one instance of a WMI data block, read raw through /dev/wmi as
 * call calls a method (node_call.c has what they share), and printed as
 * call prints a result.
 */

#include <errno.h>
#include <stdlib.h>

#include <linux/wmi.h>

#include "node_call.h"
#include "wmibpf.h"

static const struct node_hint query_hints[] = {
	NODE_BLOCK_HINTS("query"),
	{ }
};

static const struct node_kind query_kind = {
	NODE_BLOCK_KIND,
	/* WQxx is firmware code too: it may have changed what it reports. */
	.ran = "the block was queried",
	.hints = query_hints,
};

int cmd_query(struct app *a)
{
	struct cli *c = a->cli;
	struct json *j = &a->json;
	struct wmi_block_call bc = { .data_size = c->output_size };
	uint8_t *out;
	int ret;

	out = calloc(1, c->output_size ? c->output_size : 1);
	if (!out) {
		errmsg("%s: no memory for an output of %u bytes (--output-size)", c->target,
		       c->output_size);
		return EXIT_FAILED;
	}
	bc.data = (uintptr_t)out;
	ret = node_block_ioctl(c, &query_kind, WMI_IOC_BLOCK_QUERY, &bc);
	if (ret)
		goto out;

	if (c->json) {
		json_object_begin(j);
		json_kv_string(j, "device", c->target);
		json_kv_uint(j, "instance", c->instance);
		node_json_result(j, bc.data_type, out, bc.data_size);
		json_object_end(j);
		json_end_line(j);
	} else {
		node_print_result(bc.data_type, out, bc.data_size);
	}
out:
	free(out);
	return ret;
}

static const struct option query_options[] = {
	{ "instance", required_argument, NULL, NODE_OPT_INSTANCE },
	{ "output-size", required_argument, NULL, NODE_OPT_OUTPUT_SIZE },
	{ }
};

static int query_args(struct cli *c, char **args, size_t nargs, char **err)
{
	if (nargs != 1)
		return cli_usage_error(err, "query: expected one data block DEVICE");
	c->target = args[0];
	return EXIT_OK;
}

const struct cli_verb verb_query = {
	.name = "query",
	.summary =
	"  query DEVICE             query a WMI data block through /dev/wmi, for debugging\n",
	.usage =
	"Usage: wmibpf query DEVICE [--instance N] [--output-size N] [--json]\n"
	"\n"
	"Query a WMI data block through /dev/wmi/DEVICE and print its contents as\n"
	"call prints a result, for debugging. DEVICE is a WMI device name (a GUID,\n"
	"with -N for duplicates). The query runs the firmware's WQxx method.\n",
	.options = query_options,
	.option = node_option,
	.args = query_args,
	.run = cmd_query,
};

// SPDX-License-Identifier: GPL-2.0
/*
 * call: one method call through /dev/wmi, by GUID and method id with raw
 * input, or by the firmware's names (Class.Method NAME=VALUE...) with the
 * input and the result laid out as its bMOF says (mof_call.c).
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/wmi.h>

#include "bmof.h"
#include "guid.h"
#include "mof_bus.h"
#include "mof_call.h"
#include "mof_names.h"
#include "node_call.h"
#include "policy.h"
#include "wmibpf.h"

/* A call by name: the method, its device and its input, from the bus's bMOFs. */
struct named {
	struct mof_bus bus;
	struct policy_names names;
	const struct bmof_object *cls;
	const struct bmof_method *m;
	char device[64];
};

/* Class.Method to device and method id, NAME=VALUE to input: EXIT_*. */
static int resolve(struct cli *c, struct named *n)
{
	char msg[MOF_CALL_ERR_LEN], class_name[256], *dot;
	struct wmi_guid guid, g;
	unsigned int index;
	size_t i, found = 0;
	int err;

	snprintf(class_name, sizeof(class_name), "%s", c->target);
	dot = strchr(class_name, '.');
	*dot = '\0';
	/* No bus or no bMOF: no class is known, and the lookup says so. */
	if (!mof_bus_names(&n->bus, c->sysfs, &n->names))
		n->names = (struct policy_names){ .where = "this machine's bMOF" };
	err = mof_find_method(n->names.src, n->names.nsrc, n->names.where, class_name, dot + 1,
			      &n->cls, &n->m, msg, sizeof(msg));
	if (err) {
		errmsg("call: %s", msg);
		return err == -ENOENT ? EXIT_NOT_FOUND : EXIT_FAILED;
	}
	if (wmi_guid_parse(n->cls->guid, &guid)) {
		errmsg("call: class %s has no guid qualifier: it names no WMI device", n->cls->name);
		return EXIT_NOT_FOUND;
	}
	for (i = 0; i < n->bus.nr; i++) {
		if (wmi_devname_parse(n->bus.names[i], &g, &index) || !wmi_guid_equal(&g, &guid))
			continue;
		if (found++) {
			errmsg("call: class %s is on more than one device (%s, %s, ...): call one "
			       "of them by number, as wmibpf call DEVICE %lld", n->cls->name,
			       n->device, n->bus.names[i], (long long)n->m->id);
			return EXIT_FAILED;
		}
		snprintf(n->device, sizeof(n->device), "%s", n->bus.names[i]);
	}
	if (!found) {
		errmsg("call: class %s (%s) is on no device of this machine's WMI bus",
		       n->cls->name, n->cls->guid);
		return EXIT_NOT_FOUND;
	}
	err = mof_call_marshal(n->m, c->params, c->nr_params, &c->input, &c->input_size, msg,
			       sizeof(msg));
	if (err) {
		errmsg("call: %s.%s", n->cls->name, err == -ENOMEM ? ": out of memory" : msg);
		return err == -ENOMEM ? EXIT_FAILED : EXIT_USAGE;
	}
	c->method_id = n->m->id;
	return EXIT_OK;
}

/* What a method node is, for what fails on it (node_call.c). */
static const struct node_hint method_hints[] = {
	{ EPERM, "a raw call needs CAP_SYS_RAWIO when the node is opened and no lockdown; "
		 "or a driver or policy refused it" },
	{ }
};

static const struct node_kind node_methods = {
	.what = "WMI device with methods",
	.nodes = "method",
	.owned = "the method",
	.ran = "the method has run",
	.hints = method_hints,
};

/* The call itself: EXIT_OK with out and call filled, or the error said. */
static int invoke(struct cli *c, const char *target, struct wmi_method_call *call,
		  uint8_t **outp)
{
	char object[32];
	struct node_call n = {
		.kind = &node_methods,
		.target = target,
		.object = object,
		.request = WMI_IOC_METHOD_CALL,
		.arg = call,
		.needed = &call->output_size,
		.room = c->output_size,
	};
	uint8_t *out;
	int ret;

	out = calloc(1, c->output_size ? c->output_size : 1);
	if (!out) {
		errmsg("%s: no memory for an output of %u bytes (--output-size)", target,
		       c->output_size);
		return EXIT_FAILED;
	}
	call->instance = c->instance;
	call->method_id = c->method_id;
	call->input = (uintptr_t)c->input;
	call->input_size = c->input_size;
	call->output = (uintptr_t)out;
	call->output_size = c->output_size;
	snprintf(object, sizeof(object), "method %u", c->method_id);

	ret = node_ioctl(c, &n);
	if (ret) {
		free(out);
		return ret;
	}
	*outp = out;
	return EXIT_OK;
}

int cmd_call(struct app *a)
{
	struct cli *c = a->cli;
	struct json *j = &a->json;
	struct wmi_method_call call = { .size = sizeof(call) };
	struct named n = { };
	const char *target = c->target;
	char msg[MOF_CALL_ERR_LEN];
	bool fields = false;
	uint8_t *out = NULL;
	int ret;

	if (c->by_name) {
		ret = resolve(c, &n);
		if (ret)
			goto out;
		target = n.device;
	}
	ret = invoke(c, target, &call, &out);
	if (ret)
		goto out;
	if (c->by_name) {
		fields = !mof_call_check_result(n.m, out, call.output_size, msg, sizeof(msg));
		if (!fields)
			errmsg("%s.%s: %s; its bytes as they are", n.cls->name, n.m->name, msg);
	}

	if (c->json) {
		json_object_begin(j);
		json_kv_string(j, "device", target);
		if (c->by_name) {
			json_kv_string(j, "class", n.cls->name);
			json_kv_string(j, "name", n.m->name);
		}
		json_kv_uint(j, "instance", c->instance);
		json_kv_uint(j, "method", c->method_id);
		node_json_result(j, call.result_type, out, call.output_size);
		if (fields)
			mof_call_json_result(j, n.m, out, call.output_size);
		json_object_end(j);
		json_end_line(j);
	} else if (fields) {
		mof_call_print_result(stdout, n.m, out, call.output_size);
	} else {
		node_print_result(call.result_type, out, call.output_size);
	}
out:
	free(out);
	if (c->by_name)
		mof_bus_free(&n.bus);
	return ret;
}

static const struct option call_options[] = {
	{ "instance", required_argument, NULL, NODE_OPT_INSTANCE },
	{ "input", required_argument, NULL, NODE_OPT_INPUT },
	{ "u32", required_argument, NULL, NODE_OPT_U32 },
	{ "string", required_argument, NULL, NODE_OPT_STRING },
	{ "output-size", required_argument, NULL, NODE_OPT_OUTPUT_SIZE },
	{ }
};

static int call_args(struct cli *c, char **args, size_t nargs, char **err)
{
	const char *dot = nargs ? strchr(args[0], '.') : NULL;

	/* A device name is a GUID: hex and dashes. A dot makes it Class.Method. */
	if (dot) {
		if (dot == args[0] || !dot[1] || strchr(dot + 1, '.') || dot - args[0] > 200)
			return cli_usage_error(err, "call: expected Class.Method, found '%s'",
					       args[0]);
		if (c->input_kind != CALL_INPUT_NONE)
			return cli_usage_error(err, "call: %s takes its input as NAME=VALUE, not "
					       "--input, --u32 or --string", args[0]);
		c->target = args[0];
		c->by_name = true;
		c->nr_params = nargs - 1;
		c->params = calloc(nargs, sizeof(*c->params));
		if (!c->params)
			return cli_usage_error(err, "out of memory");
		memcpy(c->params, args + 1, (nargs - 1) * sizeof(*c->params));
		return EXIT_OK;
	}
	if (nargs != 2)
		return cli_usage_error(err, "call: expected DEVICE and METHOD, or Class.Method");
	c->target = args[0];
	if (cli_parse_u32(args[1], &c->method_id))
		return cli_usage_error(err, "call: METHOD: expected a number, found '%s'", args[1]);
	return EXIT_OK;
}

const struct cli_verb verb_call = {
	.name = "call",
	.summary =
	"  call DEVICE METHOD       call a WMI method through /dev/wmi, for debugging\n"
	"  call Class.Method [NAME=VALUE...] the same by the firmware's names\n",
	.usage =
	"Usage: wmibpf call DEVICE METHOD [--instance N]\n"
	"                   [--input HEX | --u32 N | --string TEXT] [--output-size N]\n"
	"       wmibpf call Class.Method [NAME=VALUE...] [--instance N] [--output-size N]\n"
	"\n"
	"Call a WMI method through /dev/wmi/DEVICE and print the result, for\n"
	"debugging. DEVICE is a WMI device name (a GUID, with -N for duplicates).\n"
	"Input is raw bytes in hex, a little-endian dword, or a string\n"
	"marshalled as Windows does.\n"
	"\n"
	"By name, the firmware's bMOF (wmibpf mof) gives the class's device, the\n"
	"method's id and its parameters: each in parameter is given as\n"
	"NAME=VALUE (a number, true or false, ASCII text, or MAX(n) values\n"
	"separated by commas) and the out parameters are printed by name.\n",
	.options = call_options,
	.option = node_option,
	.args = call_args,
	.run = cmd_call,
};

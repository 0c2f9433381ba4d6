// SPDX-License-Identifier: GPL-2.0
/*
 * call: one method call through /dev/wmi, by GUID and method id with raw
 * input, or by the firmware's names (Class.Method NAME=VALUE...) with the
 * input and the result laid out as its bMOF says (mof_call.c).
 */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/wmi.h>

#include "bmof.h"
#include "guid.h"
#include "mof_bus.h"
#include "mof_call.h"
#include "mof_names.h"
#include "policy.h"
#include "text.h"
#include "wmibpf.h"

/*
 * Who owns the device, for an EBUSY's message: "belongs to DRIVER, bound to
 * the device", or "is in use by MODULES, which call the device by its GUID";
 * buf is scratch.
 */
static const char *owner(const struct cli *c, const char *target, char *buf, size_t size)
{
	char path[512], link[512], dir[512], users[256];
	ssize_t n;
	int len;

	/* First: while a module uses the device by GUID, nothing is shared. */
	snprintf(dir, sizeof(dir), "%s/bus/wmi/devices/%s", c->sysfs, target);
	read_attr_lines(dir, "guid_users", users, sizeof(users));
	if (users[0]) {
		len = snprintf(buf, size, "is in use by %s, which call%s the device by its GUID",
			       users, strchr(users, ',') ? "" : "s");
		if (len >= 0 && (size_t)len < size)
			return buf;
	}
	snprintf(path, sizeof(path), "%s/bus/wmi/devices/%s/driver", c->sysfs, target);
	n = readlink(path, link, sizeof(link) - 1);
	if (n > 0) {
		link[n] = '\0';
		snprintf(buf, size, "belongs to %.255s, bound to the device",
			 strrchr(link, '/') ? strrchr(link, '/') + 1 : link);
		return buf;
	}
	return "belongs to the driver or a GUID user of an alias of the device";
}

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

/* The call itself: EXIT_OK with out and call filled, or the error said. */
static int invoke(struct cli *c, const char *target, struct wmi_method_call *call,
		  uint8_t **outp)
{
	char path[512], buf[512];
	uint8_t *out;
	int fd, ret;

	snprintf(path, sizeof(path), "%s/%s", c->devdir, target);
	fd = open(path, O_RDWR);
	if (fd < 0) {
		ret = errno;
		errmsg("%s: %s%s", path, strerror(ret),
		       ret == EACCES ? " (the WMI method nodes are root's)" :
		       ret == ENOENT ? " (no such WMI device with methods; see wmibpf devices)" :
		       "");
		return ret == ENOENT ? EXIT_NOT_FOUND : EXIT_FAILED;
	}
	out = calloc(1, c->output_size ? c->output_size : 1);
	if (!out) {
		close(fd);
		return EXIT_FAILED;
	}
	call->instance = c->instance;
	call->method_id = c->method_id;
	call->input = (uintptr_t)c->input;
	call->input_size = c->input_size;
	call->output = (uintptr_t)out;
	call->output_size = c->output_size;

	if (ioctl(fd, WMI_IOC_METHOD_CALL, call) < 0) {
		ret = errno;
		if (ret == ENOTTY) {
			/* A data block's or an event device's node. */
			errmsg("%s: no WMI device with methods (see wmibpf devices)", target);
			free(out);
			close(fd);
			return EXIT_NOT_FOUND;
		}
		if (ret == ENOSPC)
			errmsg("%s method %u: the result needs %u bytes; retry with --output-size "
			       "%u (the method has run)", target, c->method_id,
			       call->output_size, call->output_size);
		else if (ret == EBUSY)
			errmsg("%s method %u: %s (the method %s; see wmibpf devices)", target,
			       c->method_id, strerror(ret), owner(c, target, buf, sizeof(buf)));
		else if (ret == EPERM)
			errmsg("%s method %u: %s (a raw call needs CAP_SYS_RAWIO when the node "
			       "is opened and no lockdown; or a driver or policy refused it)",
			       target, c->method_id, strerror(ret));
		else
			errmsg("%s method %u: %s", target, c->method_id, strerror(ret));
		free(out);
		close(fd);
		return EXIT_FAILED;
	}
	close(fd);
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
	char text[1024], msg[MOF_CALL_ERR_LEN];
	bool fields = false;
	uint8_t *out = NULL;
	size_t i;
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
		json_kv_string(j, "type", text_result_type(call.result_type));
		json_key(j, "bytes");
		json_array_begin(j);
		for (i = 0; i < call.output_size; i++)
			json_uint(j, out[i]);
		json_array_end(j);
		if (call.result_type == WMI_RESULT_INTEGER && call.output_size == 4)
			json_kv_uint(j, "value", out[0] | out[1] << 8 | out[2] << 16 |
				     (uint32_t)out[3] << 24);
		if (call.result_type == WMI_RESULT_STRING &&
		    text_wmi_string(out, call.output_size, text, sizeof(text)))
			json_kv_string(j, "value", text);
		if (fields)
			mof_call_json_result(j, n.m, out, call.output_size);
		json_object_end(j);
		json_end_line(j);
	} else if (fields) {
		mof_call_print_result(stdout, n.m, out, call.output_size);
	} else {
		printf("%s", text_result_type(call.result_type));
		if (call.result_type == WMI_RESULT_INTEGER && call.output_size == 4)
			printf(" %u", out[0] | out[1] << 8 | out[2] << 16 | (uint32_t)out[3] << 24);
		else if (call.result_type == WMI_RESULT_STRING &&
			 text_wmi_string(out, call.output_size, text, sizeof(text)))
			printf(" \"%s\"", text);
		for (i = 0; i < call.output_size; i++)
			printf("%s%02x", i ? " " : (call.output_size ? " [" : ""), out[i]);
		printf("%s\n", call.output_size ? "]" : "");
	}
out:
	free(out);
	if (c->by_name)
		mof_bus_free(&n.bus);
	return ret;
}

enum {
	OPT_INSTANCE = CLI_OPT_VERB, OPT_INPUT, OPT_U32, OPT_STRING, OPT_OUTPUT_SIZE,
};

static const struct option call_options[] = {
	{ "instance", required_argument, NULL, OPT_INSTANCE },
	{ "input", required_argument, NULL, OPT_INPUT },
	{ "u32", required_argument, NULL, OPT_U32 },
	{ "string", required_argument, NULL, OPT_STRING },
	{ "output-size", required_argument, NULL, OPT_OUTPUT_SIZE },
	{ }
};

static int set_input(struct cli *c, enum call_input kind, const char *arg, char **err)
{
	uint32_t v;

	if (c->input_kind != CALL_INPUT_NONE)
		return cli_usage_error(err, "call: give one of --input, --u32, --string");
	c->input_kind = kind;
	switch (kind) {
	case CALL_INPUT_HEX:
		if (cli_parse_hex(arg, &c->input, &c->input_size))
			return cli_usage_error(err, "call: --input: expected hex bytes such as "
					       "'2a000000', found '%s'", arg);
		return EXIT_OK;
	case CALL_INPUT_U32:
		if (cli_parse_u32(arg, &v))
			return cli_usage_error(err, "call: --u32: expected a number from 0 to %u, "
					       "found '%s'", UINT32_MAX, arg);
		c->input = malloc(4);
		if (!c->input)
			return cli_usage_error(err, "out of memory");
		c->input[0] = v;
		c->input[1] = v >> 8;
		c->input[2] = v >> 16;
		c->input[3] = v >> 24;
		c->input_size = 4;
		return EXIT_OK;
	default:
		if (cli_marshal_string(arg, &c->input, &c->input_size))
			return cli_usage_error(err, "call: --string: expected ASCII text of at most "
					       "32766 characters");
		return EXIT_OK;
	}
}

static int call_option(struct cli *c, int opt, const char *arg, char **err)
{
	switch (opt) {
	case OPT_INSTANCE:
		if (cli_parse_u32(arg, &c->instance) || c->instance > 255)
			return cli_usage_error(err, "call: --instance: expected 0 to 255, found '%s'",
					       arg);
		return EXIT_OK;
	case OPT_OUTPUT_SIZE:
		if (cli_parse_u32(arg, &c->output_size))
			return cli_usage_error(err, "call: --output-size: expected a number, "
					       "found '%s'", arg);
		return EXIT_OK;
	case OPT_INPUT:
		return set_input(c, CALL_INPUT_HEX, arg, err);
	case OPT_U32:
		return set_input(c, CALL_INPUT_U32, arg, err);
	default:
		return set_input(c, CALL_INPUT_STRING, arg, err);
	}
}

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
	.option = call_option,
	.args = call_args,
	.run = cmd_call,
};

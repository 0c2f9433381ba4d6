// SPDX-License-Identifier: GPL-2.0
/* call: one raw method call through /dev/wmi, for debugging. */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/wmi.h>

#include "text.h"
#include "wmibpf.h"

/* The driver bound to the device, for a refusal's message; buf is scratch. */
static const char *owner(const struct cli *c, char *buf, size_t size)
{
	char path[512];
	ssize_t n;

	snprintf(path, sizeof(path), "%s/bus/wmi/devices/%s/driver", c->sysfs, c->target);
	n = readlink(path, buf, size - 1);
	if (n <= 0)
		return "its driver";
	buf[n] = '\0';
	return strrchr(buf, '/') ? strrchr(buf, '/') + 1 : buf;
}

int cmd_call(struct app *a)
{
	struct cli *c = a->cli;
	struct json *j = &a->json;
	struct wmi_method_call call = { .size = sizeof(call) };
	char path[512], text[1024];
	uint8_t *out;
	size_t i;
	int fd, ret;

	snprintf(path, sizeof(path), "%s/%s", c->devdir, c->target);
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
	call.instance = c->instance;
	call.method_id = c->method_id;
	call.input = (uintptr_t)c->input;
	call.input_size = c->input_size;
	call.output = (uintptr_t)out;
	call.output_size = c->output_size;

	if (ioctl(fd, WMI_IOC_METHOD_CALL, &call) < 0) {
		ret = errno;
		if (ret == ENOSPC)
			errmsg("%s method %u: the result needs %u bytes; retry with --output-size "
			       "%u (the method has run)", c->target, c->method_id,
			       call.output_size, call.output_size);
		else if (ret == EBUSY)
			errmsg("%s method %u: %s (the method belongs to %s, bound to the device; "
			       "see wmibpf devices)", c->target, c->method_id, strerror(ret),
			       owner(c, path, sizeof(path)));
		else if (ret == EPERM)
			errmsg("%s method %u: %s (a raw call needs CAP_SYS_RAWIO when the node "
			       "is opened and no lockdown; or a driver or policy refused it)",
			       c->target, c->method_id, strerror(ret));
		else
			errmsg("%s method %u: %s", c->target, c->method_id, strerror(ret));
		free(out);
		close(fd);
		return EXIT_FAILED;
	}
	close(fd);

	if (c->json) {
		json_object_begin(j);
		json_kv_string(j, "device", c->target);
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
		json_object_end(j);
		json_end_line(j);
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
	free(out);
	return EXIT_OK;
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
	if (nargs != 2)
		return cli_usage_error(err, "call: expected DEVICE and METHOD");
	c->target = args[0];
	if (cli_parse_u32(args[1], &c->method_id))
		return cli_usage_error(err, "call: METHOD: expected a number, found '%s'", args[1]);
	return EXIT_OK;
}

const struct cli_verb verb_call = {
	.name = "call",
	.summary = "  call DEVICE METHOD       call a WMI method through /dev/wmi, for debugging\n",
	.usage =
	"Usage: wmibpf call DEVICE METHOD [--instance N]\n"
	"                   [--input HEX | --u32 N | --string TEXT] [--output-size N]\n"
	"\n"
	"Call a WMI method through /dev/wmi/DEVICE and print the result, for\n"
	"debugging. DEVICE is a WMI device name (a GUID, with -N for duplicates).\n"
	"Input is raw bytes in hex, a little-endian dword, or a string\n"
	"marshalled as Windows does.\n",
	.options = call_options,
	.option = call_option,
	.args = call_args,
	.run = cmd_call,
};

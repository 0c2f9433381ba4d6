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

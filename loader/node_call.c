// SPDX-License-Identifier: GPL-2.0
/*
 * One ioctl on a /dev/wmi node, as call, query and set make it: the
 * options that build it, the messages of what fails, and the result
 * printed, so that the three verbs read and fail alike.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/wmi.h>

#include "node_call.h"
#include "text.h"
#include "wmibpf.h"

static int set_input(struct cli *c, enum call_input kind, const char *arg, char **err)
{
	const char *verb = c->verb->name;
	uint32_t v;

	if (c->input_kind != CALL_INPUT_NONE)
		return cli_usage_error(err, "%s: give one of --input, --u32, --string", verb);
	c->input_kind = kind;
	switch (kind) {
	case CALL_INPUT_HEX:
		if (cli_parse_hex(arg, &c->input, &c->input_size))
			return cli_usage_error(err, "%s: --input: expected hex bytes such as "
					       "'2a000000', found '%s'", verb, arg);
		return EXIT_OK;
	case CALL_INPUT_U32:
		if (cli_parse_u32(arg, &v))
			return cli_usage_error(err, "%s: --u32: expected a number from 0 to %u, "
					       "found '%s'", verb, UINT32_MAX, arg);
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
			return cli_usage_error(err, "%s: --string: expected ASCII text of at most "
					       "32766 characters", verb);
		return EXIT_OK;
	}
}

int node_option(struct cli *c, int opt, const char *arg, char **err)
{
	switch (opt) {
	case NODE_OPT_INSTANCE:
		if (cli_parse_u32(arg, &c->instance) || c->instance > 255)
			return cli_usage_error(err, "%s: --instance: expected 0 to 255, found '%s'",
					       c->verb->name, arg);
		return EXIT_OK;
	case NODE_OPT_OUTPUT_SIZE:
		if (cli_parse_u32(arg, &c->output_size))
			return cli_usage_error(err, "%s: --output-size: expected a number, "
					       "found '%s'", c->verb->name, arg);
		return EXIT_OK;
	case NODE_OPT_INPUT:
		return set_input(c, CALL_INPUT_HEX, arg, err);
	case NODE_OPT_U32:
		return set_input(c, CALL_INPUT_U32, arg, err);
	default:
		return set_input(c, CALL_INPUT_STRING, arg, err);
	}
}

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

static const char *hint(const struct node_kind *kind, int err)
{
	const struct node_hint *h;

	for (h = kind->hints; h && h->err; h++)
		if (h->err == err)
			return h->hint;
	return NULL;
}

/* What the node said no with: EXIT_NOT_FOUND for a node of another kind. */
static int ioctl_failed(const struct cli *c, const struct node_call *n, int err)
{
	const struct node_kind *k = n->kind;
	const char *h = hint(k, err);
	char buf[512];

	if (err == ENOTTY) {
		/* A node of another kind: a device, but not one of these. */
		errmsg("%s: no %s (see wmibpf devices)", n->target, k->what);
		return EXIT_NOT_FOUND;
	}
	/* A kernel that wrote no larger size has no retry to offer. */
	if (err == ENOSPC && k->ran && n->needed && *n->needed > n->room)
		errmsg("%s %s: the result needs %u bytes; retry with --output-size %u (%s)",
		       n->target, n->object, *n->needed, *n->needed, k->ran);
	else if (err == EBUSY)
		errmsg("%s %s: %s (%s %s; see wmibpf devices)", n->target, n->object,
		       strerror(err), k->owned, owner(c, n->target, buf, sizeof(buf)));
	else
		errmsg("%s %s: %s%s%s%s", n->target, n->object, strerror(err), h ? " (" : "",
		       h ? h : "", h ? ")" : "");
	return EXIT_FAILED;
}

int node_ioctl(const struct cli *c, const struct node_call *n)
{
	const struct node_kind *k = n->kind;
	char path[512], why[128] = "";
	int fd, err;

	snprintf(path, sizeof(path), "%s/%s", c->devdir, n->target);
	fd = open(path, O_RDWR);
	if (fd < 0) {
		err = errno;
		if (err == EACCES)
			snprintf(why, sizeof(why), " (the WMI %s nodes are root's)", k->nodes);
		else if (err == ENOENT)
			snprintf(why, sizeof(why), " (no such %s; see wmibpf devices)", k->what);
		errmsg("%s: %s%s", path, strerror(err), why);
		return err == ENOENT ? EXIT_NOT_FOUND : EXIT_FAILED;
	}
	err = ioctl(fd, n->request, n->arg) < 0 ? errno : 0;
	close(fd);
	if (err)
		return ioctl_failed(c, n, err);
	/* Never print past the buffer, whatever size a kernel claims it wrote. */
	if (n->needed && *n->needed > n->room) {
		errmsg("%s %s: the kernel says it wrote %u bytes into a buffer of %u", n->target,
		       n->object, *n->needed, n->room);
		return EXIT_FAILED;
	}
	return EXIT_OK;
}

int node_block_ioctl(const struct cli *c, const struct node_kind *kind, unsigned long request,
		     struct wmi_block_call *bc)
{
	char object[32];
	const struct node_call n = {
		.kind = kind,
		.target = c->target,
		.object = object,
		.request = request,
		.arg = bc,
		/* A set's data_size is its input's: nothing comes back. */
		.needed = request == WMI_IOC_BLOCK_QUERY ? &bc->data_size : NULL,
		.room = bc->data_size,
	};

	bc->size = sizeof(*bc);
	bc->instance = c->instance;
	snprintf(object, sizeof(object), "instance %u", c->instance);
	return node_ioctl(c, &n);
}

/* A dword's value, little-endian as the firmware gives it. */
static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

void node_print_result(uint32_t type, const uint8_t *out, uint32_t size)
{
	char text[1024];
	uint32_t i;

	printf("%s", text_result_type(type));
	if (type == WMI_RESULT_INTEGER && size == 4)
		printf(" %u", le32(out));
	else if (type == WMI_RESULT_STRING && text_wmi_string(out, size, text, sizeof(text)))
		printf(" \"%s\"", text);
	for (i = 0; i < size; i++)
		printf("%s%02x", i ? " " : " [", out[i]);
	printf("%s\n", size ? "]" : "");
}

void node_json_result(struct json *j, uint32_t type, const uint8_t *out, uint32_t size)
{
	char text[1024];
	uint32_t i;

	json_kv_string(j, "type", text_result_type(type));
	json_key(j, "bytes");
	json_array_begin(j);
	for (i = 0; i < size; i++)
		json_uint(j, out[i]);
	json_array_end(j);
	if (type == WMI_RESULT_INTEGER && size == 4)
		json_kv_uint(j, "value", le32(out));
	if (type == WMI_RESULT_STRING && text_wmi_string(out, size, text, sizeof(text)))
		json_kv_string(j, "value", text);
}

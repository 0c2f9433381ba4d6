/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What call, query and set share: each runs one ioctl on a /dev/wmi node,
 * with the same options, the same messages for what fails, and the same
 * way of printing what comes back.
 */
#ifndef WMIBPF_NODE_CALL_H
#define WMIBPF_NODE_CALL_H

#include <stdint.h>

#include "cli.h"
#include "json.h"

/* Their options; a verb's table lists those it takes. */
enum {
	NODE_OPT_INSTANCE = CLI_OPT_VERB,
	NODE_OPT_INPUT,
	NODE_OPT_U32,
	NODE_OPT_STRING,
	NODE_OPT_OUTPUT_SIZE,
};

/* Take one of them, with messages in the name of c->verb: as cli_verb.option. */
int node_option(struct cli *c, int opt, const char *arg, char **err);

/* An errno's hint for one kind of node, where it has one. */
struct node_hint {
	int err;
	const char *hint;
};

/* What a kind of node is, for the messages of what fails on it. */
struct node_kind {
	const char *what;	/* "WMI device with methods": what the node must be */
	const char *nodes;	/* "method": "the WMI method nodes are root's" */
	const char *owned;	/* "the method": what a driver keeps, for EBUSY */
	/* "the method has run": an ENOSPC is no dry run; NULL: no result to need room */
	const char *ran;
	const struct node_hint *hints;	/* other errnos', ended by { 0 } */
};

/* One ioctl on c->devdir/target. */
struct node_call {
	const struct node_kind *kind;
	const char *target;	/* the device */
	const char *object;	/* what failed: "method 9", "instance 0" */
	unsigned long request;
	void *arg;
	const uint32_t *needed;	/* in arg: the size an ENOSPC asks for, with kind->ran */
	uint32_t room;		/* the size of the result's buffer, with needed */
};

/* Run it: EXIT_OK, or the failure said and its exit status. */
int node_ioctl(const struct cli *c, const struct node_call *n);

/*
 * The hints a query and a set of a data block share: the kernel refuses a
 * bad instance (EINVAL) before the firmware is asked, and a data block's
 * node has no drivers or policies to answer it, so EPERM is the kernel's
 * alone.
 */
#define NODE_BLOCK_HINTS(verb)								\
	{ EPERM, "a raw " verb " needs CAP_SYS_RAWIO when the node is opened and no "	\
		 "lockdown" },								\
	{ EINVAL, "no such instance; see wmibpf devices" },				\
	{ ENODEV, "the device went away" },						\
	{ EIO, "the firmware failed the " verb ": an AML error, as firmware says no" }

/* What a data block's node is, for a query's and a set's node_kind alike. */
#define NODE_BLOCK_KIND				\
	.what = "WMI data block",		\
	.nodes = "data block",			\
	.owned = "the block"

struct wmi_block_call;

/* A query or a set of instance c->instance of the data block c->target. */
int node_block_ioctl(const struct cli *c, const struct node_kind *kind, unsigned long request,
		     struct wmi_block_call *bc);

/* A result as call prints it: its type, value if any, and bytes. */
void node_print_result(uint32_t type, const uint8_t *out, uint32_t size);

/* The same as "type", "bytes" and "value" in an open JSON object. */
void node_json_result(struct json *j, uint32_t type, const uint8_t *out, uint32_t size);

#endif

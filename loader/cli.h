/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wmibpf's command line: verbs, their options, usage texts, exit codes.
 * Parsing is separate from doing, so it is unit tested on its own.
 */
#ifndef WMIBPF_CLI_H
#define WMIBPF_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "guid.h"

/* Exit codes, as documented in wmibpf(8). */
#define EXIT_OK			0
#define EXIT_FAILED		1	/* the operation failed */
#define EXIT_USAGE		2	/* bad command line */
#define EXIT_BAD_POLICY		3	/* a policy file or BPF object is invalid */
#define EXIT_NOT_FOUND		4	/* no such policy or device */

enum verb {
	VERB_NONE,
	VERB_DEVICES,
	VERB_LOAD,
	VERB_UNLOAD,
	VERB_LIST,
	VERB_SHOW,
	VERB_MONITOR,
	VERB_CHECK,
	VERB_CALL,
	VERB_MODE,
	VERB_STATUS,
	VERB_EVENTS,
	VERB_MOF,
	VERB_HELP,
	VERB_VERSION,
};

/* How the input of `call` was given. */
enum call_input {
	CALL_INPUT_NONE,
	CALL_INPUT_HEX,
	CALL_INPUT_U32,
	CALL_INPUT_STRING,
};

struct cli {
	enum verb verb;
	bool help;		/* --help: the verb's usage */
	bool json, pretty, quiet;
	const char *bpffs;	/* where policies are pinned */
	const char *sysfs;	/* where sysfs is mounted */
	const char *devdir;	/* where the /dev/wmi nodes are */

	/* load, unload, show, monitor */
	const char *file;	/* load: policy file or BPF object */
	const char *dir;	/* load --dir */
	const char *name;	/* load --name; unload, show, monitor: the policy */
	bool has_device;	/* load --device/--for-device */
	struct wmi_guid device;
	bool all;		/* unload --all */
	unsigned long count;	/* monitor, events --count: stop after so many events */
	unsigned int timeout_s;	/* events --timeout: stop after so many seconds */
	unsigned int ring_size;	/* monitor --ring-size, 0 for the default */
	int mode;		/* mode: WMI_MODE_* to set, or -1 to print it */

	/* check */
	char **files;
	size_t nr_files;

	/* call, events */
	const char *target;	/* WMI device name; mof: FILE or DEVICE, or NULL */
	uint32_t method_id;
	uint32_t instance;
	enum call_input input_kind;
	uint8_t *input;		/* malloc()ed */
	size_t input_size;
	uint32_t output_size;
};

/*
 * Parse argv. Returns EXIT_OK, or EXIT_USAGE with a malloc()ed message in
 * *err saying what is wrong.
 */
int cli_parse(int argc, char **argv, struct cli *c, char **err);
void cli_free(struct cli *c);

/* The usage text of a verb (VERB_NONE: of the tool). */
const char *cli_usage(enum verb verb);
const char *cli_verb_name(enum verb verb);

/*
 * Verbs whose usage and arguments live in their cmd_<verb>.c: args are
 * the words after the verb; EXIT_OK, or EXIT_USAGE and a malloc()ed *err.
 */
extern const char cmd_mof_usage[];
int cmd_mof_args(struct cli *c, char **args, size_t nargs, char **err);

/* "0a 00 ff" or "0a00ff" into bytes; -EINVAL if not hex. */
int cli_parse_hex(const char *s, uint8_t **out, size_t *len);

/* An ASCII string marshalled as a WMI string: count, UTF-16LE, nul. */
int cli_marshal_string(const char *s, uint8_t **out, size_t *len);

#endif

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
#include <getopt.h>

#include "guid.h"

/* Exit codes, as documented in wmibpf(8). */
#define EXIT_OK			0
#define EXIT_FAILED		1	/* the operation failed */
#define EXIT_USAGE		2	/* bad command line */
#define EXIT_BAD_POLICY		3	/* a policy file or BPF object is invalid */
#define EXIT_NOT_FOUND		4	/* no such policy or device */

struct app;
struct cli;

/*
 * A verb of wmibpf: its cmd_<verb>.c owns all of it (usage, options,
 * arguments, what it does) and verbs.c lists it. Options may come before
 * or after the verb; each is handed to the verb that owns it, in command
 * line order, once the verb is known.
 */
struct cli_verb {
	const char *name;
	const char *summary;	/* its lines under "Verbs:" in the tool's usage */
	const char *usage;	/* wmibpf VERB --help */
	/* its own options, getopt_long style, val from CLI_OPT_VERB up; or NULL */
	const struct option *options;
	/* take one of them: EXIT_OK, or EXIT_USAGE and a malloc()ed *err */
	int (*option)(struct cli *c, int opt, const char *arg, char **err);
	/* the words after the verb, once every option is in; NULL: none taken */
	int (*args)(struct cli *c, char **args, size_t nargs, char **err);
	int (*run)(struct app *a);
	bool root;		/* changes what the kernel runs: root only */
};

/* The first val of a verb's own options; below it are the global ones. */
#define CLI_OPT_VERB	512

/* wmibpf's verbs, in the order of its usage, NULL-terminated (verbs.c). */
extern const struct cli_verb *const wmibpf_verbs[];

/* help [VERB] and version, which cli.c answers itself. */
extern const struct cli_verb cli_verb_help, cli_verb_version;

/* How the input of `call` or `set` was given. */
enum call_input {
	CALL_INPUT_NONE,
	CALL_INPUT_HEX,
	CALL_INPUT_U32,
	CALL_INPUT_STRING,
};

struct cli {
	const struct cli_verb *verb;
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
	bool for_device;	/* load --for-device */
	struct wmi_guid device;
	bool all;		/* unload --all */
	unsigned long count;	/* monitor, events --count: stop after so many events */
	unsigned int timeout_s;	/* events --timeout: stop after so many seconds */
	unsigned int ring_size;	/* monitor --ring-size, 0 for the default */
	int mode;		/* mode: WMI_MODE_* to set, or -1 to print it */

	/* check */
	const char *mof_file;	/* --mof: the bMOF to take names from */
	char **files;
	size_t nr_files;

	/* call, query, set, events */
	const char *target;	/* WMI device name; mof: FILE or DEVICE, or NULL */
	uint32_t method_id;
	uint32_t instance;
	enum call_input input_kind;
	uint8_t *input;		/* malloc()ed */
	size_t input_size;
	uint32_t output_size;
	bool by_name;		/* call Class.Method: target is that */
	char **params;		/* call Class.Method NAME=VALUE... */
	size_t nr_params;
};

/*
 * Parse argv against verbs (NULL-terminated). Returns EXIT_OK, or
 * EXIT_USAGE with a malloc()ed message in *err saying what is wrong.
 */
int cli_parse(int argc, char **argv, const struct cli_verb *const *verbs, struct cli *c,
	      char **err);
void cli_free(struct cli *c);

/* The usage text of a verb; of the tool for NULL or help. */
const char *cli_usage(const struct cli_verb *const *verbs, const struct cli_verb *verb);

/* For the verbs' option and args functions. */

/* Sets *err to the message; returns EXIT_USAGE. */
__attribute__((format(printf, 2, 3)))
int cli_usage_error(char **err, const char *fmt, ...);

/* A number as in policy files: decimal or 0x hex, never octal. 0 or -EINVAL. */
int cli_parse_u32(const char *s, uint32_t *v);

/* EXIT_OK if name is a policy name, else EXIT_USAGE: "VERB: WHAT'name' is not..." */
int cli_check_name(const char *verb, const char *what, const char *name, char **err);

/* "0a 00 ff" or "0a00ff" into bytes; -EINVAL if not hex. */
int cli_parse_hex(const char *s, uint8_t **out, size_t *len);

/* An ASCII string marshalled as a WMI string: count, UTF-16LE, nul. */
int cli_marshal_string(const char *s, uint8_t **out, size_t *len);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* What wmibpf's verbs share. */
#ifndef WMIBPF_H
#define WMIBPF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cli.h"
#include "json.h"

#define WMIBPF_VERSION	"0.1"

#ifndef WMIBPF_BPFDIR
#define WMIBPF_BPFDIR	"/usr/local/lib/wmibpf"
#endif

struct app {
	struct cli *cli;
	struct json json;
};

/* "wmibpf: " + message on stderr. */
__attribute__((format(printf, 1, 2)))
void errmsg(const char *fmt, ...);

/* Explain a BPF failure: EPERM means not root. Returns EXIT_FAILED. */
int bpf_failure(const char *what, int err);

/*
 * The exit status for a policy_parse_file() error: EXIT_BAD_POLICY when
 * the file is not a valid policy, EXIT_FAILED when it could not be read.
 */
int policy_exit_code(int err);

struct dirent;

/*
 * The entries of dir, but dot files, that keep() accepts (all if keep is
 * NULL), sorted; free with free_names(). 0 or -errno.
 */
int list_names(const char *dir, bool (*keep)(const struct dirent *e, void *arg), void *arg,
	       char ***names, size_t *nr);
void free_names(char **names, size_t nr);
/* A sysfs attribute's first line (dir/attr), or "" if it has none. */
void read_attr(const char *dir, const char *attr, char *buf, size_t size);
/* Every non-empty line of a sysfs attribute, joined with commas. */
void read_attr_lines(const char *dir, const char *attr, char *buf, size_t size);

int cmd_devices(struct app *a);
int cmd_load(struct app *a);
int cmd_unload(struct app *a);
int cmd_list(struct app *a);
int cmd_show(struct app *a);
int cmd_monitor(struct app *a);
int cmd_check(struct app *a);
int cmd_call(struct app *a);
int cmd_query(struct app *a);
int cmd_set(struct app *a);
int cmd_mode(struct app *a);
int cmd_status(struct app *a);
int cmd_events(struct app *a);
int cmd_mof(struct app *a);

#endif

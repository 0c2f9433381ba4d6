/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where loaded policies live: one directory per policy in bpffs,
 * /sys/fs/bpf/wmi/<name>/, so that a policy outlives wmibpf and bpftool
 * finds everything by name:
 *
 *	link		the table policy's struct_ops link (policy files)
 *	rules hits	its rule table and per-rule hit counters
 *	audit		its ring buffer of reported calls
 *	meta		what wmibpf says about the policy (struct wmi_policy_meta)
 *	obj-<map>	the link of each struct_ops map of a BPF object
 *
 * Removing a link's pin detaches it.
 */
#ifndef WMIBPF_STORE_H
#define WMIBPF_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include "wmi_policy.h"

#define STORE_PATH_MAX	512

/* bpffs/name/leaf, truncated safely. */
void store_path(char *buf, const char *bpffs, const char *name, const char *leaf);

/* Names of the loaded policies, sorted; free with free_names(). */
int store_list(const char *bpffs, char ***names, size_t *nr);

/*
 * Is a policy loaded? EXIT_OK; EXIT_NOT_FOUND, saying so; or EXIT_FAILED,
 * saying why it cannot be told (no bpffs, permission denied).
 */
int store_find(const char *bpffs, const char *name);

/* A policy's meta entry; -ENOENT if it has none. */
int store_read_meta(const char *bpffs, const char *name, struct wmi_policy_meta *meta);

/* Names of a policy's obj-* links (without the prefix). */
int store_list_objects(const char *bpffs, const char *name, char ***maps, size_t *nr);

/* Remove a policy's pins (links first, so it stops acting at once). */
int store_remove(const char *bpffs, const char *name);

#endif

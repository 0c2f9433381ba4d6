/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where loaded policies live: one directory per policy in bpffs,
 * /sys/fs/bpf/wmi/<name>/, so that a policy outlives wmibpf and bpftool
 * finds everything by name:
 *
 *	link		the table policy's struct_ops link (policy files)
 *	ops		the struct_ops map that link runs
 *	rules hits	its rule table and per-rule hit counters (and lost events)
 *	mode		enforce or audit (enum wmi_policy_mode), read on every call
 *	meta		what wmibpf says about the policy (struct wmi_policy_meta)
 *	obj-<map>	the link of each struct_ops map of a BPF object
 *	ops-<map>	the struct_ops map that link runs
 *
 * Beside the policies: monitors and monitor_slots (monitors.h).
 *
 * While a policy is loaded or replaced, its new version is built in
 * /sys/fs/bpf/wmi/-staging-<name>/ (no policy name begins with "-"): its
 * maps, its struct_ops maps, the links of programs it adds, and, once every
 * link of the policy runs the new programs, "commit". A staging directory
 * that outlives a wmibpf (kill -9) is an interrupted load. Writing and
 * recovering it is the load transaction's (transaction.h); the protocol is
 * in wmibpf(8), "LOADING AND REPLACING".
 *
 * Writers hold an flock() on the /sys/fs/bpf/wmi directory; directories
 * not owned by the user wmibpf runs as (root), or writable by others, are
 * refused: whoever owns them could unlink root's pins.
 */
#ifndef WMIBPF_STORE_H
#define WMIBPF_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wmi_policy.h"

#define STORE_PATH_MAX	512
#define STORE_STAGING	"-staging-"

/* bpffs/name/leaf, truncated safely. */
void store_path(char *buf, const char *bpffs, const char *name, const char *leaf);
/* bpffs/-staging-name/leaf. */
void store_staging_path(char *buf, const char *bpffs, const char *name, const char *leaf);

/* The ops pin of a link pin: "link" -> "ops", "obj-X" -> "ops-X". */
void store_ops_leaf(char *buf, size_t size, const char *link_leaf);
bool store_is_link(const char *leaf);

/* Names of the loaded policies, sorted; free with free_names(). */
int store_list(const char *bpffs, char ***names, size_t *nr);

/* Names of the policies whose load or replace was interrupted. */
int store_list_interrupted(const char *bpffs, char ***names, size_t *nr);

/*
 * Is a policy loaded? EXIT_OK; EXIT_NOT_FOUND, saying so; or EXIT_FAILED,
 * saying why it cannot be told (no bpffs, permission denied).
 */
int store_find(const char *bpffs, const char *name);

/*
 * A directory policies may trust: 0; -ENOENT; -ENOTDIR (or a symlink);
 * -EPERM when the user wmibpf runs as does not own it, or others may write
 * to it.
 */
int store_trusted(const char *path);

/* Say why path may not be used (store_trusted()'s err); EXIT_FAILED. */
int store_untrusted(const char *path, int err);

/*
 * Create the bpffs directory (0700) if need be, check that it may be
 * trusted and take the writers' lock on it, waiting for another wmibpf
 * (saying so unless quiet). EXIT_OK with *fd to pass to store_unlock().
 */
int store_lock(const char *bpffs, bool quiet, int *fd);
void store_unlock(int fd);

/* A policy's mode (enum wmi_policy_mode): enforce if it has none. */
uint32_t store_read_mode(const char *bpffs, const char *name);
/* Switch it: 0, or -ENOENT for a policy without a table. */
int store_write_mode(const char *bpffs, const char *name, uint32_t mode);
/* "audit" or "enforce". */
const char *store_mode_name(uint32_t mode);

/* A rule's hits: the sum over ncpus of entry id of the per-CPU map fd; 0 if none. */
uint64_t store_hits(int fd, uint32_t id, int ncpus);

/* A policy's meta entry; -ENOENT if it has none. */
int store_read_meta(const char *bpffs, const char *name, struct wmi_policy_meta *meta);
/* The meta entry of the meta map pinned at path (a staged one); -errno. */
int store_read_meta_at(const char *path, struct wmi_policy_meta *meta);

/*
 * Remove a policy's pins, detaching its links first (so it stops acting at
 * once, even while another process holds a link).
 */
int store_remove(const char *bpffs, const char *name);

/* Remove a directory of pins, links detached first. */
int store_remove_dir(const char *dir);

/* Remove the pin dir/leaf, a link's detached first; 0 if it is gone already. */
int store_remove_pin(const char *dir, const char *leaf);

#endif

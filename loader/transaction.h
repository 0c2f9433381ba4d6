/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The load transaction: a policy's new version is built in its staging
 * directory (store.h) and switched to link by link, so that a load or a
 * replace is all or nothing, and a wmibpf killed on the way leaves what
 * the next load or unload of the name rolls back (no "commit" pin: every
 * link goes back to the programs its ops pin names, the staging directory
 * goes) or forward ("commit": the staged pins move into the policy's
 * directory, what the new version does not have goes). The steps, the
 * lock and what a failure or a kill at each step leaves are the contract
 * in wmibpf(8), "LOADING AND REPLACING"; each step is a fault point
 * (fault.h) of this file's.
 */
#ifndef WMIBPF_TRANSACTION_H
#define WMIBPF_TRANSACTION_H

#include <stdbool.h>
#include <stddef.h>

#include "wmi_policy.h"

struct bpf_map;
struct bpf_object;

/* One struct_ops map to attach: the table policy's, or an object's. */
struct transaction_attach {
	char leaf[64];		/* its link's pin: "link" or "obj-<map>" */
	char ops[64];		/* its struct_ops map's pin: "ops" or "ops-<map>" */
	struct bpf_map *map;	/* loaded, not yet attached */
	bool replaces;		/* the policy has a link at leaf: swap it in place */
};

/*
 * A load or replace of the policy name. The caller fills in the first
 * part and adds the maps to attach (transaction_add()); then
 *
 *	transaction_begin()	takes the writers' lock, rolls an interrupted
 *				load of name back or forward, and finds what
 *				is loaded: exists, old, and each attach's
 *				replaces, for the caller to check
 *	transaction_commit()	stages, switches and commits
 *	transaction_end()	lets go of the lock (also after a failed begin)
 */
struct transaction {
	const char *bpffs;
	const char *name;
	const char *source;		/* the file loaded, for messages */
	bool quiet;			/* no "waiting", no "undid an interrupted load" */
	bool has_table;			/* a table policy: its rules, conds, hits and mode too */
	struct bpf_object *table;	/* the table policy's object, which has those maps */
	struct bpf_map *meta;		/* the new version's meta map (every version has one) */
	struct bpf_map *mode;		/* and its mode map, if has_table */
	/* The table policy's link first, then the objects', as loaded. */
	struct transaction_attach att[1 + WMI_META_MAX_OBJS];
	size_t nr_att;

	/* Found by transaction_begin(). */
	int lock;
	bool exists;			/* a version is loaded: this is a replace */
	struct wmi_policy_meta old;	/* its meta; zeroes if it has none */
};

/* Add a ready struct_ops map to attach at leaf ("link", "obj-<map>"); att has room for all. */
void transaction_add(struct transaction *t, const char *leaf, struct bpf_map *map);

/* EXIT_OK, or an exit status, having said why (and let go of the lock). */
int transaction_begin(struct transaction *t);

/*
 * Write meta into the new version's meta map and switch to it, or leave
 * the version loaded before as it was: EXIT_OK, or EXIT_FAILED, having
 * said which step failed and what it leaves.
 */
int transaction_commit(struct transaction *t, const struct wmi_policy_meta *meta);

void transaction_end(struct transaction *t);

/*
 * Finish what an interrupted wmibpf left of a load of name (under the
 * lock): 0 if there was nothing, 1 if it was rolled back, 2 if forward;
 * or -errno, saying why.
 */
int transaction_recover(const char *bpffs, const char *name);

/* Roll back a staged load: the links of name run their ops pins again. */
int transaction_rollback(const char *bpffs, const char *name);

/* Complete a committed load: the staged pins move into place. */
int transaction_forward(const char *bpffs, const char *name);

#endif

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

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A parsed policy as the table-driven BPF policy (bpf/wmi_policy.bpf.c)
 * reads it: rule map entries, the pattern mask, the default.
 */
#ifndef WMIBPF_ENCODE_H
#define WMIBPF_ENCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "policy.h"

struct policy_tables {
	struct wmi_rule_key *keys;	/* the `rules` map: one entry per key */
	struct wmi_rule *values;
	size_t nr_keys;
	struct wmi_cond_rule *conds;	/* the `conds` map: the keys' chains */
	size_t nr_conds;
	size_t nr;		/* rules; their ids are 1..nr, 0 is the default */
	uint64_t pattern_mask;	/* WMI_PAT_* combinations in use */
	uint32_t gids[WMI_POLICY_MAX_GIDS];	/* different gids the rules name */
	size_t nr_gids;
	uint32_t default_action;
	int32_t default_error;
	uint32_t default_flags;
	uint32_t default_origin;	/* the calls the default is for */
};

/* The key pattern (WMI_PAT_* bits) a rule uses. */
uint32_t encode_pattern(const struct policy_rule *r);

int encode_policy(const struct policy *p, struct policy_tables *t);
void encode_free(struct policy_tables *t);

struct wmi_alias;

/*
 * Aliases: another _WDG entry of the same mapper with the same object id
 * evaluates the same firmware method, and the kernel runs a device's
 * programs for calls through either. A policy's rules name devices; on
 * this machine, with its aliases in aliases[0..nr) (device_aliases(), both
 * ways), the devices of an alias group are one: encode_same_devices()
 * makes every rule naming one of them name the first of them the file
 * names, before encode_policy(), so that their rules meet as one device's
 * do; encode_aliases() then gives every key of that device the same entry
 * under each of its aliases (WMI_RULE_F_ALIAS), after. Rules of two
 * aliased devices for the same calls (with conditions or not) conflict:
 * encode_same_devices() fails with -EEXIST and says which in err.
 * 0, -EEXIST or -ENOMEM.
 */
int encode_same_devices(struct policy *p, const struct wmi_alias *aliases, size_t nr,
			char *err, size_t errlen);
int encode_aliases(struct policy_tables *t, const struct wmi_alias *aliases, size_t nr);

/*
 * A call as the program sees it; an event is one of origin
 * WMI_POLICY_ORIGIN_EVENT, its notify id in method_id, any uid and gid
 * (WMI_POLICY_ANY), its data as the input; an open of an event node to
 * read events one of origin WMI_POLICY_ORIGIN_READER, the opener's uid
 * and gid, no input; a set's input is the data written.
 */
struct encode_call {
	const uint8_t *guid;	/* 16 bytes */
	uint32_t kind;		/* enum wmi_policy_kind; a query's or set's method_id is its instance */
	uint32_t method_id, origin, uid, gid;
	uint64_t caps;		/* the caller's effective capabilities */
	const uint8_t *input;
	size_t input_len;
};

/*
 * What the program decides for a call, worked out from the tables the way
 * wmi_policy.bpf.c looks rules up: the rule's index + 1, or 0 for the
 * default. For `wmibpf check --explain`-style use and for tests.
 */
size_t encode_match_call(const struct policy_tables *t, const struct encode_call *call);

/* The same for a call without input, from a caller without capabilities. */
size_t encode_match(const struct policy_tables *t, const uint8_t guid[16], uint32_t method_id,
		    uint32_t origin, uint32_t uid, uint32_t gid);

/*
 * Whether the default decides a call of this origin that no rule matched;
 * if not, the call goes on as if the policy were not there, uncounted.
 */
bool encode_default_applies(const struct policy_tables *t, uint32_t origin);

#endif

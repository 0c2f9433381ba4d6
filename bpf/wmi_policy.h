/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The table-driven WMI policy: types shared by wmi_policy.bpf.c and the
 * wmibpf loader, which fills the tables from a policy file.
 *
 * A rule matches calls by kind, device GUID, method id, origin, uid and
 * gid; each of those may be a wildcard. The program looks rules up from
 * the most specific pattern to the least, and the first rule found
 * decides. Being specific counts most for the method, then the device,
 * the origin, the uid, the gid and last the kind: a rule for method 6 of
 * any device beats one for any method of one device, and a rule for any
 * method (or any query, or any set) beats one for any call only where
 * they are otherwise alike, so that a rule for every call of user 1000
 * beats one for any method of every user.
 * Only patterns some rule uses are tried (the loader passes them as a
 * bitmask), so a lookup costs at most 48 hash lookups and usually one or
 * two, whatever the number of rules.
 *
 * An event rule is a rule for the events of a device rather than its
 * method calls: its key has origin WMI_POLICY_ORIGIN_EVENT, the notify id
 * in method_id (or WMI_POLICY_ANY) and any uid and gid; its fields match
 * the event's data. Calls never look up event keys, nor events call
 * keys (not even those for origin any), and the default is for calls
 * only: an event no rule matches is delivered, uncounted.
 *
 * A query or set rule is a rule for a data block's queries or sets
 * rather than method calls: its key has kind WMI_POLICY_KIND_QUERY or
 * WMI_POLICY_KIND_SET and the block's instance in method_id (or
 * WMI_POLICY_ANY); otherwise it is keyed and matched as a method rule, its
 * fields on a set's data. Method calls, queries and sets never look up one
 * another's keys, but all three look up the keys of kind
 * WMI_POLICY_KIND_ANY: a rule that names no method, query or set is for
 * every call (its method_id is WMI_POLICY_ANY). The default is for all
 * three.
 *
 * A read rule decides who may open an event device's node to read its
 * events: its key has origin WMI_POLICY_ORIGIN_READER, any method, and
 * the opener's uid and gid (or any). An open looks up reader keys only
 * (patterns with the method a wildcard and the origin not), method calls
 * and events never do; an open no read rule matches is allowed, uncounted.
 *
 * A rule may also have conditions: fields of the call's input it must
 * match, and capabilities the caller must have. Rules with the same key
 * and conditions are a chain, in `conds`, tried in file order before the
 * key's rule without conditions (if any; WMI_RULE_F_CONDS_ONLY if not, and
 * the lookup goes on to the next pattern when no condition holds). A
 * chain has at most WMI_RULE_MAX_CHAIN rules, so a lookup stays bounded.
 */
#ifndef WMIBPF_POLICY_H
#define WMIBPF_POLICY_H

#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

#define WMI_POLICY_ANY		0xffffffffu	/* wildcard method id, uid, gid */
/* Most different gids a policy's rules may name: each is a group check. */
#define WMI_POLICY_MAX_GIDS	8
#define WMI_POLICY_MAX_RULES	(1u << 20)
/* Programs a device may run at once: the kernel's WMI_BPF_MAX_PROGS. */
#define WMI_DEVICE_MAX_PROGS	16

/* Origins as in enum wmi_call_origin, plus a wildcard. */
enum wmi_policy_origin {
	WMI_POLICY_ORIGIN_KERNEL = 0,
	WMI_POLICY_ORIGIN_USER = 1,
	WMI_POLICY_ORIGIN_ANY = 2,
	WMI_POLICY_ORIGIN_EVENT = 3,	/* an event rule's key; not in policy files */
	WMI_POLICY_ORIGIN_READER = 4,	/* a read rule's key; not in policy files */
};

/*
 * What a rule key is for. Events and opens of event nodes have kind method,
 * and their own origin (above).
 */
enum wmi_policy_kind {
	WMI_POLICY_KIND_METHOD = 0,
	WMI_POLICY_KIND_QUERY = 1,	/* a data block's query */
	WMI_POLICY_KIND_SET = 2,	/* a data block's set */
	WMI_POLICY_KIND_ANY = 3,	/* every call: a rule naming none of the above */
};

/* The notify ids events come with are a byte (the _WDG's NotifyId). */
#define WMI_POLICY_NOTIFY_MAX	0xff

enum wmi_policy_action {
	WMI_ACTION_ALLOW,	/* the call goes on */
	WMI_ACTION_DENY,	/* refused with the rule's errno */
	WMI_ACTION_INTERCEPT,	/* only to the driver that claims it, else denied */
	WMI_ACTION_EMULATE,	/* answered with the rule's integer */
	WMI_ACTION_AUDIT,	/* goes on, and is reported */
	WMI_ACTION_RAW,		/* goes on, raw to the firmware even if a driver owns it */
	WMI_ACTION_DROP,	/* an event: delivered to no one, driver or reader */
	WMI_ACTION_MAX,
};

/*
 * A policy's mode, in its one-entry `mode` map: in audit mode it changes
 * no call; what it would deny, intercept or emulate goes on as without it
 * and is reported, flagged WMI_AUDIT_F_AUDIT_MODE.
 */
enum wmi_policy_mode {
	WMI_MODE_ENFORCE = 0,
	WMI_MODE_AUDIT = 1,
};

#define WMI_AUDIT_F_AUDIT_MODE	0x1	/* reported in audit mode: not enforced */
/* An event's report: method_id is its notify id; no caller, no instance. */
#define WMI_AUDIT_F_EVENT	0x2
#define WMI_AUDIT_F_DROPPED	0x4	/* the event reached no one */
/* An open of an event device's node to read events: method_id is its notify id. */
#define WMI_AUDIT_F_READER	0x8

/* A rule also reports its calls when it has this flag. */
#define WMI_RULE_F_AUDIT	0x1
/* A key only holds a chain of rules with conditions; no rule of its own. */
#define WMI_RULE_F_CONDS_ONLY	0x2
/*
 * A key the loader added for an alias of the device its rules name (the
 * same firmware method through another GUID): `wmibpf show` lists those
 * rules once, under the device the policy file names.
 */
#define WMI_RULE_F_ALIAS	0x4

/* Conditions: input fields per rule, rules with conditions per key. */
#define WMI_RULE_MAX_FIELDS	4
#define WMI_RULE_MAX_CHAIN	64
/* An input field lies within the largest input a call takes (WMI_METHOD_INPUT_MAX). */
#define WMI_RULE_INPUT_MAX	32768

struct wmi_rule_key {
	__u8 guid[16];		/* all zero: any device */
	__u32 method_id;	/* a query's or set's instance; or WMI_POLICY_ANY */
	__u32 origin;		/* enum wmi_policy_origin */
	__u32 uid;		/* or WMI_POLICY_ANY */
	__u32 gid;		/* or WMI_POLICY_ANY */
	__u32 kind;		/* enum wmi_policy_kind */
};

struct wmi_rule {
	__u32 id;		/* index into the hit counters; the file's rule number */
	__u32 action;		/* enum wmi_policy_action */
	__s32 error;		/* WMI_ACTION_DENY: a positive errno */
	__u32 answer;		/* WMI_ACTION_EMULATE */
	__u32 flags;		/* WMI_RULE_F_* */
	__u32 line;		/* where the rule is in the policy file */
	__u32 first_cond;	/* the key's chain in `conds`: its first index */
	__u32 nr_conds;		/* and its length, 0 for none */
};

/*
 * An input field a rule matches: the little-endian integer of width bytes
 * at offset, and-ed with mask, from min to max. A call whose input is too
 * short for the field does not match.
 */
struct wmi_rule_field {
	__u32 offset;
	__u32 width;		/* 1, 2, 4 or 8 */
	__u64 mask;
	__u64 min;
	__u64 max;
};

/* A rule with conditions, in its key's chain; all conditions must hold. */
struct wmi_cond_rule {
	struct wmi_rule rule;	/* first_cond, nr_conds unused */
	__u64 caps;		/* 1 << CAP_*: effective capabilities the caller needs */
	__u32 nr_fields;
	__u32 min_size;		/* bytes of input the call has at least; 0: any */
	struct wmi_rule_field fields[WMI_RULE_MAX_FIELDS];
};

/*
 * Bit p of the pattern mask: the rule key pattern p is in use, where p's
 * bits say which fields are wildcards. Patterns are tried in increasing
 * order, so the weights below are the order of importance.
 */
/* Any kind of call; only with any method (a rule that names none). */
#define WMI_PAT_ANY_KIND	0x1
#define WMI_PAT_ANY_GID		0x2
#define WMI_PAT_ANY_UID		0x4
#define WMI_PAT_ANY_ORIGIN	0x8
#define WMI_PAT_ANY_GUID	0x10
#define WMI_PAT_ANY_METHOD	0x20
#define WMI_PAT_COUNT		64
/* The patterns event keys use: any uid and gid, the origin and kind not wildcards. */
#define WMI_PAT_EVENT_MASK	(WMI_PAT_ANY_KIND | WMI_PAT_ANY_ORIGIN | WMI_PAT_ANY_UID | \
				 WMI_PAT_ANY_GID)
#define WMI_PAT_EVENT	(WMI_PAT_ANY_UID | WMI_PAT_ANY_GID)
/* The patterns reader keys use: any method, the origin and kind not wildcards. */
#define WMI_PAT_READER_MASK	(WMI_PAT_ANY_KIND | WMI_PAT_ANY_METHOD | WMI_PAT_ANY_ORIGIN)
#define WMI_PAT_READER	WMI_PAT_ANY_METHOD

/* The rule id reported for calls no rule matched. */
#define WMI_RULE_DEFAULT	0

/*
 * What `wmibpf list` and `devices` show about a loaded policy, in its one
 * entry `meta` map (bpftool map dump prints it with these names).
 */
#define WMI_META_MAX_OBJS	8

struct wmi_policy_object {
	char name[32];		/* the struct_ops map attached */
	__u8 guid[16];		/* its binding, all zero for every device */
};

struct wmi_policy_meta {
	char name[40];
	char source[256];	/* the policy file */
	__u64 loaded_at;	/* seconds since the epoch */
	__u8 guid[16];		/* the policy's binding, all zero for every device */
	__u32 has_table;	/* a policy file's rule table is attached */
	__u32 nr_rules;
	__u32 default_action;
	__s32 default_error;
	__u32 default_flags;
	__u32 nr_objects;
	struct wmi_policy_object objects[WMI_META_MAX_OBJS];
	__u32 default_origin;	/* the calls the default is for (enum wmi_policy_origin) */
};

/*
 * Monitors. Every table policy delivers each call it reports to every
 * running `wmibpf monitor`: each monitor makes a ring buffer of its own
 * and puts it in a free slot of `monitors`, an array of maps pinned once
 * at /sys/fs/bpf/wmi/monitors that every policy's program shares; the
 * program writes the event to each occupied slot in turn. A monitor so
 * sees every event from the moment it has its slot, none from before, and
 * the policies loaded, replaced or unloaded meanwhile. An event a ring has
 * no room for is counted in the slot's `lost` (monitor_slots, pinned
 * beside it) and in the policy's hit counters at WMI_RULE_LOST(nr_rules).
 */
#define WMI_MONITOR_SLOTS	8
#define WMI_MONITOR_RING_SIZE	(256 * 1024)	/* a monitor's ring buffer */

struct wmi_monitor_slot {
	__u64 lost;		/* events the slot's ring had no room for */
	__u32 pid;		/* the monitor holding it, 0 if none */
	__u32 reserved;
	__u64 start;		/* its start time (clock ticks after boot), against pid reuse */
};

/* Where in `hits` a policy of nr rules counts the events monitors lost. */
#define WMI_RULE_LOST(nr)	((nr) + 1)

/* One report per reported call or event, to each monitor's ring buffer. */
struct wmi_audit_event {
	__u64 time_ns;		/* CLOCK_MONOTONIC, when the call ended */
	__u64 duration_ns;	/* time in the WMI core, firmware included */
	__u8 guid[16];
	char device[48];
	char comm[16];
	__u32 instance;
	__u32 method_id;
	__u32 origin;		/* enum wmi_policy_origin */
	__u32 uid;
	__u32 gid;
	__u32 pid;
	__u32 rule;		/* rule id, WMI_RULE_DEFAULT for the default */
	__u32 action;		/* enum wmi_policy_action taken */
	__u32 verdict;		/* enum wmi_call_verdict: who answered */
	__s32 error;		/* 0 or the call's negative errno */
	char policy[32];	/* the policy's name; no nul if 32 long */
	__u32 flags;		/* WMI_AUDIT_F_* */
	__u32 kind;		/* enum wmi_policy_kind; a query's or set's method_id is 0 */
};

#endif

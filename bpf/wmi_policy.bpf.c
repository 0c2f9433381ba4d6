// SPDX-License-Identifier: GPL-2.0
/*
 * The table-driven WMI policy. The wmibpf loader fills its maps from a
 * policy file; the program itself knows no device.
 *
 * method_call looks the call (a method call, or a data block's query or
 * set) up in `rules` and `conds` (see wmi_policy.h for the matching order),
 * counts a hit for the rule (or the default, if it is for the call's
 * origin) in `hits`, and allows,
 * denies, hands to the claiming driver or emulates. Calls a rule reports
 * (or the default, if it reports) go to every monitor's ring buffer (see
 * "Monitors" in wmi_policy.h): denied and emulated ones from method_call,
 * the others from method_done, once the outcome and the duration are
 * known. event looks an event up among the event rules only, and
 * delivers, drops or reports it. event_open looks an opener of an event
 * device's node up among the read rules only, and lets it read the
 * device's events or refuses the open.
 */
#include "wmi_bpf.h"
#include "wmi_policy.h"

/* Set by the loader before loading. */
const volatile __u64 pattern_mask = 0;		/* rule key patterns in use */
/* The gids rules name, for callers in them by a supplementary group */
const volatile __u32 rule_gids[WMI_POLICY_MAX_GIDS] = { };
const volatile __u32 nr_rule_gids = 0;
const volatile __u32 default_action = WMI_ACTION_ALLOW;
const volatile __s32 default_error = EPERM;
const volatile __u32 default_flags = 0;
/* The calls the default is for; others no rule matches go on, uncounted. */
const volatile __u32 default_origin = WMI_POLICY_ORIGIN_ANY;
/*
 * The policy's name, in its events, as words: read through volatile, or
 * the compiler would copy the zeros it was initialised with.
 */
const volatile __u64 policy_name[4] = { };
const volatile __u32 lost_id = 1;

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 1024);		/* resized by the loader */
	__type(key, struct wmi_rule_key);
	__type(value, struct wmi_rule);
} rules SEC(".maps");

/* The chains of rules with conditions (see wmi_policy.h), key by key. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);			/* resized by the loader */
	__type(key, __u32);
	__type(value, struct wmi_cond_rule);
} conds SEC(".maps");

/* Hits per rule id; id 0 is the default. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1024);		/* resized by the loader */
	__type(key, __u32);
	__type(value, __u64);
} hits SEC(".maps");

/* enum wmi_policy_mode; `wmibpf mode` writes it while the policy runs. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} mode SEC(".maps");

/* Each monitor's ring buffer, in a slot of its own; shared by all policies. */
struct monitor_ring {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, WMI_MONITOR_RING_SIZE);
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, WMI_MONITOR_SLOTS);
	__type(key, __u32);
	__array(values, struct monitor_ring);
} monitors SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, WMI_MONITOR_SLOTS);
	__type(key, __u32);
	__type(value, struct wmi_monitor_slot);
} monitor_slots SEC(".maps");

/* What the loader says about this policy; the program does not read it. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct wmi_policy_meta);
} meta SEC(".maps");

/* The rule keys a call looks up: enum wmi_policy_kind. */
static __always_inline __u32 rule_kind(struct wmi_bpf_ctx *call)
{
	if (call->kind == WMI_KIND_QUERY)
		return WMI_POLICY_KIND_QUERY;
	if (call->kind == WMI_KIND_SET)
		return WMI_POLICY_KIND_SET;
	return WMI_POLICY_KIND_METHOD;
}

static __always_inline bool is_event(struct wmi_bpf_ctx *call)
{
	return call->kind == WMI_KIND_EVENT;
}

/* An open of an event device's node, to read its events. */
static __always_inline bool is_open(struct wmi_bpf_ctx *call)
{
	return call->kind == WMI_KIND_EVENT_OPEN;
}

/* What a rule's fields look at: a call's input, an event's data. */
static __always_inline const __u8 *field_bytes(struct wmi_bpf_ctx *call, __u32 offset,
					       const __u32 size)
{
	if (is_event(call))
		return bpf_wmi_get_output(call, offset, size);
	return bpf_wmi_get_input(call, offset, size);
}

/* Does the input field hold a value the rule matches? */
static __always_inline bool field_matches(struct wmi_bpf_ctx *call,
					  const struct wmi_rule_field *f)
{
	const __u8 *p;
	__u64 v;

	switch (f->width) {
	case 1:
		p = field_bytes(call, f->offset, 1);
		if (!p)
			return false;
		v = p[0];
		break;
	case 2:
		p = field_bytes(call, f->offset, 2);
		if (!p)
			return false;
		v = p[0] | p[1] << 8;
		break;
	case 4:
		p = field_bytes(call, f->offset, 4);
		if (!p)
			return false;
		v = wmi_get_u32(p);
		break;
	case 8:
		p = field_bytes(call, f->offset, 8);
		if (!p)
			return false;
		v = wmi_get_u32(p) | (__u64)wmi_get_u32(p + 4) << 32;
		break;
	default:
		return false;
	}
	v &= f->mask;
	return v >= f->min && v <= f->max;
}

/*
 * A global function: the verifier checks it once, on its own, instead of
 * again at each of the places lookup() inlines decide() (one per rule key
 * pattern in use, in each of the three programs). Inlined, this loop made
 * most of the verifier's work, and most of a policy's load time.
 *
 * It takes the program's context, not the call: 6.12 refuses a global
 * function's trusted pointer to a module's type (wmi.ko from DKMS), while
 * the call read from the context is trusted wherever the type lives.
 */
__noinline bool conditions_hold(void *ctx __arg_ctx, const struct wmi_cond_rule *c __arg_nonnull)
{
	struct wmi_bpf_ctx *call = (void *)((__u64 *)ctx)[0];
	__u32 i;

	__u32 size = is_event(call) ? call->out_size : call->in_size;

	if ((call->cap_effective & c->caps) != c->caps || size < c->min_size)
		return false;
#pragma unroll
	for (i = 0; i < WMI_RULE_MAX_FIELDS; i++)
		if (i < c->nr_fields && !field_matches(call, &c->fields[i]))
			return false;
	return true;
}

/*
 * What a key's entry decides: the first rule of its chain whose
 * conditions hold, else its own rule, or NULL if it has none.
 */
static __always_inline struct wmi_rule *decide(void *ctx, struct wmi_rule *rule)
{
	struct wmi_cond_rule *c;
	__u32 k;
	int i;

	if (!rule->nr_conds)
		goto own;
	bpf_for(i, 0, WMI_RULE_MAX_CHAIN) {
		if (i >= rule->nr_conds)
			break;
		k = rule->first_cond + i;
		c = bpf_map_lookup_elem(&conds, &k);
		if (!c)
			break;
		if (conditions_hold(ctx, c))
			return &c->rule;
	}
own:
	return rule->flags & WMI_RULE_F_CONDS_ONLY ? NULL : rule;
}

/* What a program looks up: each struct_ops member is called for one only. */
enum lookup_for {
	LOOKUP_CALL,	/* method_call, method_done: a method call, query or set */
	LOOKUP_EVENT,	/* event */
	LOOKUP_OPEN,	/* event_open */
};

/*
 * The rule deciding a call, or NULL for the default. A gid rule matches
 * the caller's filesystem gid first, then each gid rules name that the
 * caller has as a supplementary group, as the kernel checks file access.
 * @what is a constant of the program: the verifier then walks only the
 * patterns its keys can have (4 for events, 8 for opens, not all 48), the
 * largest part of the time a policy takes to load.
 */
static __always_inline struct wmi_rule *lookup(void *ctx, struct wmi_bpf_ctx *call,
					       const enum lookup_for what)
{
	struct wmi_rule_key key;
	struct wmi_rule *rule;
	const bool event = what == LOOKUP_EVENT, open = what == LOOKUP_OPEN;
	/* A query's or set's key has the instance where a method's has its id. */
	__u32 kind = rule_kind(call);
	__u32 id = kind == WMI_POLICY_KIND_METHOD ? call->method_id : call->instance;
	__u32 p, i;

	for (p = 0; p < WMI_PAT_COUNT; p++) {
		if (!(pattern_mask & (1ull << p)))
			continue;
		/* Event keys have their own origin, and any uid and gid. */
		if (event && (p & WMI_PAT_EVENT_MASK) != WMI_PAT_EVENT)
			continue;
		/* Reader keys: their own origin, any method; opens look up no other. */
		if (open && (p & WMI_PAT_READER_MASK) != WMI_PAT_READER)
			continue;
		__builtin_memset(&key, 0, sizeof(key));
		if (!(p & WMI_PAT_ANY_GUID))
			__builtin_memcpy(key.guid, &call->guid, sizeof(key.guid));
		if (event) {
			key.method_id = p & WMI_PAT_ANY_METHOD ? WMI_POLICY_ANY : call->notify_id;
			key.origin = WMI_POLICY_ORIGIN_EVENT;
			key.uid = WMI_POLICY_ANY;
			key.gid = WMI_POLICY_ANY;
			rule = bpf_map_lookup_elem(&rules, &key);
			if (rule) {
				rule = decide(ctx, rule);
				if (rule)
					return rule;
			}
			continue;
		}
		key.kind = p & WMI_PAT_ANY_KIND ? WMI_POLICY_KIND_ANY : kind;
		key.method_id = p & WMI_PAT_ANY_METHOD ? WMI_POLICY_ANY : id;
		key.origin = p & WMI_PAT_ANY_ORIGIN ? WMI_POLICY_ORIGIN_ANY : call->origin;
		if (open)
			key.origin = WMI_POLICY_ORIGIN_READER;
		key.uid = p & WMI_PAT_ANY_UID ? WMI_POLICY_ANY : call->uid;
		key.gid = p & WMI_PAT_ANY_GID ? WMI_POLICY_ANY : call->gid;
		rule = bpf_map_lookup_elem(&rules, &key);
		if (rule) {
			rule = decide(ctx, rule);
			if (rule)
				return rule;
		}
		if ((p & WMI_PAT_ANY_GID) || call->origin != WMI_ORIGIN_USER)
			continue;
		for (i = 0; i < WMI_POLICY_MAX_GIDS && i < nr_rule_gids; i++) {
			if (rule_gids[i] == call->gid ||
			    bpf_wmi_caller_in_group(call, rule_gids[i]) != 1)
				continue;
			key.gid = rule_gids[i];
			rule = bpf_map_lookup_elem(&rules, &key);
			if (rule) {
				rule = decide(ctx, rule);
				if (rule)
					return rule;
			}
		}
	}

	return NULL;
}

static __always_inline bool default_applies(struct wmi_bpf_ctx *call)
{
	return default_origin == WMI_POLICY_ORIGIN_ANY || call->origin == default_origin;
}

static __always_inline void count(__u32 id)
{
	__u64 *n = bpf_map_lookup_elem(&hits, &id);

	if (n)
		*n += 1;
}

/*
 * An event to every monitor; what a full ring has no room for is counted.
 * Global, for the reason conditions_hold() is: report() is inlined six times.
 */
__noinline int deliver(struct wmi_audit_event *e __arg_nonnull)
{
	struct wmi_monitor_slot *slot;
	void *ring;
	__u32 i, k;

	for (i = 0; i < WMI_MONITOR_SLOTS; i++) {
		k = i;
		ring = bpf_map_lookup_elem(&monitors, &k);
		if (!ring || !bpf_ringbuf_output(ring, e, sizeof(*e), 0))
			continue;
		slot = bpf_map_lookup_elem(&monitor_slots, &k);
		if (slot)
			__sync_fetch_and_add(&slot->lost, 1);
		count(lost_id);
	}
	return 0;
}

static __always_inline bool audit_mode(void)
{
	__u32 zero = 0, *m = bpf_map_lookup_elem(&mode, &zero);

	return m && *m == WMI_MODE_AUDIT;
}

/* Would enforcing the action change the call? Audit mode reports those. */
static __always_inline bool acts(struct wmi_bpf_ctx *call, __u32 action)
{
	return action == WMI_ACTION_DENY || action == WMI_ACTION_EMULATE ||
	       (action == WMI_ACTION_INTERCEPT && !(call->flags & WMI_BPF_CALL_CLAIMED)) ||
	       (action == WMI_ACTION_RAW && (call->flags & WMI_BPF_CALL_OWNED));
}

static __always_inline void report(struct wmi_bpf_ctx *call, __u32 id, __u32 action,
				   __u32 verdict, __s32 error, __u32 flags)
{
	struct wmi_audit_event e = { };
	__u64 *name = (__u64 *)e.policy;
	__u32 i;

	e.time_ns = bpf_ktime_get_ns();
	e.duration_ns = e.time_ns - call->start_ns;
	__builtin_memcpy(e.guid, &call->guid, sizeof(e.guid));
	__builtin_memcpy(e.device, call->device, sizeof(e.device));
	__builtin_memcpy(e.comm, call->comm, sizeof(e.comm));
	for (i = 0; i < 4; i++)
		name[i] = policy_name[i];
	e.instance = call->instance;
	e.method_id = is_event(call) || is_open(call) ? call->notify_id : call->method_id;
	e.origin = call->origin;
	e.uid = call->uid;
	e.gid = call->gid;
	e.pid = call->pid;
	e.rule = id;
	e.action = action;
	e.verdict = verdict;
	e.error = error;
	e.flags = flags;
	e.kind = rule_kind(call);
	deliver(&e);
}

SEC("struct_ops/method_call")
int BPF_PROG(policy_call, struct wmi_bpf_ctx *call)
{
	struct wmi_rule *rule;
	__u32 id, action, flags;
	__s32 error;
	int ret;

	rule = lookup(ctx, call, LOOKUP_CALL);
	id = rule ? rule->id : WMI_RULE_DEFAULT;
	action = rule ? rule->action : default_action;
	flags = rule ? rule->flags : default_flags;
	error = rule ? rule->error : default_error;

	/* As if this policy were not there: a default for user space leaves drivers be. */
	if (!rule && !default_applies(call))
		return WMI_BPF_CONTINUE;
	count(id);
	/* Changing nothing: method_done reports what enforcing would have done. */
	if (acts(call, action) && audit_mode())
		return WMI_BPF_CONTINUE;

	switch (action) {
	case WMI_ACTION_DENY:
		break;
	case WMI_ACTION_INTERCEPT:
		/* Calls to claimed methods go to the driver by themselves. */
		if (call->flags & WMI_BPF_CALL_CLAIMED)
			return WMI_BPF_CONTINUE;
		error = EPERM;
		break;
	case WMI_ACTION_RAW:
		/*
		 * Shares a method the bound driver owns. The kernel still wants
		 * CAP_SYS_RAWIO in the opener, and refuses under lockdown.
		 */
		if (call->origin == WMI_ORIGIN_USER)
			bpf_wmi_allow_raw(call);
		return WMI_BPF_CONTINUE;
	case WMI_ACTION_EMULATE:
		ret = wmi_answer_u32(call, rule ? rule->answer : 0);
		/* One that cannot take the answer goes on: method_done reports it. */
		if (ret != WMI_BPF_CONTINUE && (flags & WMI_RULE_F_AUDIT))
			report(call, id, action, WMI_VERDICT_BPF_ANSWER, ret < 0 ? ret : 0, 0);
		return ret;
	default:
		return WMI_BPF_CONTINUE;
	}

	if (flags & WMI_RULE_F_AUDIT)
		report(call, id, action, WMI_VERDICT_BPF_DENY, -error, 0);
	return -error;
}

/* Report the calls that went on, now that their outcome is known. */
SEC("struct_ops/method_done")
int BPF_PROG(policy_done, struct wmi_bpf_ctx *call)
{
	struct wmi_rule *rule;
	__u32 action, flags;

	rule = lookup(ctx, call, LOOKUP_CALL);
	action = rule ? rule->action : default_action;
	flags = rule ? rule->flags : default_flags;

	if (!rule && !default_applies(call))
		return 0;
	/* In audit mode every call enforcing would change is reported. */
	if (acts(call, action) && audit_mode()) {
		report(call, rule ? rule->id : WMI_RULE_DEFAULT, action, call->verdict,
		       call->retval, WMI_AUDIT_F_AUDIT_MODE);
		return 0;
	}
	/* What this policy answered it reported already, if at all. */
	if (action == WMI_ACTION_EMULATE && call->verdict == WMI_VERDICT_BPF_ANSWER)
		return 0;
	if (action == WMI_ACTION_AUDIT || (flags & WMI_RULE_F_AUDIT))
		report(call, rule ? rule->id : WMI_RULE_DEFAULT, action, call->verdict,
		       call->retval, 0);

	return 0;
}

/*
 * An event: only event rules decide it, and the default does not; drop
 * ends it for the driver, the readers and the netlink listeners alike.
 * Lockdown lets a drop be, as it hands nobody anything new.
 */
SEC("struct_ops/event")
int BPF_PROG(policy_event, struct wmi_bpf_ctx *call)
{
	__u32 flags = WMI_AUDIT_F_EVENT;
	struct wmi_rule *rule;
	bool drop;

	if (!is_event(call))
		return WMI_BPF_DELIVER;
	rule = lookup(ctx, call, LOOKUP_EVENT);
	if (!rule)
		return WMI_BPF_DELIVER;
	count(rule->id);
	drop = rule->action == WMI_ACTION_DROP;
	if (drop && audit_mode()) {
		report(call, rule->id, rule->action, WMI_VERDICT_FIRMWARE, 0,
		       flags | WMI_AUDIT_F_AUDIT_MODE);
		return WMI_BPF_DELIVER;
	}
	if (drop)
		flags |= WMI_AUDIT_F_DROPPED;
	if (rule->action == WMI_ACTION_AUDIT || (rule->flags & WMI_RULE_F_AUDIT))
		report(call, rule->id, rule->action,
		       drop ? WMI_VERDICT_BPF_DENY : WMI_VERDICT_FIRMWARE, 0, flags);
	return drop ? WMI_BPF_DROP : WMI_BPF_DELIVER;
}

/*
 * An open of an event device's node: only read rules decide it, and the
 * default does not; a refused opener never becomes a reader. In audit
 * mode a deny is reported and not done.
 */
SEC("struct_ops/event_open")
int BPF_PROG(policy_event_open, struct wmi_bpf_ctx *call)
{
	__u32 flags = WMI_AUDIT_F_READER;
	struct wmi_rule *rule;
	bool deny;

	if (!is_open(call))
		return 0;
	rule = lookup(ctx, call, LOOKUP_OPEN);
	if (!rule)
		return 0;
	count(rule->id);
	deny = rule->action == WMI_ACTION_DENY;
	if (deny && audit_mode()) {
		report(call, rule->id, rule->action, WMI_VERDICT_FIRMWARE, 0,
		       flags | WMI_AUDIT_F_AUDIT_MODE);
		return 0;
	}
	if (rule->action == WMI_ACTION_AUDIT || (rule->flags & WMI_RULE_F_AUDIT))
		report(call, rule->id, rule->action,
		       deny ? WMI_VERDICT_BPF_DENY : WMI_VERDICT_FIRMWARE,
		       deny ? -rule->error : 0, flags);
	return deny ? -rule->error : 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops wmi_policy = {
	.method_call = (void *)policy_call,
	.method_done = (void *)policy_done,
	.event = (void *)policy_event,
	.event_open = (void *)policy_event_open,
};

char LICENSE[] SEC("license") = "GPL";

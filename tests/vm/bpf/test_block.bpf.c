// SPDX-License-Identifier: GPL-2.0
/*
 * Programs on data block queries and sets, bound to the acme charge limit
 * (an expensive, setable block holding a dword). What they do is set
 * through .bss while they are attached (tests/vm/progs/wmi_bpf_block.c);
 * what they saw is read back from it. Method calls pass untouched.
 */
#include "wmi_bpf.h"

#define CHARGE_LIMIT \
	WMI_GUID(0xd28b1d3d, 0xb880, 0x4e86, 0xbc, 0xf8, 0x8d, 0xe9, 0x93, 0x6d, 0x1b, 0x31)

/* What the programs do: query_action for queries, set_action for sets. */
enum block_action {
	BLOCK_PASS,		/* let it go on */
	BLOCK_DENY,		/* fail it with -EACCES */
	BLOCK_ANSWER,		/* a query: reply[0..reply_size), reply_type; a set: done */
	BLOCK_REWRITE,		/* a set's input dword becomes new_value; a
				 * query's result becomes reply, in method_done */
	BLOCK_ALLOW_RAW,	/* bpf_wmi_allow_raw() */
};

/* The kernel's values (vmlinux.h's), for the test to compare with. */
const volatile __u32 kind_query = WMI_KIND_QUERY, kind_set = WMI_KIND_SET;
const volatile __u32 origin_user = WMI_ORIGIN_USER, origin_kernel = WMI_ORIGIN_KERNEL;
const volatile __u32 verdict_firmware = WMI_VERDICT_FIRMWARE;
const volatile __u32 flag_acpi_object = WMI_BPF_CALL_ACPI_OBJECT;
const volatile __u32 flag_owned = WMI_BPF_CALL_OWNED;

__u32 query_action, set_action;
__u32 reply_type;
__u32 reply_size;
__u8 reply[16];
__u32 new_value;

/* What they saw, last */
__u32 calls, dones;
__u32 kind, instance, method_id, origin, flags, in_size, in_value;
__u32 out_size, out_type, out_min, out_max, out_value;
__u32 done_kind, done_out_size, done_out_type, done_out_max, done_verdict;
__s32 done_retval;
__s32 set_output_ret = 1;	/* 1: not called */
__s32 allow_raw_ret = 1;
__u32 rewrite_refused;

/* bpf_wmi_set_output() with reply: kfuncs take writable memory, the stack. */
static __always_inline int set_reply(struct wmi_bpf_ctx *call)
{
	__u8 buf[sizeof(reply)];
	__u32 n = reply_size;

	/*
	 * Two checks the compiler may not merge into one on a copy of n: the
	 * verifier bounds the register passed on.
	 */
	if (n > sizeof(buf))
		return -EINVAL;
	barrier_var(n);
	if (!n)
		return -EINVAL;
	__builtin_memcpy(buf, reply, sizeof(buf));
	return bpf_wmi_set_output(call, reply_type, buf, n);
}

SEC("struct_ops/method_call")
int BPF_PROG(block_call, struct wmi_bpf_ctx *call)
{
	__u32 action;
	__u8 *p;

	if (!wmi_is_block(call))
		return WMI_BPF_CONTINUE;
	calls++;
	kind = call->kind;
	instance = call->instance;
	method_id = call->method_id;
	origin = call->origin;
	flags = call->flags;
	in_size = call->in_size;
	out_size = call->out_size;
	out_min = call->out_min;
	out_max = call->out_max;
	in_value = 0;
	wmi_input_u32(call, 0, &in_value);

	action = call->kind == WMI_KIND_QUERY ? query_action : set_action;
	switch (action) {
	case BLOCK_DENY:
		return -EACCES;
	case BLOCK_ANSWER:
		set_output_ret = set_reply(call);
		/* A set has no output: answered, it is done, by the program. */
		if (call->kind == WMI_KIND_SET)
			return WMI_BPF_ANSWERED;
		/* A refused answer lets the firmware answer: drivers still work. */
		return set_output_ret ? WMI_BPF_CONTINUE : WMI_BPF_ANSWERED;
	case BLOCK_REWRITE:
		if (call->kind != WMI_KIND_SET)
			break;
		p = bpf_wmi_rewrite_input(call, 0, sizeof(__u32));
		if (p)
			wmi_put_u32(p, new_value);
		else
			rewrite_refused++;
		break;
	case BLOCK_ALLOW_RAW:
		allow_raw_ret = bpf_wmi_allow_raw(call);
		break;
	}
	return WMI_BPF_CONTINUE;
}

SEC("struct_ops/method_done")
int BPF_PROG(block_done, struct wmi_bpf_ctx *call)
{
	const __u8 *p;

	if (!wmi_is_block(call))
		return 0;
	dones++;
	done_kind = call->kind;
	done_out_size = call->out_size;
	done_out_type = call->out_type;
	done_out_max = call->out_max;
	done_verdict = call->verdict;
	done_retval = call->retval;
	p = bpf_wmi_get_output(call, 0, sizeof(__u32));
	out_value = p ? wmi_get_u32(p) : 0;
	if (call->kind == WMI_KIND_QUERY && query_action == BLOCK_REWRITE && !call->retval)
		set_output_ret = set_reply(call);
	return 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops block = {
	.guid = CHARGE_LIMIT,
	.method_call = (void *)block_call,
	.method_done = (void *)block_done,
};

char LICENSE[] SEC("license") = "GPL";

// SPDX-License-Identifier: GPL-2.0
/*
 * Every kind of change a program may make to a call, each recording what
 * the kernel said: the fan profile a driver sets (method 6) is rewritten
 * from 2 to 1 before the firmware gets it, the brightness a driver reads
 * (method 1) is rewritten to 77 after, and user space's brightness read
 * is let raw and answered with 77. Without CAP_SYS_RAWIO at attach, all
 * of it must fail. Two identical maps, to replace one by the other.
 */
#include "wmi_bpf.h"

#define METHODS WMI_GUID(0xfe733490, 0x2e22, 0x4edb, 0xa7, 0xb5, 0xbc, 0x24, 0x88, 0x74, 0xd3, 0x83)

int rewrite_ret;	/* 1: bpf_wmi_rewrite_input() gave a window, 2: none */
int answer_ret;		/* bpf_wmi_set_output() answering user space */
int raw_ret;		/* bpf_wmi_allow_raw() */
int done_ret;		/* bpf_wmi_set_output() rewriting a driver's result */

static __always_inline int rawio_call(struct wmi_bpf_ctx *call)
{
	__u32 answer = 77;
	__u8 *p;

	if (call->method_id == 6 && call->origin == WMI_ORIGIN_KERNEL) {
		p = bpf_wmi_rewrite_input(call, 0, sizeof(__u32));
		rewrite_ret = p ? 1 : 2;
		if (p && wmi_get_u32(p) == 2)
			wmi_put_u32(p, 1);
		return WMI_BPF_CONTINUE;
	}
	if (call->method_id == 1 && call->origin == WMI_ORIGIN_USER) {
		raw_ret = bpf_wmi_allow_raw(call);
		answer_ret = bpf_wmi_set_output(call, WMI_RESULT_INTEGER, (const __u8 *)&answer,
						sizeof(answer));
		/* Without an output this fails the call with EIO. */
		return WMI_BPF_ANSWERED;
	}
	return WMI_BPF_CONTINUE;
}

static __always_inline int rawio_done(struct wmi_bpf_ctx *call)
{
	__u32 value = 77;

	if (call->method_id == 1 && call->origin == WMI_ORIGIN_KERNEL && !call->retval)
		done_ret = bpf_wmi_set_output(call, WMI_RESULT_INTEGER, (const __u8 *)&value,
					      sizeof(value));
	return 0;
}

SEC("struct_ops/method_call")
int BPF_PROG(rawio_a_call, struct wmi_bpf_ctx *call)
{
	return rawio_call(call);
}

SEC("struct_ops/method_done")
int BPF_PROG(rawio_a_done, struct wmi_bpf_ctx *call)
{
	return rawio_done(call);
}

SEC("struct_ops/method_call")
int BPF_PROG(rawio_b_call, struct wmi_bpf_ctx *call)
{
	return rawio_call(call);
}

SEC("struct_ops/method_done")
int BPF_PROG(rawio_b_done, struct wmi_bpf_ctx *call)
{
	return rawio_done(call);
}

SEC(".struct_ops.link")
struct wmi_bpf_ops rawio_a = {
	.guid = METHODS,
	.method_call = (void *)rawio_a_call,
	.method_done = (void *)rawio_a_done,
};

SEC(".struct_ops.link")
struct wmi_bpf_ops rawio_b = {
	.guid = METHODS,
	.method_call = (void *)rawio_b_call,
	.method_done = (void *)rawio_b_done,
};

char LICENSE[] SEC("license") = "GPL";

// SPDX-License-Identifier: GPL-2.0
/*
 * Every kind of change a program may make to a call, each recording what
 * the kernel said: the fan profile a driver sets (method 6) is rewritten
 * from 2 to 1 before the firmware gets it, the brightness a driver reads
 * (method 1) is rewritten to 77 after, and user space's brightness read
 * is let raw and answered with 77. Without CAP_SYS_RAWIO at attach, all
 * of it must fail. Two identical maps, to replace one by the other.
 *
 * ev_a and ev_b, on the acme hot key event, each add a mark of their own
 * to the event's data (0x100 and 0x1000), or drop the event when told
 * to, recording the data they saw and what bpf_wmi_set_output() said:
 * the data a reader gets tells whose rewrite took effect. rawio_update
 * turns user space's brightness set (method 2) into an acme-wmi state
 * update, as the acme translator does.
 */
#include "wmi_bpf.h"

#define METHODS WMI_GUID(0xfe733490, 0x2e22, 0x4edb, 0xa7, 0xb5, 0xbc, 0x24, 0x88, 0x74, 0xd3, 0x83)
#define EVENTS WMI_GUID(0x59ad888c, 0x5ba0, 0x4bc6, 0x9a, 0x16, 0x2d, 0x2f, 0xcb, 0x48, 0xf4, 0xb1)
#define ACME_STATE_BRIGHTNESS	1

int rewrite_ret;	/* 1: bpf_wmi_rewrite_input() gave a window, 2: none */
int answer_ret;		/* bpf_wmi_set_output() answering user space */
int raw_ret;		/* bpf_wmi_allow_raw() */
int done_ret;		/* bpf_wmi_set_output() rewriting a driver's result */
__u32 ev_seen[2];	/* the data ev_a, ev_b saw last */
int ev_ret[2];		/* their bpf_wmi_set_output() */
int ev_drop[2];		/* set by the test: drop the next events */
int update_ret;		/* bpf_wmi_driver_update() */

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

static __always_inline int rawio_event(struct wmi_bpf_ctx *call, int i, __u32 mark)
{
	const __u8 *p = bpf_wmi_get_output(call, 0, sizeof(__u32));
	__u32 data;

	if (!p)
		return WMI_BPF_DELIVER;
	data = wmi_get_u32(p);
	ev_seen[i] = data;
	if (ev_drop[i])
		return WMI_BPF_DROP;
	data += mark;
	ev_ret[i] = bpf_wmi_set_output(call, WMI_RESULT_INTEGER, (const __u8 *)&data,
				       sizeof(data));
	return WMI_BPF_DELIVER;
}

SEC("struct_ops/event")
int BPF_PROG(rawio_ev_a, struct wmi_bpf_ctx *call)
{
	return rawio_event(call, 0, 0x100);
}

SEC("struct_ops/event")
int BPF_PROG(rawio_ev_b, struct wmi_bpf_ctx *call)
{
	return rawio_event(call, 1, 0x1000);
}

SEC("struct_ops.s/method_call")
int BPF_PROG(rawio_update_call, struct wmi_bpf_ctx *call)
{
	__u32 level;

	if (call->origin != WMI_ORIGIN_USER || call->method_id != 2 ||
	    !wmi_input_u32(call, 0, &level))
		return WMI_BPF_CONTINUE;
	update_ret = bpf_wmi_driver_update(call, ACME_STATE_BRIGHTNESS, (const __u8 *)&level,
					   sizeof(level));
	return update_ret ? update_ret : wmi_answer_u32(call, 0);
}

SEC(".struct_ops.link")
struct wmi_bpf_ops ev_a = { .guid = EVENTS, .event = (void *)rawio_ev_a };

SEC(".struct_ops.link")
struct wmi_bpf_ops ev_b = { .guid = EVENTS, .event = (void *)rawio_ev_b };

SEC(".struct_ops.link")
struct wmi_bpf_ops rawio_update = { .guid = METHODS, .method_call = (void *)rawio_update_call };

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

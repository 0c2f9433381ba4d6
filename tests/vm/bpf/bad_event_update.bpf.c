// SPDX-License-Identifier: GPL-2.0
/*
 * Must be refused: a state update for the driver from an event. Updates
 * are decisions on a user-space call, taken in method_call only.
 */
#include "wmi_bpf.h"

SEC("struct_ops.s/event")
int BPF_PROG(update_event, struct wmi_bpf_ctx *call)
{
	__u32 v = 1;

	return bpf_wmi_driver_update(call, 1, (__u8 *)&v, sizeof(v));
}

SEC(".struct_ops.link")
struct wmi_bpf_ops bad_event_update = { .event = (void *)update_event };

char LICENSE[] SEC("license") = "GPL";

// SPDX-License-Identifier: GPL-2.0
/*
 * Recursion guard: `outer` translates a user's brightness set into an
 * acme-wmi state update; the driver's own firmware call that follows is
 * nested in it. `inner` sees that nested call flagged FROM_BPF and tries
 * to recurse into the driver, which must fail with -EDEADLK.
 */
#include "wmi_bpf.h"

#define METHODS WMI_GUID(0xfe733490, 0x2e22, 0x4edb, 0xa7, 0xb5, 0xbc, 0x24, 0x88, 0x74, 0xd3, 0x83)

__s32 outer_ret = 1, inner_ret = 1;
__u64 inner_nested, inner_plain;

SEC("struct_ops.s/method_call")
int BPF_PROG(outer_call, struct wmi_bpf_ctx *call)
{
	__u32 level = 0;

	if (call->origin != WMI_ORIGIN_USER || call->method_id != 2)
		return WMI_BPF_CONTINUE;
	wmi_input_u32(call, 0, &level);
	outer_ret = bpf_wmi_driver_update(call, 1, (const __u8 *)&level, sizeof(level));
	return outer_ret ? outer_ret : wmi_answer_u32(call, 0);
}

SEC("struct_ops.s/method_call")
int BPF_PROG(inner_call, struct wmi_bpf_ctx *call)
{
	__u32 level = 1;

	if (!(call->flags & WMI_BPF_CALL_FROM_BPF)) {
		inner_plain++;
		return WMI_BPF_CONTINUE;
	}
	inner_nested++;
	inner_ret = bpf_wmi_driver_update(call, 1, (const __u8 *)&level, sizeof(level));
	return WMI_BPF_CONTINUE;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops rec_outer = { .guid = METHODS, .method_call = (void *)outer_call };

SEC(".struct_ops.link")
struct wmi_bpf_ops rec_inner = { .guid = METHODS, .method_call = (void *)inner_call };

char LICENSE[] SEC("license") = "GPL";

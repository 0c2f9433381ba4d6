// SPDX-License-Identifier: GPL-2.0
/*
 * Rewrite an argument: clamp the dword at offset of method_id's input to
 * [min, max] before anybody else sees it; for example keep a fan profile
 * out of "performance" on a machine that overheats, or a brightness above
 * a floor. Calls with a shorter input pass unchanged.
 *
 * The loader sets the variables and the binding GUID before loading.
 */
#include "wmi_bpf.h"

const volatile __u32 method_id = 0;
const volatile __u32 offset = 0;
const volatile __u32 min = 0;
const volatile __u32 max = 0xffffffff;

SEC("struct_ops/method_call")
int BPF_PROG(rewrite_call, struct wmi_bpf_ctx *call)
{
	__u32 value, clamped;
	__u8 *p;

	if (call->kind != WMI_KIND_METHOD || call->method_id != method_id)
		return WMI_BPF_CONTINUE;

	p = bpf_wmi_rewrite_input(call, offset, sizeof(__u32));
	if (!p)
		return WMI_BPF_CONTINUE;

	value = wmi_get_u32(p);
	clamped = value < min ? min : value > max ? max : value;
	wmi_put_u32(p, clamped);

	return WMI_BPF_CONTINUE;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops rewrite_arg = {
	.method_call = (void *)rewrite_call,
};

char LICENSE[] SEC("license") = "GPL";

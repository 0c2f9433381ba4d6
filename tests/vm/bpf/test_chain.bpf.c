// SPDX-License-Identifier: GPL-2.0
/*
 * Chain order and rewrites: three programs on the zones block record the
 * order they run in and each rewrites the colour a set call carries, so
 * the firmware's value tells the order too.
 */
#include "wmi_bpf.h"

#define ZONES WMI_GUID(0x1e8fec9b, 0x04a5, 0x4ed1, 0xb7, 0x9d, 0xb7, 0x7e, 0xf1, 0x15, 0x28, 0x78)

__u32 order[4];
__u32 seq;

static __always_inline int step(struct wmi_bpf_ctx *call, __u32 id, __u32 mul, __u32 add)
{
	__u32 v, i = seq;
	__u8 *p;

	if (call->method_id != 2)
		return WMI_BPF_CONTINUE;
	if (i < 4)
		order[i] = id;
	seq = i + 1;

	p = bpf_wmi_rewrite_input(call, 0, 4);
	if (!p)
		return WMI_BPF_CONTINUE;
	v = wmi_get_u32(p) * mul + add;
	wmi_put_u32(p, v);
	return WMI_BPF_CONTINUE;
}

SEC("struct_ops/method_call")
int BPF_PROG(a_call, struct wmi_bpf_ctx *call)
{
	return step(call, 1, 1, 1);
}

SEC("struct_ops/method_call")
int BPF_PROG(b_call, struct wmi_bpf_ctx *call)
{
	return step(call, 2, 1, 0x10);
}

SEC("struct_ops/method_call")
int BPF_PROG(first_call, struct wmi_bpf_ctx *call)
{
	return step(call, 3, 2, 0);
}

SEC(".struct_ops.link")
struct wmi_bpf_ops chain_a = { .guid = ZONES, .method_call = (void *)a_call };

SEC(".struct_ops.link")
struct wmi_bpf_ops chain_b = { .guid = ZONES, .method_call = (void *)b_call };

SEC(".struct_ops.link")
struct wmi_bpf_ops chain_first = {
	.guid = ZONES,
	.flags = WMI_BPF_F_BEFORE,
	.method_call = (void *)first_call,
};

char LICENSE[] SEC("license") = "GPL";

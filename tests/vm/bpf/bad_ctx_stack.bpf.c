// SPDX-License-Identifier: GPL-2.0
/* Must be refused: a context forged on the stack. */
#include "wmi_bpf.h"

SEC("struct_ops/method_call")
int BPF_PROG(stack_call, struct wmi_bpf_ctx *call)
{
	struct wmi_bpf_ctx fake = {};
	const __u8 *p;

	fake.in_size = 4096;
	p = bpf_wmi_get_input(&fake, 0, 4);
	return p ? p[0] : 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops bad_ctx_stack = { .method_call = (void *)stack_call };

char LICENSE[] SEC("license") = "GPL";

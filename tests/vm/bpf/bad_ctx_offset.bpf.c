// SPDX-License-Identifier: GPL-2.0
/* Must be refused: a pointer into the context, not the context itself. */
#include "wmi_bpf.h"

SEC("struct_ops/method_call")
int BPF_PROG(offset_call, struct wmi_bpf_ctx *call)
{
	const __u8 *p = bpf_wmi_get_input((struct wmi_bpf_ctx *)((char *)call + 8), 0, 4);

	return p ? p[0] : 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops bad_ctx_offset = { .method_call = (void *)offset_call };

char LICENSE[] SEC("license") = "GPL";

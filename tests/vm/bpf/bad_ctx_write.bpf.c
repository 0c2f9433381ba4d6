// SPDX-License-Identifier: GPL-2.0
/* Must be refused: writes to the read-only context. */
#include "wmi_bpf.h"

SEC("struct_ops/method_call")
int BPF_PROG(write_call, struct wmi_bpf_ctx *call)
{
	call->method_id = 2;
	return 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops bad_ctx_write = { .method_call = (void *)write_call };

char LICENSE[] SEC("license") = "GPL";

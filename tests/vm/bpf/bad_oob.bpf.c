// SPDX-License-Identifier: GPL-2.0
/* Must be refused: reads one byte past a 4-byte input window. */
#include "wmi_bpf.h"

SEC("struct_ops/method_call")
int BPF_PROG(oob_call, struct wmi_bpf_ctx *call)
{
	const __u8 *p = bpf_wmi_get_input(call, 0, 4);

	return p ? p[4] : 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops bad_oob = { .method_call = (void *)oob_call };

char LICENSE[] SEC("license") = "GPL";

// SPDX-License-Identifier: GPL-2.0
/*
 * Must be refused: reads one byte past a 4-byte window into the result
 * of a data block query, as bad_oob does into a method's input.
 */
#include "wmi_bpf.h"

SEC("struct_ops/method_done")
int BPF_PROG(block_oob_done, struct wmi_bpf_ctx *call)
{
	const __u8 *p;

	if (call->kind != WMI_KIND_QUERY)
		return 0;
	p = bpf_wmi_get_output(call, 0, 4);
	return p ? p[4] : 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops bad_block_oob = { .method_done = (void *)block_oob_done };

char LICENSE[] SEC("license") = "GPL";

// SPDX-License-Identifier: GPL-2.0
/* Must be refused: writes through the read-only input window. */
#include "wmi_bpf.h"

SEC("struct_ops/method_call")
int BPF_PROG(ro_in_call, struct wmi_bpf_ctx *call)
{
	__u8 *p = (__u8 *)bpf_wmi_get_input(call, 0, 4);

	if (p)
		p[0] = 1;
	return 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops bad_ro_input = { .method_call = (void *)ro_in_call };

char LICENSE[] SEC("license") = "GPL";

// SPDX-License-Identifier: GPL-2.0
/* Must be refused: a state update from method_done, after the call. */
#include "wmi_bpf.h"

SEC("struct_ops.s/method_done")
int BPF_PROG(late_done, struct wmi_bpf_ctx *call)
{
	__u32 level = 50;

	return bpf_wmi_driver_update(call, 1, (const __u8 *)&level, sizeof(level));
}

SEC(".struct_ops.link")
struct wmi_bpf_ops bad_kfunc = { .method_done = (void *)late_done };

char LICENSE[] SEC("license") = "GPL";

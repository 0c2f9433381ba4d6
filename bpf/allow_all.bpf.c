// SPDX-License-Identifier: GPL-2.0
/*
 * Let every call go on: the cost of running a program on each call, with
 * nothing to decide (make bench).
 */
#include "wmi_bpf.h"

SEC("struct_ops/method_call")
int BPF_PROG(allow_call, struct wmi_bpf_ctx *call)
{
	return WMI_BPF_CONTINUE;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops allow_all = {
	.method_call = (void *)allow_call,
};

char LICENSE[] SEC("license") = "GPL";

// SPDX-License-Identifier: GPL-2.0
/*
 * Emulate one method: calls to method_id are answered with the integer
 * answer and never reach a driver or the firmware. Useful to stub a method
 * whose firmware is broken, or to fake a feature for testing.
 *
 * The loader sets the variables and the binding GUID before loading.
 */
#include "wmi_bpf.h"

const volatile __u32 method_id = 0;
const volatile __u32 answer = 0;

SEC("struct_ops/method_call")
int BPF_PROG(emulate_call, struct wmi_bpf_ctx *call)
{
	if (call->kind != WMI_KIND_METHOD || call->method_id != method_id)
		return WMI_BPF_CONTINUE;

	return wmi_answer_u32(call, answer);
}

SEC(".struct_ops.link")
struct wmi_bpf_ops emulate_method = {
	.method_call = (void *)emulate_call,
};

char LICENSE[] SEC("license") = "GPL";

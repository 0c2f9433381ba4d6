// SPDX-License-Identifier: GPL-2.0
/*
 * Deny one method: calls to method_id get -deny_errno. With user_only set,
 * calls from kernel drivers are let through, so a driver that uses the
 * method keeps working while user space cannot call it.
 *
 * The loader sets the variables below and the binding GUID
 * (skel->struct_ops.deny_method->guid) before loading.
 */
#include "wmi_bpf.h"

const volatile __u32 method_id = 0;
const volatile __s32 deny_errno = EPERM;
const volatile bool user_only = false;

SEC("struct_ops/method_call")
int BPF_PROG(deny_call, struct wmi_bpf_ctx *call)
{
	if (call->kind != WMI_KIND_METHOD || call->method_id != method_id)
		return WMI_BPF_CONTINUE;
	if (user_only && call->origin == WMI_ORIGIN_KERNEL)
		return WMI_BPF_CONTINUE;

	return -deny_errno;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops deny_method = {
	.method_call = (void *)deny_call,
};

char LICENSE[] SEC("license") = "GPL";

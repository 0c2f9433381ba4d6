// SPDX-License-Identifier: GPL-2.0
/*
 * A program that tries to answer dell-smbios-wmi's own calls, which it
 * makes through the ACPI-object API and trusts: it copies the result by
 * the result's own length into its buffer. The kernel never hands a
 * program's answer to such a caller (the output kfunc refuses it), and a
 * positive return without an output fails the call with -EIO, so the
 * driver gets an error it handles, never bytes no firmware gave.
 */
#include "wmi_bpf.h"

__u8 big[4096];		/* a map value: too big for the stack */

SEC("struct_ops/method_call")
int BPF_PROG(dell_answer_call, struct wmi_bpf_ctx *call)
{
	if (call->origin != WMI_ORIGIN_KERNEL)
		return WMI_BPF_CONTINUE;
	bpf_wmi_set_output(call, WMI_RESULT_BUFFER, big, sizeof(big));
	return WMI_BPF_ANSWERED;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops dell_answer = {
	.guid = WMI_GUID(0xa80593ce, 0xa997, 0x11da, 0xb0, 0x12, 0xb6, 0x22, 0xa1, 0xef, 0x54, 0x92),
	.method_call = (void *)dell_answer_call,
};

char LICENSE[] SEC("license") = "GPL";

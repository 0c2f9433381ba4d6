// SPDX-License-Identifier: GPL-2.0
/*
 * Results programs write, as kernel callers and user space get them:
 * method 9 of the acme methods (the model string) is rewritten after the
 * firmware answered, method 7 (a package) is replaced by a buffer before,
 * and method 1 is answered with no result at all.
 */
#include "wmi_bpf.h"

#define METHODS WMI_GUID(0xfe733490, 0x2e22, 0x4edb, 0xa7, 0xb5, 0xbc, 0x24, 0x88, 0x74, 0xd3, 0x83)

__u8 seen[4];		/* the firmware's answer, before the rewrite */

SEC("struct_ops/method_call")
int BPF_PROG(answer_call, struct wmi_bpf_ctx *call)
{
	/* kfuncs take writable memory: the stack, not .rodata. */
	__u8 bytes[] = { 1, 2, 3, 4, 5 };

	if (call->method_id == 7) {
		bpf_wmi_set_output(call, WMI_RESULT_BUFFER, bytes, sizeof(bytes));
		return WMI_BPF_ANSWERED;
	}
	if (call->method_id == 1)
		return WMI_BPF_ANSWERED;	/* no output set: no result */
	return WMI_BPF_CONTINUE;
}

SEC("struct_ops/method_done")
int BPF_PROG(answer_done, struct wmi_bpf_ctx *call)
{
	/* "Hacked", marshalled */
	__u8 hacked[] = { 14, 0, 'H', 0, 'a', 0, 'c', 0, 'k', 0, 'e', 0, 'd', 0, 0, 0 };
	const __u8 *out;

	if (call->method_id != 9 || call->retval)
		return 0;
	out = bpf_wmi_get_output(call, 0, 4);
	if (out)
		__builtin_memcpy(seen, out, 4);
	return bpf_wmi_set_output(call, WMI_RESULT_STRING, hacked, sizeof(hacked));
}

SEC(".struct_ops.link")
struct wmi_bpf_ops answer = {
	.guid = METHODS,
	.method_call = (void *)answer_call,
	.method_done = (void *)answer_done,
};

char LICENSE[] SEC("license") = "GPL";

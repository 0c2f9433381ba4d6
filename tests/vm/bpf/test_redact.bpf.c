// SPDX-License-Identifier: GPL-2.0
/*
 * A result a policy hides: the model string of the acme laptop (method 9
 * of its methods) is replaced by "Hidden" once the firmware has answered.
 * A method_done program only, so that the memory the WMI core takes for
 * it is all taken under method_done (wmi_bpf_enomem.sh makes it fail);
 * and one that does not check what bpf_wmi_set_output() returned, as
 * the kernel must not count on programs to.
 */
#include "wmi_bpf.h"

#define METHODS WMI_GUID(0xfe733490, 0x2e22, 0x4edb, 0xa7, 0xb5, 0xbc, 0x24, 0x88, 0x74, 0xd3, 0x83)

SEC("struct_ops/method_done")
int BPF_PROG(redact_done, struct wmi_bpf_ctx *call)
{
	/* "Hidden", marshalled; as long as "Hacked", shorter than the model */
	__u8 hidden[] = { 14, 0, 'H', 0, 'i', 0, 'd', 0, 'd', 0, 'e', 0, 'n', 0, 0, 0 };

	if (call->method_id != 9 || call->retval)
		return 0;
	bpf_wmi_set_output(call, WMI_RESULT_STRING, hidden, sizeof(hidden));
	return 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops redact = {
	.guid = METHODS,
	.method_done = (void *)redact_done,
};

char LICENSE[] SEC("license") = "GPL";

// SPDX-License-Identifier: GPL-2.0
/*
 * A quirk fix on dell-smbios-wmi's own calls: the result of a thermal
 * information read (class 17, select 19, input 0) is rewritten, in place and
 * shorter than the firmware's 32 KiB buffer, to say "performance". The
 * driver copies the result by its own length: what it gets is a buffer
 * the firmware could have returned, and dell-pc reports the fixed mode.
 * Any attempt to change the result's type is refused; the kfuncs' answers
 * are counted in type_refused.
 */
#include "wmi_bpf.h"

__u32 type_refused;	/* bpf_wmi_set_output() refused an integer result */
__u32 rewritten;	/* results rewritten */

struct dell_call {	/* struct calling_interface_buffer */
	__u16 cmd_class;
	__u16 cmd_select;
	__u32 input[4];
	__u32 output[4];
};

SEC("struct_ops/method_done")
int BPF_PROG(dell_quirk_done, struct wmi_bpf_ctx *call)
{
	const struct dell_call *in;
	struct dell_call fixed = {};
	__u32 zero = 0;

	if (call->origin != WMI_ORIGIN_KERNEL || call->retval)
		return 0;
	in = (const struct dell_call *)bpf_wmi_get_input(call, 0, sizeof(*in));
	if (!in || in->cmd_class != 17 || in->cmd_select != 19 || in->input[0] != 0)
		return 0;
	if (bpf_wmi_set_output(call, WMI_RESULT_INTEGER, (__u8 *)&zero, sizeof(zero)) == -EINVAL)
		type_refused++;
	__builtin_memcpy(&fixed, in, sizeof(fixed));
	fixed.output[0] = 0;
	fixed.output[1] = 0xf;		/* all four modes supported */
	fixed.output[2] = 0x8;		/* the current one: performance */
	fixed.output[3] = 1 << 16;	/* AAC mode 1 */
	if (!bpf_wmi_set_output(call, WMI_RESULT_BUFFER, (__u8 *)&fixed, sizeof(fixed)))
		rewritten++;
	return 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops dell_quirk = {
	.guid = WMI_GUID(0xa80593ce, 0xa997, 0x11da, 0xb0, 0x12, 0xb6, 0x22, 0xa1, 0xef, 0x54, 0x92),
	.method_done = (void *)dell_quirk_done,
};

char LICENSE[] SEC("license") = "GPL";

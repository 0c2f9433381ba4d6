// SPDX-License-Identifier: GPL-2.0
/*
 * A hot key quirk fix for the real dell-wmi: the fake Dell's firmware
 * sends key code 0x1236 where the driver would expect 0x4321. The code
 * (the third u16 of the event buffer: length, type, code) is rewritten in
 * place, the buffer keeping its size and type, before dell-wmi parses it.
 */
#include "wmi_bpf.h"

__u32 fixed;		/* events rewritten */

SEC("struct_ops.s/event")
int BPF_PROG(dell_key_fix, struct wmi_bpf_ctx *call)
{
	__u8 data[32];
	const __u8 *p;

	if (call->out_type != WMI_RESULT_BUFFER || call->out_size != sizeof(data))
		return WMI_BPF_DELIVER;
	p = bpf_wmi_get_output(call, 0, sizeof(data));
	if (!p || p[4] != 0x36 || p[5] != 0x12)
		return WMI_BPF_DELIVER;
	__builtin_memcpy(data, p, sizeof(data));
	data[4] = 0x21;
	data[5] = 0x43;
	if (!bpf_wmi_set_output(call, WMI_RESULT_BUFFER, data, sizeof(data)))
		fixed++;
	return WMI_BPF_DELIVER;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops dell_event = {
	.guid = WMI_GUID(0x9dbb5994, 0xa997, 0x11da, 0xb0, 0x12, 0xb6, 0x22, 0xa1, 0xef, 0x54, 0x92),
	.event = (void *)dell_key_fix,
};

char LICENSE[] SEC("license") = "GPL";

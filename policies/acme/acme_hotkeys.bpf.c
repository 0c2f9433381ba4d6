// SPDX-License-Identifier: GPL-2.0
/*
 * A quirk fix for one model's hot key event, the HID-BPF pattern on WMI:
 * the acme 14's firmware reports its brightness keys as 0x90 (down) and
 * 0x91 (up) in the data of event 0xD0, where the other acme models, the
 * vendor's daemon and drivers expect 0x10 and 0x11. The program rewrites
 * the code before the bound driver, the readers of the event node and the
 * ACPI netlink listeners get the event, so none of them needs the quirk.
 *
 * It only rewrites within what the firmware could have sent (a dword for a
 * dword), and under lockdown the kernel refuses the rewrite: the event
 * then arrives as the firmware sent it.
 */
#include "wmi_bpf.h"

#define ACME_HOTKEY_NOTIFY	0xd0

__u64 fixed;		/* events rewritten, for bpftool map dump */

SEC("struct_ops/event")
int BPF_PROG(acme_hotkey_fix, struct wmi_bpf_ctx *call)
{
	const __u8 *p;
	__u32 code;

	if (call->kind != WMI_KIND_EVENT || call->notify_id != ACME_HOTKEY_NOTIFY ||
	    call->out_type != WMI_RESULT_INTEGER)
		return WMI_BPF_DELIVER;
	p = bpf_wmi_get_output(call, 0, 4);
	if (!p)
		return WMI_BPF_DELIVER;
	code = p[0] | p[1] << 8 | p[2] << 16 | (__u32)p[3] << 24;
	if (code != 0x90 && code != 0x91)
		return WMI_BPF_DELIVER;
	code -= 0x80;
	if (!bpf_wmi_set_output(call, WMI_RESULT_INTEGER, (__u8 *)&code, sizeof(code)))
		__sync_fetch_and_add(&fixed, 1);
	return WMI_BPF_DELIVER;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops acme_hotkeys = {
	/* 59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1, the acme event device */
	.guid = WMI_GUID(0x59ad888c, 0x5ba0, 0x4bc6, 0x9a, 0x16, 0x2d, 0x2f, 0xcb, 0x48, 0xf4, 0xb1),
	.event = (void *)acme_hotkey_fix,
};

char LICENSE[] SEC("license") = "GPL";

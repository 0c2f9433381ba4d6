// SPDX-License-Identifier: GPL-2.0
/*
 * An event quirk fix on the fake laptop's hot key (event 0xD0 of the acme
 * event device), the HID-BPF pattern: the data 0x2a a buggy firmware sends
 * is rewritten to 0x107 before the driver and readers get it, and events
 * with the data 0xdead are dropped. An event's context is checked on the
 * way: a rewrite only happens when it says event, kernel origin, notify
 * id 0xD0 and no calling process.
 *
 * Data 0x33 asks the kfuncs what they refuse for an event, and reports it
 * as the rewritten data 0x300 | bits, a bit set for each refusal seen:
 *   1  bpf_wmi_set_output() of another type (-EINVAL)
 *   2  bpf_wmi_set_output() of more bytes than the firmware's (-E2BIG)
 *   4  bpf_wmi_get_input(): there is no input (NULL)
 *   8  bpf_wmi_rewrite_input(): NULL
 *  16  bpf_wmi_allow_raw(): -EINVAL
 *  32  bpf_wmi_caller_in_group(): -EINVAL
 *  64  bpf_wmi_get_output() past the data (NULL)
 */
#include "wmi_bpf.h"

__u32 seen;		/* events this program saw */
__s32 rewrite_ret;	/* what the last rewrite's bpf_wmi_set_output() said */

static bool is_event(const struct wmi_bpf_ctx *call)
{
	return call->kind == WMI_KIND_EVENT && call->origin == WMI_ORIGIN_KERNEL &&
	       call->notify_id == 0xd0 && call->pid == 0 && call->uid == 0 &&
	       call->comm[0] == '\0' && call->cap_effective == 0 &&
	       call->out_type == WMI_RESULT_INTEGER && call->out_size == 4;
}

static __u32 refusals(struct wmi_bpf_ctx *call)
{
	__u8 big[8] = {};
	__u32 bits = 0;

	if (bpf_wmi_set_output(call, WMI_RESULT_BUFFER, big, 4) == -EINVAL)
		bits |= 1;
	if (bpf_wmi_set_output(call, WMI_RESULT_INTEGER, big, 8) == -E2BIG)
		bits |= 2;
	if (!bpf_wmi_get_input(call, 0, 1))
		bits |= 4;
	if (!bpf_wmi_rewrite_input(call, 0, 1))
		bits |= 8;
	if (bpf_wmi_allow_raw(call) == -EINVAL)
		bits |= 16;
	if (bpf_wmi_caller_in_group(call, 0) == -EINVAL)
		bits |= 32;
	if (!bpf_wmi_get_output(call, 1, 4))
		bits |= 64;
	return bits;
}

SEC("struct_ops.s/event")
int BPF_PROG(hotkey_event, struct wmi_bpf_ctx *call)
{
	const __u8 *p = bpf_wmi_get_output(call, 0, 4);
	__u32 data, fixed;

	seen++;
	if (!p || !is_event(call))
		return WMI_BPF_DELIVER;
	data = p[0] | p[1] << 8 | p[2] << 16 | (__u32)p[3] << 24;
	if (data == 0xdead)
		return WMI_BPF_DROP;
	if (data == 0x2a)
		fixed = 0x107;
	else if (data == 0x33)
		fixed = 0x300 | refusals(call);
	else
		return WMI_BPF_DELIVER;
	rewrite_ret = bpf_wmi_set_output(call, WMI_RESULT_INTEGER, (__u8 *)&fixed, sizeof(fixed));
	return WMI_BPF_DELIVER;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops test_event = {
	.guid = WMI_GUID(0x59ad888c, 0x5ba0, 0x4bc6, 0x9a, 0x16, 0x2d, 0x2f, 0xcb, 0x48, 0xf4, 0xb1),
	.event = (void *)hotkey_event,
};

char LICENSE[] SEC("license") = "GPL";

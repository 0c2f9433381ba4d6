// SPDX-License-Identifier: GPL-2.0
/*
 * A translator on an alias (tests/vm/wmi_bpf_alias_update*.sh): bound to
 * A83F2366-60A5-4D77-8A39-4FCF1E4A95EB, the acme-alias laptop's second
 * GUID of acme's WMAA, it turns user space's brightness set (method 2)
 * into a state update of acme-wmi, the driver that claims method 2
 * through FE733490, as the acme translator does. A program bound to a
 * GUID acts on calls through its aliases too: a set made through
 * FE733490 is translated alike, and reaches the driver without crossing
 * an alias, for the tests to compare.
 *
 * It answers every such call with what bpf_wmi_driver_update() returned,
 * as a 32-bit integer (0, or the negative errno), and keeps it in
 * update_ret: the caller and bpftool both see what the kernel said, and
 * no answer the firmware or the driver could give looks like -EPERM.
 * Kernel drivers' calls, acme-wmi's own applying the update included,
 * pass untouched.
 */
#include "wmi_bpf.h"

#define ALIAS WMI_GUID(0xa83f2366, 0x60a5, 0x4d77, 0x8a, 0x39, 0x4f, 0xcf, 0x1e, 0x4a, 0x95, 0xeb)
#define ACME_SET_BRIGHTNESS	2
#define ACME_STATE_BRIGHTNESS	1	/* acme-wmi's key (kernel/modules/acme-wmi) */

int update_ret = 1;	/* the last bpf_wmi_driver_update(); 1 before any */
__u32 updates;		/* how many times it was called */

SEC("struct_ops.s/method_call")
int BPF_PROG(alias_update_call, struct wmi_bpf_ctx *call)
{
	__u32 level;

	if (call->origin != WMI_ORIGIN_USER || call->method_id != ACME_SET_BRIGHTNESS ||
	    !wmi_input_u32(call, 0, &level))
		return WMI_BPF_CONTINUE;
	update_ret = bpf_wmi_driver_update(call, ACME_STATE_BRIGHTNESS, (const __u8 *)&level,
					   sizeof(level));
	updates++;
	return wmi_answer_u32(call, update_ret);
}

SEC(".struct_ops.link")
struct wmi_bpf_ops alias_update = {
	.guid = ALIAS,
	.method_call = (void *)alias_update_call,
};

char LICENSE[] SEC("license") = "GPL";

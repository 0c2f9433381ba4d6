// SPDX-License-Identifier: GPL-2.0
/*
 * The acme translator: raw brightness and keyboard light calls from user
 * space, as the vendor's tools make them, become state updates of the
 * acme-wmi driver.
 *
 * The acme firmware takes the new level as a little-endian dword in
 * methods 2 (brightness, 0..100) and 4 (keyboard light, 0..3) of
 * FE733490-2E22-4EDB-A7B5-BC248874D383 and answers a status dword: 0, or 1
 * for a value out of range. The translator decodes the call, hands the
 * level to the driver with bpf_wmi_driver_update(), and answers as the
 * firmware would; the driver's backlight and LED devices and the
 * notifications they send follow. Calls from kernel drivers, the driver's
 * own included, pass untouched, and so do all calls while no driver takes
 * state updates.
 *
 * Supporting another model whose tools use other method ids or another
 * layout means changing this file, not the kernel.
 */
#include "wmi_bpf.h"

#define ACME_SET_BRIGHTNESS	2
#define ACME_SET_KBD_LIGHT	4
#define ACME_STATUS_OK		0
#define ACME_STATUS_RANGE	1

/* acme-wmi's state update keys (kernel/modules/acme-wmi) */
#define ACME_STATE_BRIGHTNESS	1
#define ACME_STATE_KBD_LIGHT	2

#define ERANGE			34

/* Calls translated, by method id; read by tests and `wmibpf show`. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 8);
	__type(key, __u32);
	__type(value, __u64);
} translated SEC(".maps");

SEC("struct_ops.s/method_call")
int BPF_PROG(acme_translate, struct wmi_bpf_ctx *call)
{
	__u32 key, level = 0xffffffff, method = call->method_id;
	__u64 *n;
	int ret;

	if (call->origin != WMI_ORIGIN_USER)
		return WMI_BPF_CONTINUE;

	if (method == ACME_SET_BRIGHTNESS)
		key = ACME_STATE_BRIGHTNESS;
	else if (method == ACME_SET_KBD_LIGHT)
		key = ACME_STATE_KBD_LIGHT;
	else
		return WMI_BPF_CONTINUE;

	/* Short input is out of range, as the firmware sees it. */
	wmi_input_u32(call, 0, &level);
	ret = bpf_wmi_driver_update(call, key, (const __u8 *)&level, sizeof(level));
	if (ret == -EOPNOTSUPP)
		return WMI_BPF_CONTINUE;	/* no driver: the firmware takes it raw */
	if (ret == -ERANGE)
		return wmi_answer_u32(call, ACME_STATUS_RANGE);
	if (ret)
		return ret;

	n = bpf_map_lookup_elem(&translated, &method);
	if (n)
		__sync_fetch_and_add(n, 1);

	return wmi_answer_u32(call, ACME_STATUS_OK);
}

SEC(".struct_ops.link")
struct wmi_bpf_ops acme_translator = {
	.guid = WMI_GUID(0xfe733490, 0x2e22, 0x4edb, 0xa7, 0xb5,
			 0xbc, 0x24, 0x88, 0x74, 0xd3, 0x83),
	.method_call = (void *)acme_translate,
};

char LICENSE[] SEC("license") = "GPL";

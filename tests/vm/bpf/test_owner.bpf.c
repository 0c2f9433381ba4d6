// SPDX-License-Identifier: GPL-2.0
/*
 * An administrator's program on the acme method block, for a driver that
 * owns its methods (wmi-testdrv own=1): it shares some on purpose with
 * bpf_wmi_allow_raw(), deciding by the caller's credentials.
 *
 *   method 5  always allowed raw; calls flagged WMI_BPF_CALL_OWNED counted
 *   method 7  allowed raw if the caller has CAP_SYS_ADMIN, else EACCES
 *   method 9  allowed raw if the caller is in group 4242 (filesystem or
 *             supplementary group), else EACCES
 *   others    left alone: owned, so EBUSY
 *
 * allow_raw_ret keeps the kfunc's last answer (-EPERM under lockdown).
 */
#include "wmi_bpf.h"

#define CAP_SYS_ADMIN	21
#define EACCES		13

__u32 owned_seen;
int allow_raw_ret = 1;

SEC("struct_ops/method_call")
int BPF_PROG(owner_call, struct wmi_bpf_ctx *call)
{
	bool allow;

	if (call->origin != WMI_ORIGIN_USER)
		return WMI_BPF_CONTINUE;
	if (call->method_id == 5) {
		if (call->flags & WMI_BPF_CALL_OWNED)
			owned_seen++;
		allow = true;
	} else if (call->method_id == 7) {
		allow = call->cap_effective & (1ULL << CAP_SYS_ADMIN);
	} else if (call->method_id == 9) {
		allow = bpf_wmi_caller_in_group(call, 4242) == 1;
	} else {
		return WMI_BPF_CONTINUE;
	}
	if (!allow)
		return -EACCES;
	allow_raw_ret = bpf_wmi_allow_raw(call);
	return WMI_BPF_CONTINUE;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops test_owner = {
	.guid = WMI_GUID(0xfe733490, 0x2e22, 0x4edb, 0xa7, 0xb5, 0xbc, 0x24, 0x88, 0x74, 0xd3, 0x83),
	.method_call = (void *)owner_call,
};

char LICENSE[] SEC("license") = "GPL";

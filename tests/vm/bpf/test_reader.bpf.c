// SPDX-License-Identifier: GPL-2.0
/*
 * Who reads the acme hot key's events (the acme event device): root and
 * members of group 1001 may, everyone else is refused with EACCES. What
 * the program saw of the last opener is kept for the test to compare,
 * with what the kfuncs refused an open, a bit set for each refusal:
 *   1  bpf_wmi_set_output(): -EOPNOTSUPP, an open has no output
 *   2  bpf_wmi_get_input(): NULL, nor input
 *   4  bpf_wmi_rewrite_input(): NULL
 *   8  bpf_wmi_allow_raw(): -EINVAL, nothing goes raw
 *  16  bpf_wmi_get_output(): NULL
 */
#include "wmi_bpf.h"

__u32 opens;		/* opens this program judged */
__u32 refused;		/* and refused */
__u32 refusals;		/* what the kfuncs refused the last one, bits above */
bool last_is_open;	/* the last context said: an event node's opening */
bool last_from_user;	/* from user space */
__u32 last_notify_id, last_uid, last_gid, last_pid, last_flags;
__u64 last_caps;
char last_comm[16];

static __u32 kfunc_refusals(struct wmi_bpf_ctx *call)
{
	__u8 out[4] = {};
	__u32 bits = 0;

	if (bpf_wmi_set_output(call, WMI_RESULT_INTEGER, out, sizeof(out)) == -EOPNOTSUPP)
		bits |= 1;
	if (!bpf_wmi_get_input(call, 0, 1))
		bits |= 2;
	if (!bpf_wmi_rewrite_input(call, 0, 1))
		bits |= 4;
	if (bpf_wmi_allow_raw(call) == -EINVAL)
		bits |= 8;
	if (!bpf_wmi_get_output(call, 0, 1))
		bits |= 16;
	return bits;
}

SEC("struct_ops/event_open")
int BPF_PROG(reader_open, struct wmi_bpf_ctx *call)
{
	opens++;
	last_is_open = call->kind == WMI_KIND_EVENT_OPEN;
	last_from_user = call->origin == WMI_ORIGIN_USER;
	last_notify_id = call->notify_id;
	last_uid = call->uid;
	last_gid = call->gid;
	last_pid = call->pid;
	last_flags = call->flags;
	last_caps = call->cap_effective;
	__builtin_memcpy(last_comm, call->comm, sizeof(last_comm));
	refusals = kfunc_refusals(call);

	if (call->uid == 0 || bpf_wmi_caller_in_group(call, 1001) == 1)
		return 0;
	refused++;
	return -EACCES;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops test_reader = {
	.guid = WMI_GUID(0x59ad888c, 0x5ba0, 0x4bc6, 0x9a, 0x16, 0x2d, 0x2f, 0xcb, 0x48, 0xf4, 0xb1),
	.event_open = (void *)reader_open,
};

char LICENSE[] SEC("license") = "GPL";

// SPDX-License-Identifier: GPL-2.0
/*
 * Binding: one program bound to the zones block, one to every device,
 * each counting the calls it sees and keeping the last context.
 */
#include "wmi_bpf.h"

#define ZONES WMI_GUID(0x1e8fec9b, 0x04a5, 0x4ed1, 0xb7, 0x9d, 0xb7, 0x7e, 0xf1, 0x15, 0x28, 0x78)

__u64 zones_seen, all_seen, done_seen;

/* What the zones program saw last */
__u8 last_guid[16];
char last_device[48], last_driver[32], last_comm[16], last_caller_name[64];
__u32 last_instance, last_method, last_origin, last_pid, last_uid, last_in_size;
__u64 last_caller, last_start_ns;
__s32 last_retval;
__u32 last_verdict, last_out_type, last_out_size;
__u8 last_out[8];

SEC("struct_ops/method_call")
int BPF_PROG(zones_call, struct wmi_bpf_ctx *call)
{
	zones_seen++;
	__builtin_memcpy(last_guid, &call->guid, sizeof(last_guid));
	__builtin_memcpy(last_device, call->device, sizeof(last_device));
	__builtin_memcpy(last_driver, call->driver, sizeof(last_driver));
	__builtin_memcpy(last_comm, call->comm, sizeof(last_comm));
	__builtin_memcpy(last_caller_name, call->caller_name, sizeof(last_caller_name));
	last_instance = call->instance;
	last_method = call->method_id;
	last_origin = call->origin;
	last_pid = call->pid;
	last_uid = call->uid;
	last_in_size = call->in_size;
	last_caller = call->caller;
	last_start_ns = call->start_ns;
	return WMI_BPF_CONTINUE;
}

SEC("struct_ops/method_call")
int BPF_PROG(all_call, struct wmi_bpf_ctx *call)
{
	all_seen++;
	return WMI_BPF_CONTINUE;
}

SEC("struct_ops/method_done")
int BPF_PROG(zones_done, struct wmi_bpf_ctx *call)
{
	const __u8 *out = bpf_wmi_get_output(call, 0, 4);

	done_seen++;
	last_retval = call->retval;
	last_verdict = call->verdict;
	last_out_type = call->out_type;
	last_out_size = call->out_size;
	if (out)
		__builtin_memcpy(last_out, out, 4);
	return 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops scope_zones = {
	.guid = ZONES,
	.method_call = (void *)zones_call,
	.method_done = (void *)zones_done,
};

SEC(".struct_ops.link")
struct wmi_bpf_ops scope_all = { .method_call = (void *)all_call };

char LICENSE[] SEC("license") = "GPL";

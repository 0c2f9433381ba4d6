// SPDX-License-Identifier: GPL-2.0
/*
 * Must be refused: a tail call. Through a program array a non-sleepable
 * method_call could jump into a sleepable one (the BPF core does not
 * compare them) and run bpf_wmi_driver_update() under rcu_read_lock().
 */
#include "wmi_bpf.h"

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} jmp SEC(".maps");

SEC("struct_ops/method_call")
int BPF_PROG(tail_call, struct wmi_bpf_ctx *call)
{
	bpf_tail_call(ctx, &jmp, 0);
	return 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops bad_tailcall = { .method_call = (void *)tail_call };

char LICENSE[] SEC("license") = "GPL";

// SPDX-License-Identifier: GPL-2.0
/*
 * Must be refused: a context forged in a map value, the way an attacker
 * lays out a fake call whose input points where he likes.
 */
#include "wmi_bpf.h"

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct wmi_bpf_ctx);
} fakes SEC(".maps");

SEC("struct_ops/method_call")
int BPF_PROG(map_call, struct wmi_bpf_ctx *call)
{
	__u32 key = 0;
	struct wmi_bpf_ctx *fake = bpf_map_lookup_elem(&fakes, &key);
	__u8 bytes[4] = { 'P', 'W', 'N', 'D' };

	if (!fake)
		return 0;
	return bpf_wmi_set_output(fake, WMI_RESULT_BUFFER, bytes, sizeof(bytes));
}

SEC(".struct_ops.link")
struct wmi_bpf_ops bad_ctx_map = { .method_call = (void *)map_call };

char LICENSE[] SEC("license") = "GPL";

// SPDX-License-Identifier: GPL-2.0
/* Must be refused: reads one byte past a 4-byte window into event data. */
#include "wmi_bpf.h"

SEC("struct_ops/event")
int BPF_PROG(oob_event, struct wmi_bpf_ctx *call)
{
	const __u8 *p = bpf_wmi_get_output(call, 0, 4);

	return p ? p[4] : 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops bad_event_oob = { .event = (void *)oob_event };

char LICENSE[] SEC("license") = "GPL";

// SPDX-License-Identifier: GPL-2.0
/*
 * Must be refused: a sleepable event_open. It runs under the misc device
 * core's lock, in the opener's task, whose memory a sleepable program
 * could wait on for as long as the opener likes.
 */
#include "wmi_bpf.h"

SEC("struct_ops.s/event_open")
int BPF_PROG(open_sleepable, struct wmi_bpf_ctx *call)
{
	return 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops bad_open_sleepable = { .event_open = (void *)open_sleepable };

char LICENSE[] SEC("license") = "GPL";

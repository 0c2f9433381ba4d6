// SPDX-License-Identifier: GPL-2.0
/*
 * A program detached and attached again while a call stands on it: on
 * the zones block's method 1, `slow` holds the call until user space sets
 * `release` (or `hold_ns` has passed), the window for the detach and the
 * attach; then `deny`, after it in the chain, refuses the call. Whatever
 * happens to `slow` meanwhile, the call must still meet `deny`
 * (wmi_bpf_unreg() keeps the entry unlinked until no call stands on it).
 *
 * The driver-only test uses `slow` alone, on acme's method block: it holds
 * a brightness set, which acme-wmi claims, while the driver is unbound.
 */
#include "wmi_bpf.h"

#define ZONES WMI_GUID(0x1e8fec9b, 0x04a5, 0x4ed1, 0xb7, 0x9d, 0xb7, 0x7e, 0xf1, 0x15, 0x28, 0x78)

const volatile __u32 hold_method = 1;	/* driver-only holds acme's method 2 */
__u64 hold_ns;
__u32 release;
__u32 slow_runs;
__u32 deny_runs;

static long holding(__u32 i, void *until)
{
	return release || bpf_ktime_get_ns() > *(__u64 *)until;
}

SEC("struct_ops/method_call")
int BPF_PROG(slow_call, struct wmi_bpf_ctx *call)
{
	__u64 until = bpf_ktime_get_ns() + hold_ns;
	int i;

	if (call->method_id != hold_method || call->origin != WMI_ORIGIN_USER)
		return WMI_BPF_CONTINUE;
	__sync_fetch_and_add(&slow_runs, 1);
	/* bpf_loop() takes at most 2^23 rounds a call: as many calls as it takes. */
	for (i = 0; i < 64 && !release && bpf_ktime_get_ns() <= until; i++)
		bpf_loop(1 << 23, holding, &until, 0);
	return WMI_BPF_CONTINUE;
}

SEC("struct_ops/method_call")
int BPF_PROG(deny_call, struct wmi_bpf_ctx *call)
{
	if (call->method_id != 1)
		return WMI_BPF_CONTINUE;
	__sync_fetch_and_add(&deny_runs, 1);
	return -EACCES;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops slow = { .guid = ZONES, .method_call = (void *)slow_call };

SEC(".struct_ops.link")
struct wmi_bpf_ops deny = { .guid = ZONES, .method_call = (void *)deny_call };

char LICENSE[] SEC("license") = "GPL";

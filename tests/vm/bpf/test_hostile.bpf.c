// SPDX-License-Identifier: GPL-2.0
/*
 * Programs the verifier accepts that try to hurt the callers of the acme
 * methods block, each in its own struct_ops so a test attaches one at a
 * time. What the kfuncs answered is kept for the test to check.
 *
 *   no_result   answers method 8 (echo) without setting an output
 *   oversize    answers method 8 with 64 bytes, and rewrites its result
 *               to 64 bytes after the firmware answered
 *   set_go_on   sets an output for method 1 (brightness), then lets the
 *               call go on to the firmware
 *   stale       keeps a window into method 9's result across
 *               bpf_wmi_set_output() and reads through it afterwards
 *   fail_after  fails method 9 after the firmware answered, and methods 5
 *               and 3 with errnos outside the documented set (-ERESTARTSYS,
 *               and -ENOSPC, which user space reads as "size is set")
 *   observe     only looks at results, method 13's nested package too
 *   rewrite     rewrites method 2's input (brightness set) to 7 and
 *               method 1's result (brightness get) to 99
 *   hold        the same as rewrite's method_call for one kernel call, but
 *               holds the input window until the test says "release", so
 *               that the test can lock the kernel down meanwhile
 */
#include "wmi_bpf.h"

#define ERESTARTSYS	512
#define ENOSPC		28

int answer_ret;		/* bpf_wmi_set_output() in method_call */
int rewrite_ret;	/* bpf_wmi_set_output() in method_done */
__u32 out_max_call;	/* ctx->out_max in method_call */
__u32 out_max_done;	/* ctx->out_max in method_done */
__u8 before[4];		/* the window's bytes before bpf_wmi_set_output() */
__u8 after[4];		/* the same window's bytes after it */
int after_ok;		/* the window still pointed at the old output */
__u64 observed;		/* method_done calls seen by observe */
__u32 observed_flags;	/* ctx->flags of the last one */
int input_rewritten;	/* bpf_wmi_rewrite_input() gave a window */
int call_held;		/* hold: method_call holds method 2's input window */
volatile int release;	/* hold: set by the test, ends the hold */

SEC("struct_ops/method_call")
int BPF_PROG(no_result_call, struct wmi_bpf_ctx *call)
{
	return call->method_id == 8 ? WMI_BPF_ANSWERED : WMI_BPF_CONTINUE;
}

SEC("struct_ops/method_call")
int BPF_PROG(oversize_call, struct wmi_bpf_ctx *call)
{
	__u8 big[64] = { 0x41 };

	if (call->method_id != 8)
		return WMI_BPF_CONTINUE;
	out_max_call = call->out_max;
	answer_ret = bpf_wmi_set_output(call, WMI_RESULT_BUFFER, big, sizeof(big));
	return call->origin == 1 ? WMI_BPF_ANSWERED : WMI_BPF_CONTINUE;
}

SEC("struct_ops/method_done")
int BPF_PROG(oversize_done, struct wmi_bpf_ctx *call)
{
	__u8 big[64] = { 0x42 };

	if (call->method_id != 8 || call->origin != 0)
		return 0;
	out_max_done = call->out_max;
	rewrite_ret = bpf_wmi_set_output(call, WMI_RESULT_BUFFER, big, sizeof(big));
	return 0;
}

SEC("struct_ops/method_call")
int BPF_PROG(set_go_on_call, struct wmi_bpf_ctx *call)
{
	__u32 v = 99;

	if (call->method_id != 1)
		return WMI_BPF_CONTINUE;
	answer_ret = bpf_wmi_set_output(call, WMI_RESULT_INTEGER, (const __u8 *)&v, sizeof(v));
	return WMI_BPF_CONTINUE;
}

SEC("struct_ops/method_done")
int BPF_PROG(stale_done, struct wmi_bpf_ctx *call)
{
	/* "Hacked", marshalled */
	__u8 hacked[] = { 14, 0, 'H', 0, 'a', 0, 'c', 0, 'k', 0, 'e', 0, 'd', 0, 0, 0 };
	const __u8 *p;

	if (call->method_id != 9 || call->retval)
		return 0;
	p = bpf_wmi_get_output(call, 0, 4);
	if (!p)
		return 0;
	__builtin_memcpy(before, p, 4);
	rewrite_ret = bpf_wmi_set_output(call, WMI_RESULT_STRING, hacked, sizeof(hacked));
	/* A use after free if the old output were gone: KASAN would say so. */
	__builtin_memcpy(after, p, 4);
	after_ok = 1;
	return 0;
}

SEC("struct_ops/method_done")
int BPF_PROG(fail_done, struct wmi_bpf_ctx *call)
{
	if (call->method_id == 9)
		return -EACCES;
	if (call->method_id == 5)
		return -ERESTARTSYS;
	if (call->method_id == 3)
		return -ENOSPC;
	return 0;
}

SEC("struct_ops/method_done")
int BPF_PROG(observe_done, struct wmi_bpf_ctx *call)
{
	const __u8 *p = bpf_wmi_get_output(call, 0, 1);

	observed++;
	observed_flags = call->flags;
	return p ? 0 : 0;
}

SEC("struct_ops/method_call")
int BPF_PROG(rewrite_call, struct wmi_bpf_ctx *call)
{
	__u8 *p;

	if (call->method_id != 2)
		return WMI_BPF_CONTINUE;
	p = bpf_wmi_rewrite_input(call, 0, 4);
	input_rewritten = p != 0;
	if (p)
		wmi_put_u32(p, 7);
	return WMI_BPF_CONTINUE;
}

SEC("struct_ops/method_done")
int BPF_PROG(rewrite_done, struct wmi_bpf_ctx *call)
{
	__u32 v = 99;

	if (call->method_id != 1 || call->retval)
		return 0;
	rewrite_ret = bpf_wmi_set_output(call, WMI_RESULT_INTEGER, (const __u8 *)&v, sizeof(v));
	return 0;
}

static long until_released(__u32 i, void *until)
{
	return release || bpf_ktime_get_ns() > *(__u64 *)until;
}

/*
 * At most 10 s; bpf_loop() takes at most 2^23 rounds a call. The kernel
 * does not preempt the program meanwhile: the guest's other CPU is the
 * test's.
 */
static void wait_release(void)
{
	__u64 until = bpf_ktime_get_ns() + 10000000000ULL;

	for (int i = 0; i < 64 && !release && bpf_ktime_get_ns() <= until; i++)
		bpf_loop(1 << 23, until_released, &until, 0);
}

SEC("struct_ops/method_call")
int BPF_PROG(hold_call, struct wmi_bpf_ctx *call)
{
	__u8 *p;

	if (call->method_id != 2 || call->origin != 0 || call_held)
		return WMI_BPF_CONTINUE;
	p = bpf_wmi_rewrite_input(call, 0, 4);
	input_rewritten = p != 0;
	call_held = 1;
	wait_release();
	if (p)
		wmi_put_u32(p, 7);
	return WMI_BPF_CONTINUE;
}

#define METHODS WMI_GUID(0xfe733490, 0x2e22, 0x4edb, 0xa7, 0xb5, 0xbc, 0x24, 0x88, 0x74, 0xd3, 0x83)

SEC(".struct_ops.link")
struct wmi_bpf_ops no_result = { .guid = METHODS, .method_call = (void *)no_result_call };

SEC(".struct_ops.link")
struct wmi_bpf_ops oversize = {
	.guid = METHODS,
	.method_call = (void *)oversize_call,
	.method_done = (void *)oversize_done,
};

SEC(".struct_ops.link")
struct wmi_bpf_ops set_go_on = { .guid = METHODS, .method_call = (void *)set_go_on_call };

SEC(".struct_ops.link")
struct wmi_bpf_ops stale = { .guid = METHODS, .method_done = (void *)stale_done };

SEC(".struct_ops.link")
struct wmi_bpf_ops fail_after = { .guid = METHODS, .method_done = (void *)fail_done };

SEC(".struct_ops.link")
struct wmi_bpf_ops observe = { .guid = METHODS, .method_done = (void *)observe_done };

SEC(".struct_ops.link")
struct wmi_bpf_ops rewrite = {
	.guid = METHODS,
	.method_call = (void *)rewrite_call,
	.method_done = (void *)rewrite_done,
};

SEC(".struct_ops.link")
struct wmi_bpf_ops hold = { .guid = METHODS, .method_call = (void *)hold_call };

char LICENSE[] SEC("license") = "GPL";

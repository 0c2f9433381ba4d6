// SPDX-License-Identifier: GPL-2.0
/*
 * Attacks of a hostile review of WMI-BPF, kept as regression tests. Each
 * struct_ops is attached on its own by tests/vm/progs/attack_bpf.c.
 * (Tail calls, which the review used to reach a sleepable kfunc from a
 * non-sleepable program, are refused at load time: bad_tailcall.bpf.c.)
 *
 *   kdeadlock   a kernel driver's own call (acme-wmi's backlight
 *               update_status, method 2) tries to hand a state update back
 *               to the same driver, which holds its own locks there
 *   strnul      method_done rewrites an ACPI-object caller's string
 *               result (method 9, "ACME Aero 14") to "AB\0XXXXXXXXX", whose
 *               in-place rewrite would stop at the nul while the call's
 *               output kept the rest; strnul_obs, a later program, reads it
 *   badstr      method_done rewrites a wmidev_invoke_method() caller's
 *               string result (method 9) to a WMI string no firmware can
 *               produce: count 0 (no nul at all), "AB" without its nul,
 *               or a character above 0xff (badstr_variant 0, 1, 2).
 *   bigin       a WMI_METHOD_INPUT_MAX input to method 8 (echo): the last
 *               dword is rewritten, windows at offsets that wrap around
 *               are refused.
 *   manyset     bpf_wmi_set_output() 64 times in one program, from a map
 *               value, for user space (method 8): kmemleak watches.
 */
#include "wmi_bpf.h"

#define METHODS WMI_GUID(0xfe733490, 0x2e22, 0x4edb, 0xa7, 0xb5, 0xbc, 0x24, 0x88, 0x74, 0xd3, 0x83)

__s32 kdeadlock_ret = 1;
__u64 kdeadlock_runs;
__s32 strnul_ret = 1;
__u32 obs_size;
__u8 obs_byte;
__u64 obs_runs;
__s32 manyset_ret = 1;
__u32 badstr_variant;
__u32 bigin_wrap_ok, bigin_rewritten, bigin_past_end;
__s32 badstr_ret = 1;

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u8[64]);
} blob SEC(".maps");

SEC("struct_ops.s/method_call")
int BPF_PROG(kdeadlock_call, struct wmi_bpf_ctx *call)
{
	__u32 level = 10;

	if (call->origin != WMI_ORIGIN_KERNEL || call->method_id != 2 ||
	    (call->flags & WMI_BPF_CALL_FROM_BPF))
		return WMI_BPF_CONTINUE;
	kdeadlock_runs++;
	/* acme-wmi's state_update: backlight_device_set_brightness() */
	kdeadlock_ret = bpf_wmi_driver_update(call, 1, (const __u8 *)&level, sizeof(level));
	return WMI_BPF_CONTINUE;
}

SEC("struct_ops/method_done")
int BPF_PROG(strnul_done, struct wmi_bpf_ctx *call)
{
	/* count 26: 'A' 'B' nul, nine 'X', nul: 13 UTF-16 characters */
	__u8 s[28] = { 26, 0, 'A', 0, 'B', 0, 0, 0, 'X', 0, 'X', 0, 'X', 0, 'X', 0,
		       'X', 0, 'X', 0, 'X', 0, 'X', 0, 'X', 0, 0, 0 };

	if (call->method_id != 9 || call->retval || !(call->flags & WMI_BPF_CALL_ACPI_OBJECT))
		return 0;
	strnul_ret = bpf_wmi_set_output(call, WMI_RESULT_STRING, s, sizeof(s));
	return 0;
}

SEC("struct_ops/method_done")
int BPF_PROG(strnul_obs_done, struct wmi_bpf_ctx *call)
{
	const __u8 *p;

	if (call->method_id != 9 || call->retval || !(call->flags & WMI_BPF_CALL_ACPI_OBJECT))
		return 0;
	obs_runs++;
	obs_size = call->out_size;
	p = bpf_wmi_get_output(call, 8, 2);
	if (p)
		obs_byte = p[0];
	return 0;
}

SEC("struct_ops/method_done")
int BPF_PROG(badstr_done, struct wmi_bpf_ctx *call)
{
	__u8 none[2] = { 0, 0 };
	__u8 nonul[6] = { 4, 0, 'A', 0, 'B', 0 };
	__u8 wide[6] = { 4, 0, 0x3a, 0x26, 0, 0 };

	if (call->method_id != 9 || call->retval || call->origin != WMI_ORIGIN_KERNEL ||
	    (call->flags & WMI_BPF_CALL_ACPI_OBJECT))
		return 0;
	if (badstr_variant == 0)
		badstr_ret = bpf_wmi_set_output(call, WMI_RESULT_STRING, none, sizeof(none));
	else if (badstr_variant == 1)
		badstr_ret = bpf_wmi_set_output(call, WMI_RESULT_STRING, nonul, sizeof(nonul));
	else
		badstr_ret = bpf_wmi_set_output(call, WMI_RESULT_STRING, wide, sizeof(wide));
	return 0;
}

SEC("struct_ops.s/method_call")
int BPF_PROG(bigin_call, struct wmi_bpf_ctx *call)
{
	__u8 *p;

	if (call->origin != WMI_ORIGIN_USER || call->method_id != 8 || call->in_size != 32768)
		return WMI_BPF_CONTINUE;
	bigin_wrap_ok = !bpf_wmi_get_input(call, 0xfffffffc, 8) &&
			!bpf_wmi_rewrite_input(call, 0xffffffff, 2) &&
			!bpf_wmi_get_input(call, 32765, 4);
	bigin_past_end = !!bpf_wmi_rewrite_input(call, 32768, 1);
	p = bpf_wmi_rewrite_input(call, 32764, 4);
	if (p) {
		wmi_put_u32(p, 0xdeadbeef);
		bigin_rewritten = 1;
	}
	return WMI_BPF_CONTINUE;
}

SEC("struct_ops/method_call")
int BPF_PROG(manyset_call, struct wmi_bpf_ctx *call)
{
	__u32 k = 0, i;
	__u8 *v;
	int ret = 0;

	if (call->origin != WMI_ORIGIN_USER || call->method_id != 8)
		return WMI_BPF_CONTINUE;
	v = bpf_map_lookup_elem(&blob, &k);
	if (!v)
		return WMI_BPF_CONTINUE;
	for (i = 0; i < 64; i++) {
		v[0] = i;
		ret = bpf_wmi_set_output(call, WMI_RESULT_BUFFER, v, 64);
		if (ret)
			break;
	}
	manyset_ret = ret;
	return ret ? ret : WMI_BPF_ANSWERED;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops kdeadlock = { .guid = METHODS, .method_call = (void *)kdeadlock_call };

SEC(".struct_ops.link")
struct wmi_bpf_ops strnul = { .guid = METHODS, .method_done = (void *)strnul_done };

SEC(".struct_ops.link")
struct wmi_bpf_ops strnul_obs = { .guid = METHODS, .method_done = (void *)strnul_obs_done };

SEC(".struct_ops.link")
struct wmi_bpf_ops badstr = { .guid = METHODS, .method_done = (void *)badstr_done };

SEC(".struct_ops.link")
struct wmi_bpf_ops bigin = { .guid = METHODS, .method_call = (void *)bigin_call };

SEC(".struct_ops.link")
struct wmi_bpf_ops manyset = { .guid = METHODS, .method_call = (void *)manyset_call };

char LICENSE[] SEC("license") = "GPL";

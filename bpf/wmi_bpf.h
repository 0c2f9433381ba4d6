/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every WMI-BPF program includes: the kernel's types (vmlinux.h, from
 * the patched kernel's BTF), the kfuncs, and a few helpers.
 *
 * A program is a struct wmi_bpf_ops in a ".struct_ops.link" section with a
 * method_call and/or method_done callback, or an event callback (which
 * returns WMI_BPF_DELIVER, or a negative value to drop the event):
 *
 *	SEC("struct_ops/method_call")
 *	int BPF_PROG(deny_fan, struct wmi_bpf_ctx *call)
 *	{
 *		return call->method_id == 6 ? -EPERM : WMI_BPF_CONTINUE;
 *	}
 *
 *	SEC(".struct_ops.link")
 *	struct wmi_bpf_ops no_fan = {
 *		.guid = WMI_GUID(0xfe733490, 0x2e22, 0x4edb, 0xa7, 0xb5,
 *				 0xbc, 0x24, 0x88, 0x74, 0xd3, 0x83),
 *		.method_call = (void *)deny_fan,
 *	};
 *
 * See Documentation/wmi/wmi-bpf.rst in the kernel series for the rules.
 */
#ifndef WMIBPF_BPF_H
#define WMIBPF_BPF_H

#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

/* method_call return values besides a negative errno */
#define WMI_BPF_CONTINUE	0	/* let the call go on */
#define WMI_BPF_ANSWERED	1	/* the program set the output */

/* event return values: deliver the event, or drop it for everyone */
#define WMI_BPF_DELIVER		0
#define WMI_BPF_DROP		(-1)

/* ACPI types of a result, as WMI_RESULT_* in <linux/wmi.h> */
#define WMI_RESULT_NONE		0
#define WMI_RESULT_INTEGER	1
#define WMI_RESULT_STRING	2
#define WMI_RESULT_BUFFER	3
#define WMI_RESULT_PACKAGE	4

#ifndef EPERM
#define EPERM		1
#define ENOENT		2
#define EIO		5
#define EACCES		13
#define EBUSY		16
#define EINVAL		22
#define EOPNOTSUPP	95
#define EDEADLK		35
#define ENODATA		61
#define E2BIG		7
#endif

/*
 * A GUID as the kernel's guid_t stores it (and _WDG lists it): the first
 * three fields little endian. Arguments are written as in the text form,
 * FE733490-2E22-4EDB-A7B5-BC248874D383 being
 * WMI_GUID(0xfe733490, 0x2e22, 0x4edb, 0xa7, 0xb5, 0xbc, 0x24, 0x88, 0x74, 0xd3, 0x83).
 */
#define WMI_GUID(l, w1, w2, d0, d1, d2, d3, d4, d5, d6, d7)			\
	{ .b = {								\
		(l) & 0xff, ((l) >> 8) & 0xff, ((l) >> 16) & 0xff, ((l) >> 24) & 0xff, \
		(w1) & 0xff, ((w1) >> 8) & 0xff, (w2) & 0xff, ((w2) >> 8) & 0xff, \
		(d0), (d1), (d2), (d3), (d4), (d5), (d6), (d7) } }

static __always_inline bool wmi_guid_eq(const guid_t *a, const guid_t *b)
{
	int i;

#pragma unroll
	for (i = 0; i < 16; i++)
		if (a->b[i] != b->b[i])
			return false;
	return true;
}

static __always_inline bool wmi_guid_is_null(const guid_t *g)
{
	const guid_t null = {};

	return wmi_guid_eq(g, &null);
}

/*
 * The kfuncs (drivers/platform/x86/wmi-bpf-kfuncs.c). Each takes only the
 * context the program was given. Windows are valid until the program
 * returns; an output set takes effect then.
 */
extern const __u8 *bpf_wmi_get_input(struct wmi_bpf_ctx *ctx, __u32 offset,
				     const size_t rdonly_buf_size) __ksym;
extern __u8 *bpf_wmi_rewrite_input(struct wmi_bpf_ctx *ctx, __u32 offset,
				   const size_t rdwr_buf_size) __ksym;
extern const __u8 *bpf_wmi_get_output(struct wmi_bpf_ctx *ctx, __u32 offset,
				      const size_t rdonly_buf_size) __ksym;
extern int bpf_wmi_set_output(struct wmi_bpf_ctx *ctx, __u32 type, const __u8 *data,
			      __u32 data__sz) __ksym;
extern int bpf_wmi_driver_update(struct wmi_bpf_ctx *ctx, __u32 key, const __u8 *data,
				 __u32 data__sz) __ksym;
extern int bpf_wmi_caller_in_group(struct wmi_bpf_ctx *ctx, __u32 gid) __ksym;
extern int bpf_wmi_allow_raw(struct wmi_bpf_ctx *ctx) __ksym;

/*
 * Answer a call with a 32-bit integer, as most WMI methods return. A call
 * that may not be answered with 4 bytes (a kernel driver calling through
 * the ACPI-object API, or one asking for more) goes on to the firmware
 * instead: an emulation never breaks a driver.
 */
static __always_inline int wmi_answer_u32(struct wmi_bpf_ctx *ctx, __u32 value)
{
	int ret;

	if (ctx->out_max < sizeof(value) || ctx->out_min > sizeof(value))
		return WMI_BPF_CONTINUE;
	ret = bpf_wmi_set_output(ctx, WMI_RESULT_INTEGER, (const __u8 *)&value, sizeof(value));
	return ret ? ret : WMI_BPF_ANSWERED;
}

/* A query or set of a data block, rather than a method call or an event. */
static __always_inline bool wmi_is_block(const struct wmi_bpf_ctx *ctx)
{
	return ctx->kind == WMI_KIND_QUERY || ctx->kind == WMI_KIND_SET;
}

/* Little-endian dwords in marshalled data, whatever their alignment. */
static __always_inline __u32 wmi_get_u32(const __u8 *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (__u32)p[3] << 24;
}

static __always_inline void wmi_put_u32(__u8 *p, __u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

/* The input dword at offset, or false if the input is shorter. */
static __always_inline bool wmi_input_u32(struct wmi_bpf_ctx *ctx, __u32 offset, __u32 *value)
{
	const __u8 *p = bpf_wmi_get_input(ctx, offset, sizeof(__u32));

	if (!p)
		return false;
	*value = wmi_get_u32(p);
	return true;
}

#endif

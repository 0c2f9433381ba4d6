// SPDX-License-Identifier: GPL-2.0
/*
 * A program on the real dell-wmi-descriptor's query of its data block
 * (8D9DDCBC-..., the 128-byte "DELL WMI" descriptor), which the driver
 * makes at probe with wmidev_block_query(), an ACPI-object API call: its
 * result may be rewritten in method_done, in place, with the firmware's
 * type and no more bytes than the firmware gave (Documentation/wmi/
 * wmi-bpf.rst, "Data blocks"). tests/vm/dell_descriptor_rewrite.sh sets
 * mode (its own data section, so that bpftool updates it alone) while
 * the program is attached, then lets the driver probe again:
 *
 *   DESC_OBSERVE	rewrite nothing
 *   DESC_REWRITE	the firmware's 128 bytes, with interface version 2,
 *			buffer length 4096 and hotfix 0
 *   DESC_TOO_BIG	129 bytes: one more than the firmware gave
 *   DESC_INTEGER	an integer instead of the firmware's buffer
 *   DESC_SHORT		the first 64 bytes: within the kernel's bounds, but
 *			the driver wants exactly 128
 *
 * What the program saw of the last kernel query, and what
 * bpf_wmi_set_output() answered, is read back from .bss.
 */
#include "wmi_bpf.h"

#define DELL_DESCRIPTOR \
	WMI_GUID(0x8d9ddcbc, 0xa997, 0x11da, 0xb0, 0x12, 0xb6, 0x22, 0xa1, 0xef, 0x54, 0x92)
#define DESC_SIZE	128

enum desc_mode {
	DESC_OBSERVE,
	DESC_REWRITE,
	DESC_TOO_BIG,
	DESC_INTEGER,
	DESC_SHORT,
};

__u32 mode SEC(".data.desc_mode");

/* The last kernel query the program saw */
__u32 queries;		/* kernel queries of the descriptor */
__u32 acpi_object;	/* 1: through the ACPI-object API */
__u32 out_type, out_size, out_min, out_max;
__u32 fw_version, fw_buf_size, fw_hotfix;	/* the firmware's fields */
__s32 set_ret = 1;	/* what bpf_wmi_set_output() returned; 1: not called */

/* The result it sets: a map value, writable memory kfuncs take. */
__u8 buf[DESC_SIZE + 8];

SEC("struct_ops/method_done")
int BPF_PROG(descriptor_done, struct wmi_bpf_ctx *call)
{
	const __u8 *p;
	__u32 zero = 0;

	if (call->kind != WMI_KIND_QUERY || call->origin != WMI_ORIGIN_KERNEL || call->retval)
		return 0;
	queries++;
	acpi_object = !!(call->flags & WMI_BPF_CALL_ACPI_OBJECT);
	out_type = call->out_type;
	out_size = call->out_size;
	out_min = call->out_min;
	out_max = call->out_max;
	set_ret = 1;

	p = bpf_wmi_get_output(call, 0, DESC_SIZE);
	if (!p)
		return 0;
	fw_version = wmi_get_u32(p + 8);
	fw_buf_size = wmi_get_u32(p + 12);
	fw_hotfix = wmi_get_u32(p + 16);
	__builtin_memset(buf, 0, sizeof(buf));
	__builtin_memcpy(buf, p, DESC_SIZE);

	switch (mode) {
	case DESC_REWRITE:
		wmi_put_u32(buf + 8, 2);
		wmi_put_u32(buf + 12, 4096);
		wmi_put_u32(buf + 16, 0);
		set_ret = bpf_wmi_set_output(call, WMI_RESULT_BUFFER, buf, DESC_SIZE);
		break;
	case DESC_TOO_BIG:
		wmi_put_u32(buf + 12, 4096);
		set_ret = bpf_wmi_set_output(call, WMI_RESULT_BUFFER, buf, DESC_SIZE + 1);
		break;
	case DESC_INTEGER:
		set_ret = bpf_wmi_set_output(call, WMI_RESULT_INTEGER, (__u8 *)&zero, sizeof(zero));
		break;
	case DESC_SHORT:
		set_ret = bpf_wmi_set_output(call, WMI_RESULT_BUFFER, buf, DESC_SIZE / 2);
		break;
	}
	return 0;
}

SEC(".struct_ops.link")
struct wmi_bpf_ops dell_descriptor = {
	.guid = DELL_DESCRIPTOR,
	.method_done = (void *)descriptor_done,
};

char LICENSE[] SEC("license") = "GPL";

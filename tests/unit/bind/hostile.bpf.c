// SPDX-License-Identifier: GPL-2.0
/*
 * Objects that declare their own struct wmi_bpf_ops to slip past the
 * loader's binding (tests/unit/test_bind.c). libbpf copies a struct_ops
 * map's members to the kernel's struct by name, so what the loader must
 * bind is the member named guid, wherever the object's BTF puts it.
 * Built once per case, -DCASE_<name>; never loaded.
 */
#include <linux/types.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* The acme laptop's string block: "another device". */
#define OTHER { 0x8f, 0xfa, 0x81, 0xad, 0x66, 0x3a, 0x67, 0x4c, \
		0xb1, 0x11, 0x78, 0xf8, 0x1c, 0x96, 0x33, 0xb3 }

SEC("struct_ops/method_call")
int call(unsigned long long *ctx)
{
	return 0;
}

#if defined(CASE_hole_other) || defined(CASE_hole_null)
/* Unnamed bit-fields are padding: no BTF member, so bytes 0-15 are a hole. */
struct wmi_bpf_ops {
	unsigned long long :64;
	unsigned long long :64;
	__u8 guid[16];
	int (*method_call)(unsigned long long *ctx);
};
SEC(".struct_ops.link")
struct wmi_bpf_ops hole = {
#ifdef CASE_hole_other
	.guid = OTHER,
#endif
	.method_call = (void *)call,
};
#elif defined(CASE_short)
/* No guid member at all: the kernel's would stay zero, every device. */
struct wmi_bpf_ops {
	int (*method_call)(unsigned long long *ctx);
};
SEC(".struct_ops.link")
struct wmi_bpf_ops short_ops = { .method_call = (void *)call };
#elif defined(CASE_dup)
/* The test renames guie to guid in the BTF: two guid members. */
struct wmi_bpf_ops {
	__u8 guid[16];
	__u8 guie[16];
	int (*method_call)(unsigned long long *ctx);
};
SEC(".struct_ops.link")
struct wmi_bpf_ops dup = { .guie = OTHER, .method_call = (void *)call };
#elif defined(CASE_flavor)
/* libbpf drops a ___suffix to find the kernel's type. */
struct wmi_bpf_ops___x {
	__u8 guid[16];
	int (*method_call)(unsigned long long *ctx);
};
SEC(".struct_ops.link")
struct wmi_bpf_ops___x flavor = { .guid = OTHER, .method_call = (void *)call };
#elif defined(CASE_pinned)
/*
 * libbpf would reuse whatever is pinned at /sys/fs/bpf/shared (and a name
 * with a / in the ELF could reach /sys/fs/bpf/wmi/<policy>/ maps), or
 * leave the map pinned there: state shared past the policy's device.
 */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
	__uint(pinning, LIBBPF_PIN_BY_NAME);
} shared SEC(".maps");

struct wmi_bpf_ops {
	__u8 guid[16];
	int (*method_call)(unsigned long long *ctx);
};
SEC(".struct_ops.link")
struct wmi_bpf_ops pinned = { .method_call = (void *)call };
#endif

char LICENSE[] SEC("license") = "GPL";

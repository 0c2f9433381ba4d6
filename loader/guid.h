/* SPDX-License-Identifier: GPL-2.0 */
/*
 * WMI GUIDs in user space.
 *
 * A GUID is kept as the 16 bytes the firmware's _WDG table and the kernel's
 * guid_t use: the first three fields little-endian, the last eight bytes as
 * written.  Text is the 36-character form the WMI bus prints for device names
 * and modaliases, upper case: FE733490-2E22-4EDB-A7B5-BC248874D383.
 */
#ifndef WMIBPF_GUID_H
#define WMIBPF_GUID_H

#include <stdbool.h>
#include <stdint.h>

#define WMI_GUID_LEN		16
#define WMI_GUID_STR_LEN	36

struct wmi_guid {
	uint8_t b[WMI_GUID_LEN];
};

/*
 * Parse a GUID; upper or lower case, optionally in braces ("{...}", as MOF
 * files write them).  Returns 0, or -EINVAL with *g untouched.
 */
int wmi_guid_parse(const char *s, struct wmi_guid *g);

/* Format as 36 upper-case characters plus a nul into buf. */
void wmi_guid_format(const struct wmi_guid *g, char buf[WMI_GUID_STR_LEN + 1]);
/* A policy's or object's binding: its GUID, or "all" for the null GUID. */
void wmi_binding_format(const uint8_t g[16], char buf[WMI_GUID_STR_LEN + 1]);

bool wmi_guid_equal(const struct wmi_guid *a, const struct wmi_guid *b);

/* All zero: no device has it; rule keys and bindings use it for "every device". */
bool wmi_guid_is_null(const struct wmi_guid *g);

/*
 * Parse a WMI device name: a GUID, optionally followed by "-N" for the
 * N-th duplicate of that GUID on the system (N >= 1).  *index is 0 for the
 * plain name.  Returns 0 or -EINVAL.
 */
int wmi_devname_parse(const char *s, struct wmi_guid *g, unsigned int *index);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A policy's BPF objects act on the policy's device.
 *
 * The member guid of a struct wmi_bpf_ops (the first in the kernel's, but
 * an object declares its own and libbpf copies members by name) is the
 * GUID it binds to, all zero for every WMI device. An object listed under a policy's bpf: is
 * part of that policy, and a policy acts on its device only (wmibpf(8),
 * "device"), so before the object is loaded each of its wmi_bpf_ops maps
 * is made to agree with the policy:
 *
 *	policy's device	map's GUID		result
 *	all		anything		left as it is
 *	GUID		null (every device)	bound to GUID
 *	GUID		GUID			left as it is
 *	GUID		another GUID		refused: no binding fits both
 *
 * The last is refused rather than rebound: an object built for one device
 * reads that device's buffers, and run on another it would misread them.
 */
#ifndef WMIBPF_BIND_H
#define WMIBPF_BIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct bpf_map;
struct bpf_object;
struct policy;

/* A struct_ops map of the kernel's wmi_bpf_ops, as libbpf will find it. */
bool wmi_ops_map(struct bpf_object *obj, const struct bpf_map *map);

/*
 * The binding of a wmi_bpf_ops map: its member named guid in the map's
 * initial value, where libbpf takes it from. -ENOENT if there is none,
 * -EINVAL if it is not one plain 16-byte member inside the value.
 */
int wmi_ops_guid(struct bpf_object *obj, const struct bpf_map *map, uint8_t **guid);

/*
 * The name of a map of obj that libbpf would pin (LIBBPF_PIN_BY_NAME),
 * or NULL. The loader pins what it loads itself; a map an object pins
 * by name is shared with whatever else uses that path, another policy's
 * or device's maps among them, so such an object is refused.
 */
const char *wmi_object_pinned_map(struct bpf_object *obj);

/*
 * Bind the wmi_bpf_ops maps of the policy's object i (p->bpf[i]), opened
 * and not yet loaded, to the policy's device. Maps of other types are
 * left for the loader to refuse. Returns 0, or -EINVAL with *err a
 * malloc()ed "FILE:LINE:COLUMN: ..." message (FILE the policy, the
 * position that of the object's bpf: entry), -ENOMEM without one.
 */
int policy_bind_object(const struct policy *p, size_t i, struct bpf_object *obj, char **err);

/*
 * The same for every object of the policy, offline, for check: each is
 * opened (never loaded) and closed again. An object that libbpf cannot
 * open is passed over: load says what is wrong with it, and check has
 * never judged objects' contents.
 */
int policy_bind_check(const struct policy *p, char **err);

#endif

// SPDX-License-Identifier: GPL-2.0
/* Binding a policy's BPF objects to its device; see bind.h for the rules. */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "bind.h"
#include "guid.h"
#include "policy.h"

/*
 * libbpf finds the kernel struct a struct_ops map implements by the name
 * of the object's type less a "___flavor" suffix (its
 * bpf_core_essential_name_len()), so wmi_bpf_ops___x is a wmi_bpf_ops
 * too and must be bound like one.
 */
static size_t essential_len(const char *name)
{
	size_t n = strlen(name);
	size_t i;

	for (i = n >= 5 ? n - 5 + 1 : 0; i-- > 0;) {
		if (name[i] != '_' && !strncmp(name + i + 1, "___", 3) && name[i + 4] != '_')
			return i + 1;
	}
	return n;
}

bool wmi_ops_map(struct bpf_object *obj, const struct bpf_map *map)
{
	const struct btf *btf = bpf_object__btf(obj);
	const struct btf_type *t;
	const char *name;

	if (bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS || !btf)
		return false;
	t = btf__type_by_id(btf, bpf_map__btf_value_type_id(map));
	if (!t)
		return false;
	name = btf__name_by_offset(btf, t->name_off);
	return name && essential_len(name) == strlen("wmi_bpf_ops") &&
	       !strncmp(name, "wmi_bpf_ops", strlen("wmi_bpf_ops"));
}

/*
 * Not bytes 0-15 of the initial value: libbpf copies the object's members
 * to the kernel's by name, so the kernel's guid is whatever the object's
 * BTF calls guid, wherever it puts it. A second member of that name would
 * be copied over the first; none at all leaves the kernel's zero, every
 * device. Either way what the loader checked is not what the kernel gets.
 */
int wmi_ops_guid(struct bpf_object *obj, const struct bpf_map *map, uint8_t **guid)
{
	const struct btf *btf = bpf_object__btf(obj);
	const struct btf_member *m, *found = NULL;
	const struct btf_type *t;
	const char *name;
	size_t size;
	uint8_t *data;
	__u32 off;
	int i;

	*guid = NULL;
	if (!btf)
		return -ENOENT;
	t = btf__type_by_id(btf, bpf_map__btf_value_type_id(map));
	if (!t || !btf_is_struct(t))
		return -ENOENT;
	m = btf_members(t);
	for (i = 0; i < btf_vlen(t); i++, m++) {
		name = btf__name_by_offset(btf, m->name_off);
		if (!name || strcmp(name, "guid"))
			continue;
		if (found)
			return -EINVAL;
		found = m;
		if (btf_member_bitfield_size(t, i))
			return -EINVAL;
	}
	if (!found)
		return -ENOENT;
	if (found->offset % 8 || btf__resolve_size(btf, found->type) != WMI_GUID_LEN)
		return -EINVAL;
	off = found->offset / 8;
	data = bpf_map__initial_value(map, &size);
	if (!data || off > size || size - off < WMI_GUID_LEN)
		return -EINVAL;
	*guid = data + off;
	return 0;
}

const char *wmi_object_pinned_map(struct bpf_object *obj)
{
	struct bpf_map *map;

	bpf_object__for_each_map(map, obj) {
		if (bpf_map__pin_path(map))
			return bpf_map__name(map);
	}
	return NULL;
}

int policy_bind_object(const struct policy *p, size_t i, struct bpf_object *obj, char **err)
{
	char have[WMI_GUID_STR_LEN + 1], want[WMI_GUID_STR_LEN + 1];
	struct wmi_guid g;
	struct bpf_map *map;
	uint8_t *data;

	*err = NULL;
	if (p->all_devices)
		return 0;
	bpf_object__for_each_map(map, obj) {
		if (!wmi_ops_map(obj, map))
			continue;
		if (wmi_ops_guid(obj, map, &data)) {
			if (asprintf(err, "%s:%u:%u: bpf: %s: map %s has no guid member to bind "
				     "to the policy's device: one of 16 bytes, named guid once",
				     p->path, p->bpf_line[i], p->bpf_column[i], p->bpf[i],
				     bpf_map__name(map)) < 0) {
				*err = NULL;
				return -ENOMEM;
			}
			return -EINVAL;
		}
		memcpy(g.b, data, WMI_GUID_LEN);
		if (wmi_guid_is_null(&g)) {
			memcpy(data, p->device.b, WMI_GUID_LEN);
			continue;
		}
		if (wmi_guid_equal(&g, &p->device))
			continue;
		wmi_guid_format(&g, have);
		wmi_guid_format(&p->device, want);
		if (asprintf(err, "%s:%u:%u: bpf: %s: map %s is bound to device %s, not to the "
			     "policy's device %s; a policy's objects act only on its device: list "
			     "it in a policy for %s, or bind it to all devices",
			     p->path, p->bpf_line[i], p->bpf_column[i], p->bpf[i],
			     bpf_map__name(map), have, want, have) < 0) {
			*err = NULL;
			return -ENOMEM;
		}
		return -EINVAL;
	}
	return 0;
}

static int quiet(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	return 0;
}

int policy_bind_check(const struct policy *p, char **err)
{
	libbpf_print_fn_t old;
	struct bpf_object *obj;
	struct stat st;
	size_t i;
	int ret = 0;

	*err = NULL;
	if (p->all_devices)
		return 0;
	old = libbpf_set_print(quiet);
	for (i = 0; !ret && i < p->nr_bpf; i++) {
		/* Not a FIFO or a directory, which libbpf would block on or fail. */
		if (stat(p->bpf[i], &st) || !S_ISREG(st.st_mode))
			continue;
		obj = bpf_object__open_file(p->bpf[i], NULL);
		if (!obj)
			continue;
		ret = policy_bind_object(p, i, obj, err);
		bpf_object__close(obj);
	}
	libbpf_set_print(old);
	return ret;
}

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

/* A wmi_bpf_ops struct_ops map, by the object's BTF. */
static bool is_wmi_ops(struct bpf_object *obj, const struct bpf_map *map)
{
	const struct btf *btf = bpf_object__btf(obj);
	const struct btf_type *t;

	if (bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS || !btf)
		return false;
	t = btf__type_by_id(btf, bpf_map__btf_value_type_id(map));
	return t && !strcmp(btf__name_by_offset(btf, t->name_off), "wmi_bpf_ops");
}

int policy_bind_object(const struct policy *p, size_t i, struct bpf_object *obj, char **err)
{
	char have[WMI_GUID_STR_LEN + 1], want[WMI_GUID_STR_LEN + 1];
	struct wmi_guid g;
	struct bpf_map *map;
	size_t size;
	void *data;

	*err = NULL;
	if (p->all_devices)
		return 0;
	bpf_object__for_each_map(map, obj) {
		if (!is_wmi_ops(obj, map))
			continue;
		/* The map's initial value is the struct as the object defines it: guid first. */
		data = bpf_map__initial_value(map, &size);
		if (!data || size < WMI_GUID_LEN)
			continue;
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

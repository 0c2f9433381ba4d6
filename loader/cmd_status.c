// SPDX-License-Identifier: GPL-2.0
/* status: what the kernel supports and what runs on it. */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "bpffs.h"
#include "monitors.h"
#include "snapshot.h"
#include "store.h"
#include "text.h"
#include "wmibpf.h"

/* The lockdown level, the bracketed word of securityfs' lockdown file. */
static void lockdown_level(char *buf, size_t size)
{
	char line[128], *open, *close;
	FILE *f = fopen("/sys/kernel/security/lockdown", "r");

	snprintf(buf, size, "unknown");
	if (!f)
		return;
	if (fgets(line, sizeof(line), f) && (open = strchr(line, '[')) &&
	    (close = strchr(open, ']'))) {
		*close = '\0';
		snprintf(buf, size, "%s", open + 1);
	}
	fclose(f);
}

/* Programs wmibpf attached, by binding: a GUID, or all zero for every device. */
struct bound {
	uint8_t guid[16];
	unsigned int n;
};

#define STATUS_MAX_BOUND	64

/* Count a program on g; past STATUS_MAX_BOUND devices, say so once and count no more. */
static void count_bound(struct bound *b, size_t *nr, bool *full, const uint8_t g[16])
{
	size_t i;

	for (i = 0; i < *nr; i++) {
		if (!memcmp(b[i].guid, g, 16)) {
			b[i].n++;
			return;
		}
	}
	if (*nr < STATUS_MAX_BOUND) {
		memcpy(b[*nr].guid, g, 16);
		b[(*nr)++].n = 1;
	} else if (!*full) {
		*full = true;
		errmsg("programs on more than %d devices; those on the first %d are counted",
		       STATUS_MAX_BOUND, STATUS_MAX_BOUND);
	}
}

static int cmp_name(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* A loaded policy: its mode, its programs, what its monitors lost. */
static void status_policy(struct app *a, const struct snapshot_policy *p)
{
	const struct wmi_policy_meta *m = &p->meta;
	/* meta's count is what was written to the map: only its array is counted */
	size_t programs = !!m->has_table + p->nr_objects;
	struct json *j = &a->json;

	if (m->nr_objects > p->nr_objects)
		errmsg("policy %s: its meta claims %u BPF objects, more than the %d it has room "
		       "for; %zu counted", p->shown, m->nr_objects, WMI_META_MAX_OBJS,
		       p->nr_objects);
	if (a->cli->json) {
		json_object_begin(j);
		json_kv_string(j, "name", p->name);
		json_kv_string(j, "state", "loaded");
		json_kv_string(j, "mode", m->has_table ? store_mode_name(p->mode) : "");
		json_kv_uint(j, "programs", programs);
		json_kv_uint(j, "lost_events", p->lost);
		json_object_end(j);
		return;
	}
	printf("policy %s: %s, %zu program%s, %llu event%s lost by monitors\n",
	       p->shown, m->has_table ? store_mode_name(p->mode) : "bare object",
	       programs, programs == 1 ? "" : "s",
	       (unsigned long long)p->lost, p->lost == 1 ? "" : "s");
}

/*
 * Events lost before any program, driver or reader saw them, because the
 * firmware's _WED failed to give their data: the kernel counts them per
 * event device (event_data_errors). Devices that lost none are left out.
 */
static void status_event_errors(struct app *a)
{
	char dir[PATH_MAX], path[PATH_MAX + 300], line[32], *end;
	char shown[TEXT_ESCAPED_SIZE(256)];
	unsigned long long n;
	char **names;
	size_t nr, i;

	snprintf(dir, sizeof(dir), "%s/bus/wmi/devices", a->cli->sysfs);
	if (list_names(dir, NULL, NULL, &names, &nr))
		nr = 0;
	if (a->cli->json) {
		json_key(&a->json, "event_data_errors");
		json_array_begin(&a->json);
	}
	for (i = 0; i < nr; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		read_attr(path, "event_data_errors", line, sizeof(line));
		n = strtoull(line, &end, 10);
		if (end == line || line[0] == '-' || !n)
			continue;
		if (a->cli->json) {
			json_object_begin(&a->json);
			json_kv_string(&a->json, "device", names[i]);
			json_kv_uint(&a->json, "count", n);
			json_object_end(&a->json);
		} else {
			text_escape(names[i], strlen(names[i]), shown, sizeof(shown));
			printf("events lost on %s: %llu (the firmware's _WED failed)\n", shown, n);
		}
	}
	if (a->cli->json)
		json_array_end(&a->json);
	free_names(names, nr);
}

static void status_interrupted(struct app *a, const struct snapshot_policy *p)
{
	if (a->cli->json) {
		snapshot_json_interrupted(&a->json, p);
		return;
	}
	printf("policy %s: interrupted load; the next wmibpf load or unload of it "
	       "puts it right\n", p->shown);
}

int cmd_status(struct app *a)
{
	struct json *j = &a->json;
	struct btf *vmlinux = NULL, *module = NULL, *core;
	char lockdown[32], guid[WMI_GUID_STR_LEN + 1];
	const char *kfunc[64];
	size_t nr_bound = 0, i, k, nr_kfuncs = 0;
	struct bound bound[STATUS_MAX_BOUND];
	struct snapshot s = { };
	unsigned int all = 0;
	bool has_ops = false, policies_known, bound_full = false;
	int outer = -1, slots = -1;
	__u32 id;

	/*
	 * The kernel: the struct_ops type and kfuncs in its BTF, lockdown.
	 * A built-in WMI core has them in vmlinux's BTF; a modular one (a
	 * distribution kernel with the DKMS wmi.ko) in the wmi module's,
	 * which is split BTF on vmlinux's: ids go on from vmlinux's last.
	 */
	vmlinux = btf__load_vmlinux_btf();
	core = vmlinux;
	if (vmlinux && btf__find_by_name_kind(vmlinux, "wmi_bpf_ops", BTF_KIND_STRUCT) <= 0) {
		module = btf__load_module_btf("wmi", vmlinux);
		if (module)
			core = module;
	}
	if (core) {
		has_ops = btf__find_by_name_kind(core, "wmi_bpf_ops", BTF_KIND_STRUCT) > 0;
		for (id = 1; id < btf__type_cnt(core); id++) {
			const struct btf_type *t = btf__type_by_id(core, id);
			const char *n = btf__name_by_offset(core, t->name_off);

			if (btf_is_func(t) && !strncmp(n, "bpf_wmi_", 8) &&
			    nr_kfuncs < sizeof(kfunc) / sizeof(kfunc[0]))
				kfunc[nr_kfuncs++] = n;
		}
		if (nr_kfuncs)
			qsort(kfunc, nr_kfuncs, sizeof(kfunc[0]), cmp_name);
	}
	lockdown_level(lockdown, sizeof(lockdown));

	policies_known = !bpffs_check(a->cli->bpffs) && !snapshot_read(a->cli->bpffs, &s);

	if (a->cli->json) {
		json_object_begin(j);
		json_key(j, "kernel");
		json_object_begin(j);
		json_kv_bool(j, "btf", vmlinux != NULL);
		json_kv_bool(j, "struct_ops", has_ops);
		json_key(j, "kfuncs");
		json_array_begin(j);
	} else {
		printf("kernel: %s; WMI-BPF struct_ops wmi_bpf_ops: %s; lockdown: %s\n",
		       vmlinux ? "BTF" : "no BTF (/sys/kernel/btf/vmlinux)", has_ops ? "yes" : "no",
		       lockdown);
		printf("kfuncs:%s", nr_kfuncs ? "" : " none");
		for (i = 0; i < nr_kfuncs; i++)
			printf(" %s", kfunc[i]);
		printf("\n");
	}
	if (a->cli->json) {
		for (i = 0; i < nr_kfuncs; i++)
			json_string(j, kfunc[i]);
		json_array_end(j);
		json_kv_string(j, "lockdown", lockdown);
		json_object_end(j);
		json_key(j, "policies");
		json_array_begin(j);
	}

	for (i = 0; i < s.nr; i++) {
		const struct snapshot_policy *p = &s.policies[i];

		if (p->interrupted) {
			status_interrupted(a, p);
			continue;
		}
		if (!p->has_meta)
			continue;
		if (p->meta.has_table)
			count_bound(bound, &nr_bound, &bound_full, p->meta.guid);
		for (k = 0; k < p->nr_objects; k++)
			count_bound(bound, &nr_bound, &bound_full, p->meta.objects[k].guid);
		status_policy(a, p);
	}
	if (!a->cli->json && !policies_known)
		printf("policies: unknown (%s cannot be read)\n", a->cli->bpffs);
	else if (!a->cli->json && !s.nr)
		printf("policies: none loaded\n");

	/* Programs per device: those bound to all devices count on each. */
	for (i = 0; i < nr_bound; i++) {
		static const uint8_t null_guid_[16];

		if (!memcmp(bound[i].guid, null_guid_, 16))
			all = bound[i].n;
	}
	if (a->cli->json) {
		json_array_end(j);
		json_key(j, "programs");
		json_array_begin(j);
	}
	for (i = 0; i < nr_bound; i++) {
		unsigned int n = bound[i].n;

		wmi_binding_format(bound[i].guid, guid);
		if (strcmp(guid, "all"))
			n += all;
		if (a->cli->json) {
			json_object_begin(j);
			json_kv_string(j, "device", guid);
			json_kv_uint(j, "programs", n);
			json_object_end(j);
		} else {
			printf("programs on %s: %u of %u\n", strcmp(guid, "all") ? guid :
			       "every device (all)", n, WMI_DEVICE_MAX_PROGS);
		}
	}

	/* The monitors, and what each lost. */
	if (a->cli->json) {
		json_array_end(j);
		json_key(j, "monitors");
		json_array_begin(j);
	}
	if (policies_known) {
		char path[STORE_PATH_MAX];

		snprintf(path, sizeof(path), "%s/monitors", a->cli->bpffs);
		outer = bpf_obj_get(path);
		snprintf(path, sizeof(path), "%s/monitor_slots", a->cli->bpffs);
		slots = bpf_obj_get(path);
	}
	for (id = 0; outer >= 0 && slots >= 0 && id < WMI_MONITOR_SLOTS; id++) {
		struct wmi_monitor_slot s = { };
		__u32 ring;

		if (bpf_map_lookup_elem(outer, &id, &ring) || bpf_map_lookup_elem(slots, &id, &s))
			continue;
		if (a->cli->json) {
			json_object_begin(j);
			json_kv_uint(j, "slot", id);
			json_kv_uint(j, "pid", s.pid);
			json_kv_bool(j, "running", monitors_start_time(s.pid) == s.start);
			json_kv_uint(j, "lost_events", s.lost);
			json_object_end(j);
		} else {
			printf("monitor %u: pid %u%s, %llu event%s lost\n", id, s.pid,
			       monitors_start_time(s.pid) == s.start ? "" : " (gone)",
			       (unsigned long long)s.lost, s.lost == 1 ? "" : "s");
		}
	}
	if (a->cli->json)
		json_array_end(j);
	status_event_errors(a);
	if (a->cli->json) {
		json_object_end(j);
		json_end_line(j);
	}
	if (outer >= 0)
		close(outer);
	if (slots >= 0)
		close(slots);
	btf__free(module);
	btf__free(vmlinux);
	snapshot_free(&s);
	return EXIT_OK;
}

const struct cli_verb verb_status = {
	.name = "status",
	.summary = "  status                   what the kernel supports, policies, programs, losses\n",
	.usage =
	"Usage: wmibpf status [--json]\n"
	"\n"
	"What the running kernel supports (the WMI-BPF struct_ops type, kfuncs,\n"
	"lockdown), the loaded policies and their modes, the programs on each\n"
	"device, the monitors and the events they lost, and the events each\n"
	"device lost because the firmware failed to give their data.\n",
	.run = cmd_status,
};

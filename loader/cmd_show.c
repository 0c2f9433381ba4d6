// SPDX-License-Identifier: GPL-2.0
/* list and show: what is loaded, and what each rule matched. */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "bpffs.h"
#include "cond_text.h"
#include "monitors.h"
#include "policy.h"
#include "store.h"
#include "wmibpf.h"

static const uint8_t null_guid[16];

static void action_text(char *buf, size_t size, uint32_t action, int32_t error, uint32_t flags)
{
	const char *e = policy_errno_name(error);

	if (action == WMI_ACTION_DENY && e)
		snprintf(buf, size, "deny %s", e);
	else if (action == WMI_ACTION_DENY)
		snprintf(buf, size, "deny %d", error);
	else
		snprintf(buf, size, "%s", policy_action_name(action));
	if ((flags & WMI_RULE_F_AUDIT) && action != WMI_ACTION_AUDIT)
		strncat(buf, ", audit", size - strlen(buf) - 1);
}

int cmd_list(struct app *a)
{
	struct json *j = &a->json;
	char **names = NULL, **broken = NULL, guid[WMI_GUID_STR_LEN + 1], act[64];
	size_t nr = 0, nr_broken = 0, i, k;
	int err;

	/* No bpffs is not "no policy loaded". */
	err = bpffs_require(a->cli->bpffs);
	if (err)
		return err;
	err = store_list(a->cli->bpffs, &names, &nr);
	if (err)
		return bpf_failure(a->cli->bpffs, err);
	/* A wmibpf killed while loading: what acts is not what meta says. */
	err = store_list_interrupted(a->cli->bpffs, &broken, &nr_broken);
	if (err) {
		free_names(names, nr);
		return bpf_failure(a->cli->bpffs, err);
	}

	if (a->cli->json)
		json_array_begin(j);
	else if (nr)
		printf("%-20s %-38s %6s %-16s %s\n", "NAME", "DEVICE", "RULES", "DEFAULT",
		       "BPF OBJECTS");
	for (i = 0; i < nr; i++) {
		struct wmi_policy_meta m = { };
		bool has_meta = !store_read_meta(a->cli->bpffs, names[i], &m);
		char objs[512] = "";

		/* A bare object has no table: its binding is its programs'. */
		wmi_binding_format(m.has_table || !m.nr_objects ? m.guid : m.objects[0].guid, guid);
		action_text(act, sizeof(act), m.default_action, m.default_error, m.default_flags);
		if (!m.has_table)
			strcpy(act, "-");
		for (k = 0; k < m.nr_objects && k < WMI_META_MAX_OBJS; k++) {
			strncat(objs, k ? ", " : "", sizeof(objs) - strlen(objs) - 1);
			strncat(objs, m.objects[k].name, sizeof(objs) - strlen(objs) - 1);
		}
		if (!a->cli->json) {
			char rules[16] = "-";

			if (m.has_table)
				snprintf(rules, sizeof(rules), "%u", m.nr_rules);
			printf("%-20s %-38s %6s %-16s %s\n", names[i], has_meta ? guid : "?",
			       rules, has_meta ? act : "?", objs);
			continue;
		}
		json_object_begin(j);
		json_kv_string(j, "name", names[i]);
		json_kv_string(j, "device", has_meta ? guid : "");
		json_kv_string(j, "source", m.source);
		json_kv_uint(j, "loaded_at", m.loaded_at);
		json_kv_bool(j, "table", m.has_table);
		json_kv_uint(j, "rules", m.nr_rules);
		json_kv_string(j, "default", m.has_table ? policy_action_name(m.default_action) : "");
		json_key(j, "objects");
		json_array_begin(j);
		for (k = 0; k < m.nr_objects && k < WMI_META_MAX_OBJS; k++) {
			json_object_begin(j);
			json_kv_string(j, "name", m.objects[k].name);
			wmi_binding_format(m.objects[k].guid, guid);
			json_kv_string(j, "device", guid);
			json_object_end(j);
		}
		json_array_end(j);
		json_kv_string(j, "state", "loaded");
		json_object_end(j);
	}
	for (i = 0; i < nr_broken; i++) {
		if (a->cli->json) {
			json_object_begin(j);
			json_kv_string(j, "name", broken[i]);
			json_kv_string(j, "state", "interrupted");
			json_object_end(j);
			continue;
		}
		printf("%s: a load or replace of it was interrupted, and its programs may be "
		       "old and new mixed; the next wmibpf load or unload of %s puts it right\n",
		       broken[i], broken[i]);
	}
	if (a->cli->json) {
		json_array_end(j);
		json_end_line(j);
	} else if (!nr && !nr_broken && !a->cli->quiet) {
		printf("no policy loaded\n");
	}
	free_names(names, nr);
	free_names(broken, nr_broken);
	return EXIT_OK;
}

struct shown_rule {
	struct wmi_rule_key key;
	struct wmi_rule rule;
	struct wmi_cond_rule cond;	/* its conditions (nr_fields, caps); all zero: none */
	uint64_t hits;
};

static int cmp_rule(const void *x, const void *y)
{
	const struct shown_rule *a = x, *b = y;

	return a->rule.id < b->rule.id ? -1 : a->rule.id > b->rule.id;
}

static int add_rule(struct shown_rule **rules, size_t *nr, const struct wmi_rule_key *key,
		    const struct wmi_rule *rule, const struct wmi_cond_rule *cond)
{
	struct shown_rule *grown = realloc(*rules, (*nr + 1) * sizeof(**rules));

	if (!grown)
		return -ENOMEM;
	*rules = grown;
	memset(&grown[*nr], 0, sizeof(grown[*nr]));
	grown[*nr].key = *key;
	grown[*nr].rule = *rule;
	if (cond)
		grown[*nr].cond = *cond;
	(*nr)++;
	return 0;
}

/* A key's rules: its chain of rules with conditions, and its own if it has one. */
static int add_key_rules(struct shown_rule **rules, size_t *nr, int rules_fd, int conds_fd,
			 const struct wmi_rule_key *key)
{
	struct wmi_cond_rule c;
	struct wmi_rule rule;
	__u32 i, k;

	if (bpf_map_lookup_elem(rules_fd, key, &rule))
		return 0;	/* gone since listed */
	for (i = 0; i < rule.nr_conds && i < WMI_RULE_MAX_CHAIN && conds_fd >= 0; i++) {
		k = rule.first_cond + i;
		if (bpf_map_lookup_elem(conds_fd, &k, &c))
			continue;
		if (add_rule(rules, nr, key, &c.rule, &c))
			return -ENOMEM;
	}
	if (rule.flags & WMI_RULE_F_CONDS_ONLY)
		return 0;
	return add_rule(rules, nr, key, &rule, NULL);
}

static uint64_t hits_of(int fd, uint32_t id, int ncpus)
{
	uint64_t sum = 0, *v = calloc(ncpus, sizeof(*v));
	int c;

	if (!v)
		return 0;
	if (!bpf_map_lookup_elem(fd, &id, v))
		for (c = 0; c < ncpus; c++)
			sum += v[c];
	free(v);
	return sum;
}

static void any_text(char *buf, size_t size, uint32_t v)
{
	if (v == WMI_POLICY_ANY)
		snprintf(buf, size, "any");
	else
		snprintf(buf, size, "%u", v);
}

int cmd_show(struct app *a)
{
	const char *name = a->cli->name;
	struct wmi_policy_meta m = { };
	struct shown_rule *rules = NULL;
	struct wmi_rule_key key, next;
	char path[STORE_PATH_MAX], guid[WMI_GUID_STR_LEN + 1], act[64];
	char method[16], uid[16], gid[16], cond[COND_TEXT_MAX];
	size_t nr = 0, i;
	int rules_fd, conds_fd, hits_fd, ncpus, err;
	struct json *j = &a->json;
	uint64_t def_hits, lost;

	err = store_find(a->cli->bpffs, name);
	if (err)
		return err;
	err = store_read_meta(a->cli->bpffs, name, &m);
	if (err)
		return bpf_failure(name, err);

	store_path(path, a->cli->bpffs, name, "rules");
	rules_fd = bpf_obj_get(path);
	store_path(path, a->cli->bpffs, name, "hits");
	hits_fd = bpf_obj_get(path);
	ncpus = libbpf_num_possible_cpus();

	store_path(path, a->cli->bpffs, name, "conds");
	conds_fd = bpf_obj_get(path);

	/* A bare BPF object has no rule table. */
	if (rules_fd >= 0 && hits_fd >= 0 && ncpus > 0) {
		err = bpf_map_get_next_key(rules_fd, NULL, &key);
		while (!err) {
			if (add_key_rules(&rules, &nr, rules_fd, conds_fd, &key))
				break;
			err = bpf_map_get_next_key(rules_fd, &key, &next);
			key = next;
		}
		for (i = 0; i < nr; i++)
			rules[i].hits = hits_of(hits_fd, rules[i].rule.id, ncpus);
	}
	/* A policy of a default alone has no rule: qsort() must not see NULL. */
	if (nr)
		qsort(rules, nr, sizeof(*rules), cmp_rule);
	def_hits = hits_fd >= 0 && ncpus > 0 ? hits_of(hits_fd, WMI_RULE_DEFAULT, ncpus) : 0;
	/* Reported calls a monitor's full ring buffer had no room for. */
	lost = hits_fd >= 0 && ncpus > 0 ? hits_of(hits_fd, WMI_RULE_LOST(m.nr_rules), ncpus) : 0;

	wmi_binding_format(m.guid, guid);
	if (a->cli->json) {
		json_object_begin(j);
		json_kv_string(j, "name", name);
		json_kv_string(j, "device", guid);
		json_kv_string(j, "source", m.source);
		json_key(j, "rules");
		json_array_begin(j);
	} else {
		printf("policy %s, device %s, from %s%s\n", name, guid, m.source,
		       m.has_table && store_read_mode(a->cli->bpffs, name) == WMI_MODE_AUDIT ?
		       ", in audit mode" : "");
		if (nr)
			printf("%5s %5s %-38s %6s %-7s %6s %6s %-18s %10s  %s\n", "RULE", "LINE",
			       "DEVICE", "METHOD", "ORIGIN", "UID", "GID", "ACTION", "HITS",
			       "CONDITIONS");
	}
	for (i = 0; i < nr; i++) {
		const struct shown_rule *r = &rules[i];

		/* A rule without a device of its own is the policy's. */
		wmi_binding_format(memcmp(r->key.guid, null_guid, 16) ? r->key.guid : m.guid, guid);
		action_text(act, sizeof(act), r->rule.action, r->rule.error, r->rule.flags);
		if (r->rule.action == WMI_ACTION_EMULATE)
			snprintf(act + strlen(act), sizeof(act) - strlen(act), " %u",
				 r->rule.answer);
		/* An event rule's METHOD is the notify id, in hex as ACPI writes it. */
		if (r->key.origin == WMI_POLICY_ORIGIN_EVENT && r->key.method_id != WMI_POLICY_ANY)
			snprintf(method, sizeof(method), "0x%02x", r->key.method_id);
		else
			any_text(method, sizeof(method), r->key.method_id);
		any_text(uid, sizeof(uid), r->key.uid);
		any_text(gid, sizeof(gid), r->key.gid);
		if (!a->cli->json) {
			cond_text(cond, sizeof(cond), &r->cond);
			printf("%5u %5u %-38s %6s %-7s %6s %6s %-18s %10llu  %s\n", r->rule.id,
			       r->rule.line, guid, method, policy_origin_name(r->key.origin), uid,
			       gid, act, (unsigned long long)r->hits, cond);
			continue;
		}
		json_object_begin(j);
		json_kv_uint(j, "rule", r->rule.id);
		json_kv_uint(j, "line", r->rule.line);
		json_kv_string(j, "device", guid);
		json_kv_string(j, r->key.origin == WMI_POLICY_ORIGIN_EVENT ? "event" : "method",
			       method);
		json_kv_string(j, "origin", policy_origin_name(r->key.origin));
		json_kv_string(j, "uid", uid);
		json_kv_string(j, "gid", gid);
		json_kv_string(j, "action", policy_action_name(r->rule.action));
		if (r->rule.action == WMI_ACTION_DENY)
			json_kv_int(j, "errno", r->rule.error);
		if (r->rule.action == WMI_ACTION_EMULATE)
			json_kv_uint(j, "answer", r->rule.answer);
		json_kv_bool(j, "audit", r->rule.flags & WMI_RULE_F_AUDIT);
		cond_json(j, &r->cond);
		json_kv_uint(j, "hits", r->hits);
		json_object_end(j);
	}
	action_text(act, sizeof(act), m.default_action, m.default_error, m.default_flags);
	if (a->cli->json) {
		json_array_end(j);
		json_key(j, "default");
		json_object_begin(j);
		json_kv_string(j, "action", policy_action_name(m.default_action));
		json_kv_string(j, "origin", policy_origin_name(m.default_origin));
		json_kv_bool(j, "audit", m.default_flags & WMI_RULE_F_AUDIT);
		json_kv_uint(j, "hits", def_hits);
		json_object_end(j);
		json_kv_uint(j, "lost_events", lost);
		json_object_end(j);
		json_end_line(j);
	} else {
		if (rules_fd >= 0)
			printf("%5s %5s %-38s %6s %-7s %6s %6s %-18s %10llu  -\n", "-", "-",
			       "default", "any", policy_origin_name(m.default_origin), "any",
			       "any", act, (unsigned long long)def_hits);
		if (rules_fd >= 0)
			printf("events lost by monitors: %llu\n", (unsigned long long)lost);
		for (i = 0; i < m.nr_objects && i < WMI_META_MAX_OBJS; i++) {
			wmi_binding_format(m.objects[i].guid, guid);
			printf("bpf object %s, device %s\n", m.objects[i].name, guid);
		}
	}
	free(rules);
	if (rules_fd >= 0)
		close(rules_fd);
	if (conds_fd >= 0)
		close(conds_fd);
	if (hits_fd >= 0)
		close(hits_fd);
	return EXIT_OK;
}

static const char *mode_name(uint32_t mode)
{
	return mode == WMI_MODE_AUDIT ? "audit" : "enforce";
}

int cmd_mode(struct app *a)
{
	const char *name = a->cli->name;
	struct wmi_policy_meta m = { };
	int ret, err, fd;

	ret = store_find(a->cli->bpffs, name);
	if (ret)
		return ret;
	err = store_read_meta(a->cli->bpffs, name, &m);
	if (err)
		return bpf_failure(name, err);
	if (!m.has_table) {
		errmsg("%s: a bare BPF object has no mode: only a policy file's rules do", name);
		return EXIT_FAILED;
	}
	if (a->cli->mode >= 0) {
		/* Not during a load or replace of it, which carries the mode over. */
		ret = store_lock(a->cli->bpffs, a->cli->quiet, &fd);
		if (ret)
			return ret;
		err = store_write_mode(a->cli->bpffs, name, a->cli->mode);
		store_unlock(fd);
		if (err)
			return bpf_failure(name, err);
	}
	if (a->cli->json) {
		json_object_begin(&a->json);
		json_kv_string(&a->json, "name", name);
		json_kv_string(&a->json, "mode", mode_name(store_read_mode(a->cli->bpffs, name)));
		json_object_end(&a->json);
		json_end_line(&a->json);
	} else if (!a->cli->quiet) {
		printf("%s: %s\n", name, store_read_mode(a->cli->bpffs, name) == WMI_MODE_AUDIT ?
		       "audit mode: changes no call, reports what enforcing would change" :
		       "enforce mode");
	}
	return EXIT_OK;
}

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

static void count_bound(struct bound *b, size_t *nr, size_t max, const uint8_t g[16])
{
	size_t i;

	for (i = 0; i < *nr; i++) {
		if (!memcmp(b[i].guid, g, 16)) {
			b[i].n++;
			return;
		}
	}
	if (*nr < max) {
		memcpy(b[*nr].guid, g, 16);
		b[(*nr)++].n = 1;
	}
}

static int cmp_name(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

int cmd_status(struct app *a)
{
	struct json *j = &a->json;
	struct btf *vmlinux = NULL, *module = NULL, *core;
	char **names = NULL, **broken = NULL, lockdown[32], guid[WMI_GUID_STR_LEN + 1];
	const char *kfunc[64];
	size_t nr = 0, nr_broken = 0, nr_bound = 0, i, k, nr_kfuncs = 0;
	struct bound bound[64];
	unsigned int all = 0;
	bool has_ops = false, policies_known;
	int ncpus = libbpf_num_possible_cpus(), outer = -1, slots = -1;
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

	policies_known = !bpffs_check(a->cli->bpffs) && !store_list(a->cli->bpffs, &names, &nr) &&
			 !store_list_interrupted(a->cli->bpffs, &broken, &nr_broken);

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

	for (i = 0; i < nr; i++) {
		struct wmi_policy_meta m = { };
		char path[STORE_PATH_MAX];
		uint64_t lost = 0;
		int fd;

		if (store_read_meta(a->cli->bpffs, names[i], &m))
			continue;
		if (m.has_table)
			count_bound(bound, &nr_bound, 64, m.guid);
		for (k = 0; k < m.nr_objects && k < WMI_META_MAX_OBJS; k++)
			count_bound(bound, &nr_bound, 64, m.objects[k].guid);
		store_path(path, a->cli->bpffs, names[i], "hits");
		fd = bpf_obj_get(path);
		if (fd >= 0 && ncpus > 0)
			lost = hits_of(fd, WMI_RULE_LOST(m.nr_rules), ncpus);
		if (fd >= 0)
			close(fd);
		if (a->cli->json) {
			json_object_begin(j);
			json_kv_string(j, "name", names[i]);
			json_kv_string(j, "state", "loaded");
			json_kv_string(j, "mode", m.has_table ?
				       mode_name(store_read_mode(a->cli->bpffs, names[i])) : "");
			json_kv_uint(j, "programs", m.has_table + m.nr_objects);
			json_kv_uint(j, "lost_events", lost);
			json_object_end(j);
		} else {
			printf("policy %s: %s, %u program%s, %llu event%s lost by monitors\n",
			       names[i], m.has_table ?
			       mode_name(store_read_mode(a->cli->bpffs, names[i])) : "bare object",
			       m.has_table + m.nr_objects, m.has_table + m.nr_objects == 1 ? "" : "s",
			       (unsigned long long)lost, lost == 1 ? "" : "s");
		}
	}
	for (i = 0; i < nr_broken; i++) {
		if (a->cli->json) {
			json_object_begin(j);
			json_kv_string(j, "name", broken[i]);
			json_kv_string(j, "state", "interrupted");
			json_object_end(j);
		} else {
			printf("policy %s: interrupted load; the next wmibpf load or unload of it "
			       "puts it right\n", broken[i]);
		}
	}
	if (!a->cli->json && !policies_known)
		printf("policies: unknown (%s cannot be read)\n", a->cli->bpffs);
	else if (!a->cli->json && !nr && !nr_broken)
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
	if (a->cli->json) {
		json_array_end(j);
		json_object_end(j);
		json_end_line(j);
	}
	if (outer >= 0)
		close(outer);
	if (slots >= 0)
		close(slots);
	btf__free(module);
	btf__free(vmlinux);
	free_names(names, nr);
	free_names(broken, nr_broken);
	return EXIT_OK;
}

const struct cli_verb verb_list = {
	.name = "list",
	.summary = "  list                     loaded policies\n",
	.usage =
	"Usage: wmibpf list [--json]\n"
	"\n"
	"List the loaded policies: name, device, rules, default, BPF objects.\n",
	.run = cmd_list,
};

static int show_args(struct cli *c, char **args, size_t nargs, char **err)
{
	if (nargs != 1)
		return cli_usage_error(err, "show: expected one policy NAME");
	c->name = args[0];
	return cli_check_name("show", "", c->name, err);
}

const struct cli_verb verb_show = {
	.name = "show",
	.summary = "  show NAME                a policy's rules and how often each matched\n",
	.usage =
	"Usage: wmibpf show NAME [--json]\n"
	"\n"
	"Show a policy's rules, where each came from, and its hit counter.\n",
	.args = show_args,
	.run = cmd_show,
};

static int mode_args(struct cli *c, char **args, size_t nargs, char **err)
{
	int ret;

	if (nargs < 1 || nargs > 2)
		return cli_usage_error(err, "mode: expected a policy NAME, and audit or enforce");
	c->name = args[0];
	ret = cli_check_name("mode", "", c->name, err);
	if (ret || nargs == 1)
		return ret;
	if (!strcmp(args[1], "audit"))
		c->mode = WMI_MODE_AUDIT;
	else if (!strcmp(args[1], "enforce"))
		c->mode = WMI_MODE_ENFORCE;
	else
		return cli_usage_error(err, "mode: expected audit or enforce, found '%s'", args[1]);
	return EXIT_OK;
}

const struct cli_verb verb_mode = {
	.name = "mode",
	.summary = "  mode NAME [audit|enforce] a policy's mode: audit changes no call\n",
	.usage =
	"Usage: wmibpf mode NAME [audit|enforce]\n"
	"\n"
	"Print a loaded policy's mode, or switch it at once, without reloading:\n"
	"in audit mode the policy changes no call (what it would deny, intercept\n"
	"or emulate goes on as without it, and is reported as such); in enforce\n"
	"mode it acts. A replace keeps the mode.\n",
	.args = mode_args,
	.run = cmd_mode,
};

const struct cli_verb verb_status = {
	.name = "status",
	.summary = "  status                   what the kernel supports, policies, programs, losses\n",
	.usage =
	"Usage: wmibpf status [--json]\n"
	"\n"
	"What the running kernel supports (the WMI-BPF struct_ops type, kfuncs,\n"
	"lockdown), the loaded policies and their modes, the programs on each\n"
	"device, the monitors and the events they lost.\n",
	.run = cmd_status,
};

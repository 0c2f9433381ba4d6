// SPDX-License-Identifier: GPL-2.0
/* show: a policy's rules, where each came from, and what each matched. */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "cond_text.h"
#include "mof_bus.h"
#include "mof_names.h"
#include "policy.h"
#include "snapshot.h"
#include "store.h"
#include "wmibpf.h"

static const uint8_t null_guid[16];

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
	/* The same rules for an alias of their device: listed under it. */
	if (rule.flags & WMI_RULE_F_ALIAS)
		return 0;
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

/* A query or set rule. */
static bool is_block_rule(const struct shown_rule *r)
{
	return r->key.kind == WMI_POLICY_KIND_QUERY || r->key.kind == WMI_POLICY_KIND_SET;
}

/*
 * A rule that names no method, query or set: for every call. It must not
 * read as "method: any", which ranks above it where the two are otherwise
 * alike (wmibpf(8), POLICY FILES).
 */
static bool is_every_call(const struct shown_rule *r)
{
	return r->key.kind == WMI_POLICY_KIND_ANY && r->key.origin != WMI_POLICY_ORIGIN_EVENT &&
	       r->key.origin != WMI_POLICY_ORIGIN_READER;
}

static void any_text(char *buf, size_t size, uint32_t v)
{
	if (v == WMI_POLICY_ANY)
		snprintf(buf, size, "any");
	else
		snprintf(buf, size, "%u", v);
}

/*
 * A rule's method: its number, an event rule's notify id in hex as
 * ACPI writes it, a query or set rule's instance, or "read" for a read
 * rule, in buf; returns its name, "Class.Method" in label,
 * when this machine's bMOF (names, or NULL) names that method of the
 * rule's device (guid), else NULL.
 */
static const char *method_text(char *buf, size_t size, const struct shown_rule *r,
			       const uint8_t *guid, const struct policy_names *names, char *label)
{
	struct wmi_guid g;

	if (r->key.origin == WMI_POLICY_ORIGIN_READER) {
		snprintf(buf, size, "read");
		return NULL;
	}
	if (r->key.origin == WMI_POLICY_ORIGIN_EVENT && r->key.method_id != WMI_POLICY_ANY) {
		snprintf(buf, size, "0x%02x", r->key.method_id);
		return NULL;
	}
	if (is_block_rule(r)) {
		any_text(buf, size, r->key.method_id);
		return NULL;
	}
	any_text(buf, size, r->key.method_id);
	if (!names || r->key.method_id == WMI_POLICY_ANY || !memcmp(guid, null_guid, 16))
		return NULL;
	memcpy(g.b, guid, 16);
	return mof_method_label(names->src, names->nsrc, &g, r->key.method_id, label,
				MOF_LABEL_LEN);
}

/*
 * The METHOD cell of the table: the number, and the name beside it; a
 * block rule's instance after "query" or "set"; "every call" for a rule
 * of every kind.
 */
static void method_cell(char *buf, size_t size, const struct shown_rule *r, const char *method,
			const char *name)
{
	if (is_every_call(r))
		snprintf(buf, size, "every call");
	else if (is_block_rule(r))
		snprintf(buf, size, "%s %s", policy_kind_name(r->key.kind), method);
	else if (name)
		snprintf(buf, size, "%s (%s)", method, name);
	else
		snprintf(buf, size, "%s", method);
}

/* A rule without a device of its own is the policy's. */
static const uint8_t *rule_guid(const struct shown_rule *r, const struct wmi_policy_meta *m)
{
	return memcmp(r->key.guid, null_guid, 16) ? r->key.guid : m->guid;
}

/*
 * A text field of meta (snapshot_meta_text()): as it is for JSON, escaped
 * for text (into buf, of TEXT_ESCAPED_SIZE(size)).
 */
static const char *meta_text(const char *policy, const char *field, size_t size,
			     const char *what, bool json, char *buf)
{
	const char *s = snapshot_meta_text(policy, field, size, what);

	if (json)
		return s;
	text_escape(s, size, buf, TEXT_ESCAPED_SIZE(size));
	return buf;
}

/* The policy's maps show opened, those it has (-1: none). */
static void close_maps(int rules_fd, int conds_fd, int hits_fd)
{
	if (rules_fd >= 0)
		close(rules_fd);
	if (conds_fd >= 0)
		close(conds_fd);
	if (hits_fd >= 0)
		close(hits_fd);
}

int cmd_show(struct app *a)
{
	const char *name = a->cli->name;
	struct wmi_policy_meta m = { };
	struct shown_rule *rules = NULL;
	struct wmi_rule_key key = { }, next = { };
	struct bpf_map_info info = { };
	__u32 info_len = sizeof(info);
	char path[STORE_PATH_MAX], guid[WMI_GUID_STR_LEN + 1], act[64];
	char method[16], label[MOF_LABEL_LEN], cell[16 + MOF_LABEL_LEN + 3];
	char uid[16], gid[16], cond[COND_TEXT_MAX];
	char source[TEXT_ESCAPED_SIZE(sizeof(m.source))];
	char object[TEXT_ESCAPED_SIZE(sizeof(m.objects[0].name))], what[48];
	const struct policy_names *names;
	struct policy_names bus_names;
	struct mof_bus bus;
	const char *method_name;
	int method_width = 6;
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

	/*
	 * A policy pinned by a wmibpf whose rule keys differ (before they had
	 * a kind, say) would be read wrong: it is to be loaded again.
	 */
	if (rules_fd >= 0 && !bpf_map_get_info_by_fd(rules_fd, &info, &info_len) &&
	    info.key_size != sizeof(key)) {
		errmsg("show: %s: its rules were loaded by another version of wmibpf (keys of %u "
		       "bytes, not %zu); load the policy again", name, info.key_size, sizeof(key));
		close_maps(rules_fd, conds_fd, hits_fd);
		return EXIT_FAILED;
	}
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
			rules[i].hits = store_hits(hits_fd, rules[i].rule.id, ncpus);
	}
	/* A policy of a default alone has no rule: qsort() must not see NULL. */
	if (nr)
		qsort(rules, nr, sizeof(*rules), cmp_rule);
	def_hits = hits_fd >= 0 && ncpus > 0 ? store_hits(hits_fd, WMI_RULE_DEFAULT, ncpus) : 0;
	/* Reported calls a monitor's full ring buffer had no room for. */
	lost = hits_fd >= 0 && ncpus > 0 ? store_hits(hits_fd, WMI_RULE_LOST(m.nr_rules), ncpus) : 0;

	/* The METHOD column is as wide as its widest cell, so a table of numbers is as it was. */
	names = mof_bus_names(&bus, a->cli->sysfs, &bus_names);
	for (i = 0; i < nr; i++) {
		method_name = method_text(method, sizeof(method), &rules[i],
					  rule_guid(&rules[i], &m), names, label);
		method_cell(cell, sizeof(cell), &rules[i], method, method_name);
		if ((int)strlen(cell) > method_width)
			method_width = strlen(cell);
	}

	wmi_binding_format(m.guid, guid);
	if (a->cli->json) {
		json_object_begin(j);
		json_kv_string(j, "name", name);
		json_kv_string(j, "device", guid);
		json_kv_string(j, "source", meta_text(name, m.source, sizeof(m.source),
						      "the source", true, source));
		json_key(j, "rules");
		json_array_begin(j);
	} else {
		printf("policy %s, device %s, from %s%s\n", name, guid,
		       meta_text(name, m.source, sizeof(m.source), "the source", false, source),
		       m.has_table && store_read_mode(a->cli->bpffs, name) == WMI_MODE_AUDIT ?
		       ", in audit mode" : "");
		if (nr)
			printf("%5s %5s %-38s %*s %-7s %6s %6s %-18s %10s  %s\n", "RULE", "LINE",
			       "DEVICE", method_width, "METHOD", "ORIGIN", "UID", "GID", "ACTION",
			       "HITS", "CONDITIONS");
	}
	for (i = 0; i < nr; i++) {
		const struct shown_rule *r = &rules[i];

		wmi_binding_format(rule_guid(r, &m), guid);
		cond_action_text(act, sizeof(act), r->rule.action, r->rule.error, r->rule.flags);
		if (r->rule.action == WMI_ACTION_EMULATE)
			snprintf(act + strlen(act), sizeof(act) - strlen(act), " %u",
				 r->rule.answer);
		method_name = method_text(method, sizeof(method), r, rule_guid(r, &m), names, label);
		any_text(uid, sizeof(uid), r->key.uid);
		any_text(gid, sizeof(gid), r->key.gid);
		if (!a->cli->json) {
			cond_text(cond, sizeof(cond), &r->cond);
			method_cell(cell, sizeof(cell), r, method, method_name);
			printf("%5u %5u %-38s %*s %-7s %6s %6s %-18s %10llu  %s\n", r->rule.id,
			       r->rule.line, guid, method_width, cell,
			       policy_origin_name(r->key.origin), uid, gid, act,
			       (unsigned long long)r->hits, cond);
			continue;
		}
		json_object_begin(j);
		json_kv_uint(j, "rule", r->rule.id);
		json_kv_uint(j, "line", r->rule.line);
		json_kv_string(j, "device", guid);
		if (r->key.origin == WMI_POLICY_ORIGIN_READER)
			json_kv_string(j, "read", "events");
		else if (is_block_rule(r))
			json_kv_string(j, policy_kind_name(r->key.kind), method);
		else if (is_every_call(r))
			json_kv_string(j, "call", "any");
		else
			json_kv_string(j, r->key.origin == WMI_POLICY_ORIGIN_EVENT ? "event" :
				       "method", method);
		/* the number as ever, the name under a key of its own */
		if (method_name)
			json_kv_string(j, "method_name", method_name);
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
	cond_action_text(act, sizeof(act), m.default_action, m.default_error, m.default_flags);
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
			printf("%5s %5s %-38s %*s %-7s %6s %6s %-18s %10llu  -\n", "-", "-",
			       "default", method_width, "any", policy_origin_name(m.default_origin),
			       "any", "any", act, (unsigned long long)def_hits);
		if (rules_fd >= 0)
			printf("events lost by monitors: %llu\n", (unsigned long long)lost);
		for (i = 0; i < m.nr_objects && i < WMI_META_MAX_OBJS; i++) {
			wmi_binding_format(m.objects[i].guid, guid);
			snprintf(what, sizeof(what), "the name of BPF object %zu", i);
			printf("bpf object %s, device %s\n",
			       meta_text(name, m.objects[i].name, sizeof(m.objects[i].name), what,
					 false, object), guid);
		}
	}
	free(rules);
	mof_bus_free(&bus);
	close_maps(rules_fd, conds_fd, hits_fd);
	return EXIT_OK;
}

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

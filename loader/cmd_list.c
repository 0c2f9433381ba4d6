// SPDX-License-Identifier: GPL-2.0
/* list: the loaded policies. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpffs.h"
#include "cond_text.h"
#include "policy.h"
#include "snapshot.h"
#include "wmibpf.h"

/* One loaded policy: a line of the table, or a JSON object. */
static void list_policy(struct app *a, const struct snapshot_policy *p)
{
	const struct wmi_policy_meta *m = &p->meta;
	char guid[WMI_GUID_STR_LEN + 1], act[64], objs[512] = "";
	const char *names[WMI_META_MAX_OBJS];
	char shown[TEXT_ESCAPED_SIZE(sizeof(m->objects[0].name))];
	struct json *j = &a->json;
	size_t k;

	/* A bare object has no table: its binding is its programs'. */
	wmi_binding_format(m->has_table || !m->nr_objects ? m->guid : m->objects[0].guid, guid);
	cond_action_text(act, sizeof(act), m->default_action, m->default_error, m->default_flags);
	if (!m->has_table)
		strcpy(act, "-");
	for (k = 0; k < p->nr_objects; k++) {
		char what[48];

		snprintf(what, sizeof(what), "the name of BPF object %zu", k);
		names[k] = snapshot_meta_text(p->shown, m->objects[k].name,
					      sizeof(m->objects[k].name), what);
		text_escape(names[k], sizeof(m->objects[k].name), shown, sizeof(shown));
		strncat(objs, k ? ", " : "", sizeof(objs) - strlen(objs) - 1);
		strncat(objs, shown, sizeof(objs) - strlen(objs) - 1);
	}
	if (!a->cli->json) {
		char rules[16] = "-";

		if (m->has_table)
			snprintf(rules, sizeof(rules), "%u", m->nr_rules);
		printf("%-20s %-38s %6s %-16s %s\n", p->shown, p->has_meta ? guid : "?",
		       rules, p->has_meta ? act : "?", objs);
		return;
	}
	json_object_begin(j);
	json_kv_string(j, "name", p->name);
	json_kv_string(j, "device", p->has_meta ? guid : "");
	json_kv_string(j, "source", snapshot_meta_text(p->shown, m->source, sizeof(m->source),
							     "the source"));
	json_kv_uint(j, "loaded_at", m->loaded_at);
	json_kv_bool(j, "table", m->has_table);
	json_kv_uint(j, "rules", m->nr_rules);
	json_kv_string(j, "default", m->has_table ? policy_action_name(m->default_action) : "");
	json_key(j, "objects");
	json_array_begin(j);
	for (k = 0; k < p->nr_objects; k++) {
		json_object_begin(j);
		json_kv_string(j, "name", names[k]);
		wmi_binding_format(m->objects[k].guid, guid);
		json_kv_string(j, "device", guid);
		json_object_end(j);
	}
	json_array_end(j);
	json_kv_string(j, "state", "loaded");
	json_object_end(j);
}

/* A wmibpf killed while loading it: what acts is not what meta says. */
static void list_interrupted(struct app *a, const struct snapshot_policy *p)
{
	if (a->cli->json) {
		snapshot_json_interrupted(&a->json, p);
		return;
	}
	printf("%s: a load or replace of it was interrupted, and its programs may be "
	       "old and new mixed; the next wmibpf load or unload of %s puts it right\n",
	       p->shown, p->shown);
}

int cmd_list(struct app *a)
{
	struct snapshot s;
	size_t i;
	int err;

	/* No bpffs is not "no policy loaded". */
	err = bpffs_require(a->cli->bpffs);
	if (err)
		return err;
	err = snapshot_read(a->cli->bpffs, &s);
	if (err)
		return bpf_failure(a->cli->bpffs, err);

	if (a->cli->json)
		json_array_begin(&a->json);
	else if (s.nr && !s.policies[0].interrupted)
		printf("%-20s %-38s %6s %-16s %s\n", "NAME", "DEVICE", "RULES", "DEFAULT",
		       "BPF OBJECTS");
	/* the loaded policies come first, as the header above assumes */
	for (i = 0; i < s.nr; i++) {
		if (s.policies[i].interrupted)
			list_interrupted(a, &s.policies[i]);
		else
			list_policy(a, &s.policies[i]);
	}
	if (a->cli->json) {
		json_array_end(&a->json);
		json_end_line(&a->json);
	} else if (!s.nr && !a->cli->quiet) {
		printf("no policy loaded\n");
	}
	snapshot_free(&s);
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

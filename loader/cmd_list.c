// SPDX-License-Identifier: GPL-2.0
/* list: the loaded policies. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpffs.h"
#include "cond_text.h"
#include "policy.h"
#include "store.h"
#include "wmibpf.h"

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
		cond_action_text(act, sizeof(act), m.default_action, m.default_error, m.default_flags);
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

const struct cli_verb verb_list = {
	.name = "list",
	.summary = "  list                     loaded policies\n",
	.usage =
	"Usage: wmibpf list [--json]\n"
	"\n"
	"List the loaded policies: name, device, rules, default, BPF objects.\n",
	.run = cmd_list,
};

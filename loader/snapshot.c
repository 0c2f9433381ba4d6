// SPDX-License-Identifier: GPL-2.0
/* Reading the loaded policies once (see snapshot.h). */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "snapshot.h"
#include "store.h"
#include "wmibpf.h"

/* Its monitors' losses, counted in its hit counters after the rules. */
static uint64_t read_lost(const char *bpffs, const struct snapshot_policy *p, int ncpus)
{
	char path[STORE_PATH_MAX];
	uint64_t lost;
	int fd;

	if (ncpus <= 0)
		return 0;
	store_path(path, bpffs, p->name, "hits");
	fd = bpf_obj_get(path);
	if (fd < 0)
		return 0;
	lost = store_hits(fd, WMI_RULE_LOST(p->meta.nr_rules), ncpus);
	close(fd);
	return lost;
}

static void read_policy(const char *bpffs, struct snapshot_policy *p, int ncpus)
{
	p->has_meta = !store_read_meta(bpffs, p->name, &p->meta);
	if (!p->has_meta) {
		/* a failed lookup may have written part of it */
		memset(&p->meta, 0, sizeof(p->meta));
		return;
	}
	p->nr_objects = p->meta.nr_objects < WMI_META_MAX_OBJS ? p->meta.nr_objects :
			WMI_META_MAX_OBJS;
	p->mode = store_read_mode(bpffs, p->name);
	p->lost = read_lost(bpffs, p, ncpus);
}

/* Move names[0..nr) to the end of s, owned by it from then on. */
static int add_names(struct snapshot *s, char **names, size_t nr, bool interrupted)
{
	struct snapshot_policy *grown;
	size_t i;

	if (!nr)
		return 0;
	grown = realloc(s->policies, (s->nr + nr) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	s->policies = grown;
	memset(&s->policies[s->nr], 0, nr * sizeof(*grown));
	for (i = 0; i < nr; i++) {
		struct snapshot_policy *p = &s->policies[s->nr + i];

		p->name = names[i];
		p->interrupted = interrupted;
		text_escape(p->name, NAME_MAX, p->shown, sizeof(p->shown));
	}
	s->nr += nr;
	return 0;
}

int snapshot_read(const char *bpffs, struct snapshot *s)
{
	char **loaded = NULL, **broken = NULL;
	size_t nr_loaded = 0, nr_broken = 0, i;
	int ncpus = libbpf_num_possible_cpus(), err;

	memset(s, 0, sizeof(*s));
	err = store_list(bpffs, &loaded, &nr_loaded);
	if (!err)
		err = store_list_interrupted(bpffs, &broken, &nr_broken);
	if (!err)
		err = add_names(s, loaded, nr_loaded, false);
	if (err) {
		free_names(loaded, nr_loaded);
		free_names(broken, nr_broken);
		return err;
	}
	/* the names are s's now: only the arrays that held them go */
	free(loaded);
	err = add_names(s, broken, nr_broken, true);
	if (err) {
		free_names(broken, nr_broken);
		snapshot_free(s);
		return err;
	}
	free(broken);
	for (i = 0; i < s->nr; i++)
		if (!s->policies[i].interrupted)
			read_policy(bpffs, &s->policies[i], ncpus);
	return 0;
}

void snapshot_free(struct snapshot *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		free(s->policies[i].name);
	free(s->policies);
	s->policies = NULL;
	s->nr = 0;
}

const char *snapshot_meta_text(const char *policy, const char *field, size_t size,
			       const char *what)
{
	if (memchr(field, '\0', size))
		return field;
	errmsg("policy %s: %s in its meta has no nul in its %zu bytes; shown as ?",
	       policy, what, size);
	return "?";
}

void snapshot_json_interrupted(struct json *j, const struct snapshot_policy *p)
{
	json_object_begin(j);
	json_kv_string(j, "name", p->name);
	json_kv_string(j, "state", "interrupted");
	json_object_end(j);
}

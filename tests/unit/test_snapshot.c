// SPDX-License-Identifier: GPL-2.0
/*
 * The policy snapshot (loader/snapshot.c) on a made-up bpffs: directories
 * as wmibpf lays them out (store.h), with regular files for pins. The
 * wrapped bpf_obj_get() opens such a file and bpf_map_lookup_elem() reads
 * the value from it, so a pin holds its map's entries back to back.
 */

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "snapshot.h"
#include "store.h"
#include "wmi_policy.h"

#define MAX_FDS		256

/* The leaf each fd the fake bpf_obj_get() opened was pinned as. */
static char fd_leaf[MAX_FDS][16];
static unsigned int meta_gets;

int __wrap_bpf_obj_get(const char *path)
{
	const char *leaf = strrchr(path, '/');
	int fd = open(path, O_RDONLY);

	leaf = leaf ? leaf + 1 : path;
	if (!strcmp(leaf, "meta"))
		meta_gets++;
	if (fd < 0)
		return -errno;
	assert_true(fd < MAX_FDS);
	snprintf(fd_leaf[fd], sizeof(fd_leaf[fd]), "%s", leaf);
	return fd;
}

/*
 * hits is per-CPU: an entry is one counter per possible CPU. The others
 * are arrays of one entry, the whole file.
 */
int __wrap_bpf_map_lookup_elem(int fd, const void *key, void *value)
{
	__u32 k = *(const __u32 *)key;
	struct stat st;
	size_t size;

	assert_true(fd >= 0 && fd < MAX_FDS && fd_leaf[fd][0]);
	assert_int_equal(fstat(fd, &st), 0);
	if (!strcmp(fd_leaf[fd], "hits"))
		size = libbpf_num_possible_cpus() * sizeof(uint64_t);
	else if (!k)
		size = st.st_size;
	else
		size = 0;
	if (!size || pread(fd, value, size, (off_t)k * size) != (ssize_t)size) {
		errno = ENOENT;
		return -1;
	}
	return 0;
}

static char root[] = "/tmp/wmibpf-snapshot-XXXXXX";
static char elsewhere[] = "/tmp/wmibpf-snapshot-elsewhere-XXXXXX";

static void dir(const char *top, const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", top, name);
	assert_int_equal(mkdir(path, 0700), 0);
}

static void pin(const char *top, const char *name, const char *leaf, const void *p, size_t len)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s/%s", top, name, leaf);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static void meta_of(struct wmi_policy_meta *m, const char *name, uint8_t guid0, bool table,
		    uint32_t nr_rules, uint32_t nr_objects)
{
	uint32_t k;

	memset(m, 0, sizeof(*m));
	snprintf(m->name, sizeof(m->name), "%s", name);
	snprintf(m->source, sizeof(m->source), "/etc/wmibpf/%s.yaml", name);
	m->loaded_at = 1700000000;
	m->guid[0] = guid0;
	m->has_table = table;
	m->nr_rules = nr_rules;
	m->default_action = WMI_ACTION_DENY;
	m->nr_objects = nr_objects;
	for (k = 0; k < nr_objects && k < WMI_META_MAX_OBJS; k++) {
		snprintf(m->objects[k].name, sizeof(m->objects[k].name), "obj%u", k);
		m->objects[k].guid[0] = 0x10 + k;
	}
}

/*
 * acme: a table policy in audit mode with an object, 3 rules and reports
 * lost at WMI_RULE_LOST(3), one per CPU; bare: two objects, no table, no
 * mode, no hits; nometa: a directory without pins; badmeta: a meta pin
 * that holds no entry; many: a meta claiming more objects than it has
 * room for. acme's replace and gone's load were interrupted.
 */
static int setup(void **state)
{
	int ncpus = libbpf_num_possible_cpus(), c;
	uint64_t *hits = calloc(ncpus * (WMI_RULE_LOST(3) + 1), sizeof(*hits));
	uint32_t mode = WMI_MODE_AUDIT;
	struct wmi_policy_meta m;
	char path[256], link[256];

	(void)state;
	if (!hits || !mkdtemp(root) || !mkdtemp(elsewhere))
		return -1;
	for (c = 0; c < ncpus; c++) {
		hits[1 * ncpus + c] = 100;			/* rule 1 */
		hits[WMI_RULE_LOST(3) * ncpus + c] = 1;
	}
	dir(root, "acme");
	meta_of(&m, "acme", 0xfe, true, 3, 1);
	pin(root, "acme", "meta", &m, sizeof(m));
	pin(root, "acme", "mode", &mode, sizeof(mode));
	pin(root, "acme", "hits", hits, ncpus * (WMI_RULE_LOST(3) + 1) * sizeof(*hits));
	pin(root, "acme", "link", "", 0);
	pin(root, "acme", "obj-obj0", "", 0);
	free(hits);

	dir(root, "bare");
	meta_of(&m, "bare", 0, false, 0, 2);
	pin(root, "bare", "meta", &m, sizeof(m));

	dir(root, "nometa");
	dir(root, "badmeta");
	pin(root, "badmeta", "meta", "", 0);

	dir(root, "many");
	meta_of(&m, "many", 0, true, 0, 1000);
	pin(root, "many", "meta", &m, sizeof(m));

	dir(root, STORE_STAGING "acme");
	meta_of(&m, "acme", 0xfe, true, 4, 0);
	pin(root, STORE_STAGING "acme", "meta", &m, sizeof(m));
	dir(root, STORE_STAGING "gone");

	/* Not policies: no policy name begins with "-" or "."; pins beside them. */
	dir(root, "-junk");
	dir(root, ".hidden");
	pin(root, ".", "monitors", "", 0);
	pin(root, ".", "monitor_slots", "", 0);
	/* a link is not a policy directory, wherever it points */
	dir(elsewhere, "evil");
	meta_of(&m, "evil", 0, true, 0, 0);
	pin(elsewhere, "evil", "meta", &m, sizeof(m));
	snprintf(path, sizeof(path), "%s/evil", elsewhere);
	snprintf(link, sizeof(link), "%s/evil", root);
	return symlink(path, link);
}

static int teardown(void **state)
{
	char cmd[256];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s %s", root, elsewhere);
	return system(cmd) ? -1 : 0;
}

static const struct snapshot_policy *find(const struct snapshot *s, const char *name,
					  bool interrupted)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		if (!strcmp(s->policies[i].name, name) && s->policies[i].interrupted == interrupted)
			return &s->policies[i];
	return NULL;
}

/* Loaded policies sorted, then interrupted loads sorted; nothing else. */
static void reads_what_is_loaded(void **state)
{
	static const char *const order[] = { "acme", "badmeta", "bare", "many", "nometa",
					     "acme", "gone" };
	struct snapshot s;
	size_t i;

	(void)state;
	meta_gets = 0;
	assert_int_equal(snapshot_read(root, &s), 0);
	assert_int_equal(s.nr, 7);
	for (i = 0; i < s.nr; i++) {
		assert_string_equal(s.policies[i].name, order[i]);
		assert_int_equal(s.policies[i].interrupted, i >= 5);
	}
	/* once each: the loaded policies' meta, never a staging one's */
	assert_int_equal(meta_gets, 5);
	/* and every pin opened was closed */
	for (i = 0; i < MAX_FDS; i++)
		if (fd_leaf[i][0])
			assert_int_equal(fcntl((int)i, F_GETFD), -1);
	snapshot_free(&s);
	assert_null(s.policies);
	assert_int_equal(s.nr, 0);
}

static void reads_meta_mode_and_losses(void **state)
{
	const struct snapshot_policy *p;
	struct snapshot s;

	(void)state;
	assert_int_equal(snapshot_read(root, &s), 0);

	p = find(&s, "acme", false);
	assert_non_null(p);
	assert_true(p->has_meta);
	assert_string_equal(p->meta.source, "/etc/wmibpf/acme.yaml");
	assert_int_equal(p->meta.guid[0], 0xfe);
	assert_true(p->meta.has_table);
	assert_int_equal(p->meta.nr_rules, 3);
	assert_int_equal(p->nr_objects, 1);
	assert_string_equal(p->meta.objects[0].name, "obj0");
	assert_int_equal(p->mode, WMI_MODE_AUDIT);
	/* one lost per CPU, not rule 1's hits */
	assert_int_equal(p->lost, libbpf_num_possible_cpus());

	/* no mode pin is enforce, no hits pin loses nothing */
	p = find(&s, "bare", false);
	assert_non_null(p);
	assert_true(p->has_meta);
	assert_false(p->meta.has_table);
	assert_int_equal(p->nr_objects, 2);
	assert_string_equal(p->meta.objects[1].name, "obj1");
	assert_int_equal(p->meta.objects[1].guid[0], 0x11);
	assert_int_equal(p->mode, WMI_MODE_ENFORCE);
	assert_int_equal(p->lost, 0);

	/* what meta claims is not trusted further than its array */
	p = find(&s, "many", false);
	assert_non_null(p);
	assert_int_equal(p->meta.nr_objects, 1000);
	assert_int_equal(p->nr_objects, WMI_META_MAX_OBJS);
	snapshot_free(&s);
}

/* What cannot be read is left zero, the policy listed all the same. */
static void unreadable_is_zero(void **state)
{
	static const struct wmi_policy_meta zero;
	const char *const names[] = { "nometa", "badmeta" };
	const struct snapshot_policy *p;
	struct snapshot s;
	size_t i;

	(void)state;
	assert_int_equal(snapshot_read(root, &s), 0);
	for (i = 0; i < 2; i++) {
		p = find(&s, names[i], false);
		assert_non_null(p);
		assert_false(p->has_meta);
		assert_memory_equal(&p->meta, &zero, sizeof(zero));
		assert_int_equal(p->nr_objects, 0);
		assert_int_equal(p->lost, 0);
	}
	snapshot_free(&s);
}

/*
 * An interrupted load: named without the staging prefix, its staged meta
 * not read (it may never act), beside the loaded acme it would replace.
 */
static void interrupted_loads(void **state)
{
	static const struct wmi_policy_meta zero;
	const struct snapshot_policy *p;
	struct snapshot s;

	(void)state;
	assert_int_equal(snapshot_read(root, &s), 0);
	p = find(&s, "acme", true);
	assert_non_null(p);
	assert_false(p->has_meta);
	assert_memory_equal(&p->meta, &zero, sizeof(zero));
	assert_non_null(find(&s, "gone", true));
	assert_null(find(&s, "gone", false));
	snapshot_free(&s);
}

/* list --json and status --json print an interrupted load as this, byte for byte. */
static void interrupted_json(void **state)
{
	struct snapshot s;
	struct json j;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	assert_int_equal(snapshot_read(root, &s), 0);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	json_init(&j, f, false);
	snapshot_json_interrupted(&j, find(&s, "acme", true));
	assert_int_equal(fclose(f), 0);
	assert_string_equal(text, "{\"name\":\"acme\",\"state\":\"interrupted\"}");
	free(text);
	snapshot_free(&s);
}

/* Links, dot and dash directories, pins: none is a policy. */
static void odd_entries_skipped(void **state)
{
	static const char *const odd[] = { "evil", "-junk", ".hidden", "monitors",
					   "monitor_slots", "-staging-acme", "-staging-gone",
					   "junk" };
	struct snapshot s;
	size_t i;

	(void)state;
	assert_int_equal(snapshot_read(root, &s), 0);
	for (i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
		assert_null(find(&s, odd[i], false));
		assert_null(find(&s, odd[i], true));
	}
	snapshot_free(&s);
}

/* No directory is no policy ever loaded; one that cannot be listed, an error. */
static void missing_and_unlistable(void **state)
{
	char path[256];
	struct snapshot s;

	(void)state;
	snprintf(path, sizeof(path), "%s/not-there", root);
	assert_int_equal(snapshot_read(path, &s), 0);
	assert_int_equal(s.nr, 0);
	snapshot_free(&s);

	snprintf(path, sizeof(path), "%s/monitors", root);
	assert_int_equal(snapshot_read(path, &s), -ENOTDIR);
	assert_int_equal(s.nr, 0);
	assert_null(s.policies);
	snapshot_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_what_is_loaded),
		cmocka_unit_test(reads_meta_mode_and_losses),
		cmocka_unit_test(unreadable_is_zero),
		cmocka_unit_test(interrupted_loads),
		cmocka_unit_test(interrupted_json),
		cmocka_unit_test(odd_entries_skipped),
		cmocka_unit_test(missing_and_unlistable),
	};

	return cmocka_run_group_tests_name("snapshot", tests, setup, teardown);
}

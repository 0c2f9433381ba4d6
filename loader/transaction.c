// SPDX-License-Identifier: GPL-2.0
/*
 * The load transaction (see transaction.h): the new version of a policy
 * staged, switched to link by link and committed, and the recovery that
 * puts right what an interrupted wmibpf left. Every step that changes
 * pinned or attached state is a fault point (fault.h), and the step names
 * WMIBPF_FAULT=trace prints are what the tests compare: they are part of
 * the contract, wmibpf(8) "LOADING AND REPLACING".
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "fault.h"
#include "log.h"
#include "store.h"
#include "transaction.h"
#include "wmibpf.h"

static void attach_init(struct transaction_attach *x, const char *leaf, struct bpf_map *map)
{
	memset(x, 0, sizeof(*x));
	snprintf(x->leaf, sizeof(x->leaf), "%s", leaf);
	store_ops_leaf(x->ops, sizeof(x->ops), leaf);
	x->map = map;
}

void transaction_add(struct transaction *t, const char *leaf, struct bpf_map *map)
{
	attach_init(&t->att[t->nr_att++], leaf, map);
}

/*
 * Make a struct_ops map ready to run (its programs written into it, as
 * BPF_MAP_UPDATE_ELEM does) without attaching it anywhere, so that it can
 * be swapped into a link in place. libbpf writes the map only in
 * bpf_map__attach_struct_ops(), which then creates a link: with no file
 * descriptor free below RLIMIT_NOFILE for that moment, the kernel fails
 * the link's creation (EMFILE, in bpf_link_prime()) before it registers
 * anything, so the map is left ready and attached nowhere.
 */
static int ops_prepare(struct bpf_map *map)
{
	struct rlimit old, lim;
	struct bpf_link *link;
	int lowest, err;

	lowest = fcntl(0, F_DUPFD_CLOEXEC, 0);
	if (lowest < 0)
		lowest = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (lowest < 0)
		return -errno;
	close(lowest);
	if (getrlimit(RLIMIT_NOFILE, &old))
		return -errno;
	lim = old;
	lim.rlim_cur = lowest;
	if (setrlimit(RLIMIT_NOFILE, &lim))
		return -errno;
	link = bpf_map__attach_struct_ops(map);
	err = link ? 0 : -errno;
	setrlimit(RLIMIT_NOFILE, &old);
	if (link) {
		/* Cannot be: never leave it attached beside the old one. */
		bpf_link__destroy(link);
		return -EBUSY;
	}
	return err == -EMFILE ? 0 : err;
}

static int pin_fd(int fd, const char *dir, const char *leaf)
{
	char path[STORE_PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/%s", dir, leaf);
	return bpf_obj_pin(fd, path) ? -errno : 0;
}

/* A new link for a ready struct_ops map, pinned at dir/leaf. */
static int attach_new(struct transaction_attach *x, const char *dir)
{
	int fd, err;

	fd = bpf_link_create(bpf_map__fd(x->map), 0, BPF_STRUCT_OPS, NULL);
	if (fd < 0)
		return -errno;
	err = pin_fd(fd, dir, x->leaf);
	if (err)
		bpf_link_detach(fd);
	close(fd);
	return err;
}

/* Swap the new programs into the policy's link, if it still runs its ops pin's. */
static int attach_swap(struct transaction_attach *x, const char *dir)
{
	char path[STORE_PATH_MAX + 64];
	LIBBPF_OPTS(bpf_link_update_opts, opts, .flags = BPF_F_REPLACE);
	int link_fd, old_fd, err = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, x->ops);
	old_fd = bpf_obj_get(path);
	if (old_fd < 0)
		return -errno;
	opts.old_map_fd = old_fd;
	snprintf(path, sizeof(path), "%s/%s", dir, x->leaf);
	link_fd = bpf_obj_get(path);
	if (link_fd < 0)
		err = -errno;
	else if (bpf_link_update(link_fd, bpf_map__fd(x->map), &opts))
		err = -errno;
	if (link_fd >= 0)
		close(link_fd);
	close(old_fd);
	return err;
}

/*
 * Every link of a loaded policy gets an ops pin naming the programs it
 * runs before anything is swapped, so that an interrupted replace can be
 * undone (policies loaded by an older wmibpf have none).
 */
static int adopt_links(const char *dir)
{
	char **pins = NULL, path[STORE_PATH_MAX + 64], ops[64];
	struct bpf_link_info info;
	size_t nr = 0, i;
	int err, link_fd, map_fd;
	__u32 len;

	err = list_names(dir, NULL, NULL, &pins, &nr);
	for (i = 0; !err && i < nr; i++) {
		if (!store_is_link(pins[i]))
			continue;
		store_ops_leaf(ops, sizeof(ops), pins[i]);
		snprintf(path, sizeof(path), "%s/%s", dir, ops);
		if (!access(path, F_OK))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, pins[i]);
		link_fd = bpf_obj_get(path);
		if (link_fd < 0) {
			err = -errno;
			break;
		}
		memset(&info, 0, sizeof(info));
		len = sizeof(info);
		err = bpf_link_get_info_by_fd(link_fd, &info, &len) ? -errno : 0;
		close(link_fd);
		if (err)
			break;
		map_fd = bpf_map_get_fd_by_id(info.struct_ops.map_id);
		if (map_fd < 0) {
			err = -errno;
			break;
		}
		err = pin_fd(map_fd, dir, ops);
		close(map_fd);
	}
	free_names(pins, nr);
	return err;
}

static const char *step_error(int err, char *buf, size_t size)
{
	if (err == -E2BIG)
		snprintf(buf, size, "the device runs %d programs already, the most it may",
			 WMI_DEVICE_MAX_PROGS);
	else
		snprintf(buf, size, "%s", strerror(-err));
	return buf;
}

int transaction_begin(struct transaction *t)
{
	char dir[STORE_PATH_MAX];
	int ret, how, err;
	size_t i;

	t->exists = false;
	memset(&t->old, 0, sizeof(t->old));
	ret = store_lock(t->bpffs, t->quiet, &t->lock);
	if (ret)
		return ret;
	/* What an interrupted load left is put right first. */
	how = transaction_recover(t->bpffs, t->name);
	if (how < 0) {
		transaction_end(t);
		return EXIT_FAILED;
	}
	if (how > 0 && !t->quiet)
		printf("%s: %s an interrupted load\n", t->name, how == 1 ? "undid" : "completed");

	store_path(dir, t->bpffs, t->name, NULL);
	err = store_trusted(dir);
	if (err && err != -ENOENT) {
		transaction_end(t);
		return store_untrusted(dir, err);
	}
	t->exists = !err;
	if (t->exists && store_read_meta(t->bpffs, t->name, &t->old))
		memset(&t->old, 0, sizeof(t->old));
	for (i = 0; i < t->nr_att; i++) {
		char path[STORE_PATH_MAX + 64];

		snprintf(path, sizeof(path), "%s/%s", dir, t->att[i].leaf);
		t->att[i].replaces = t->exists && !access(path, F_OK);
	}
	return EXIT_OK;
}

void transaction_end(struct transaction *t)
{
	store_unlock(t->lock);
	t->lock = -1;
}

/*
 * Build the new version in the staging directory, then switch: attach
 * (a first load) or swap each link in place (a replace), and commit. See
 * "LOADING AND REPLACING" in wmibpf(8).
 */
int transaction_commit(struct transaction *t, const struct wmi_policy_meta *meta)
{
	static const char *const maps[] = { "rules", "conds", "hits", "mode" };
	const char *bpffs = t->bpffs;
	char dir[STORE_PATH_MAX], staging[STORE_PATH_MAX], step[80], why[128];
	bool committed = false;
	__u32 zero = 0;
	size_t i;
	int err;

	if (bpf_map__update_elem(t->meta, &zero, sizeof(zero), meta, sizeof(*meta), BPF_ANY))
		return bpf_failure("writing the policy's meta data", -errno);

	store_path(dir, bpffs, t->name, NULL);
	store_staging_path(staging, bpffs, t->name, NULL);
	/* A replace keeps the mode (wmibpf mode) the policy runs in. */
	if (t->exists && t->has_table) {
		__u32 mode = store_read_mode(bpffs, t->name);

		if (bpf_map__update_elem(t->mode, &zero, sizeof(zero), &mode, sizeof(mode),
					 BPF_ANY))
			return bpf_failure("writing the policy's mode", -errno);
	}

	snprintf(step, sizeof(step), "adopt");
	err = t->exists ? fault_at(step) : 0;
	if (!err && t->exists)
		err = adopt_links(dir);
	if (err)
		goto fail;

	snprintf(step, sizeof(step), "stage");
	err = fault_at(step);
	if (!err && mkdir(staging, 0700))
		err = -errno;
	if (err)
		goto fail;
	for (i = 0; t->has_table && i < sizeof(maps) / sizeof(maps[0]); i++) {
		snprintf(step, sizeof(step), "stage:%s", maps[i]);
		err = fault_at(step);
		if (!err)
			err = pin_fd(bpf_map__fd(bpf_object__find_map_by_name(t->table, maps[i])),
				     staging, maps[i]);
		if (err)
			goto fail;
	}
	snprintf(step, sizeof(step), "stage:meta");
	err = fault_at(step);
	if (!err)
		err = pin_fd(bpf_map__fd(t->meta), staging, "meta");
	if (err)
		goto fail;

	for (i = 0; i < t->nr_att; i++) {
		snprintf(step, sizeof(step), "prepare:%s", t->att[i].leaf);
		err = fault_at(step);
		if (!err)
			err = ops_prepare(t->att[i].map);
		if (!err)
			err = pin_fd(bpf_map__fd(t->att[i].map), staging, t->att[i].ops);
		if (err)
			goto fail;
	}

	/* The switch: from here on calls see the new programs, link by link. */
	for (i = 0; i < t->nr_att; i++) {
		struct transaction_attach *x = &t->att[i];

		snprintf(step, sizeof(step), "%s:%s", x->replaces ? "update" : "attach", x->leaf);
		err = fault_at(step);
		if (!err)
			err = x->replaces ? attach_swap(x, dir) : attach_new(x, staging);
		if (err)
			goto fail;
	}

	snprintf(step, sizeof(step), "commit");
	err = fault_at(step);
	if (!err && !t->exists && rename(staging, dir))
		err = -errno;
	if (!err && t->exists)
		err = pin_fd(bpf_map__fd(t->meta), staging, "commit");
	if (err)
		goto fail;
	committed = true;

	/* Committed: the rest only moves pins, and is redone by a later run. */
	if (t->exists) {
		snprintf(step, sizeof(step), "finish");
		err = transaction_forward(bpffs, t->name);
		if (err)
			goto fail;
	}
	return EXIT_OK;

fail:
	if (committed) {
		errmsg("%s: the new version of %s acts, but moving its pins into %s failed (%s); "
		       "the next wmibpf load or unload of %s finishes it", t->source, t->name,
		       dir, strerror(-err), t->name);
		return EXIT_FAILED;
	}
	errmsg("%s: %s failed (%s); %s", t->source, step, step_error(err, why, sizeof(why)),
	       t->exists ? "the policy loaded before stays as it was" : "nothing was loaded");
	err = transaction_rollback(bpffs, t->name);
	if (err)
		errmsg("%s: undoing it failed too (%s); the next wmibpf load or unload of %s "
		       "does", staging, strerror(-err), t->name);
	/* libbpf's messages (log.h), which may say more of why the kernel refused. */
	fputs(log_text(), stderr);
	log_reset();
	return EXIT_FAILED;
}

/*
 * Recovery: a staging directory found under the lock is what a killed wmibpf
 * left; its "commit" pin says which way to finish it.
 */

static int map_id_of(int fd, __u32 *id)
{
	struct bpf_map_info info = { };
	__u32 len = sizeof(info);

	if (bpf_map_get_info_by_fd(fd, &info, &len))
		return -errno;
	*id = info.id;
	return 0;
}

static int link_map_id(int fd, __u32 *id)
{
	struct bpf_link_info info = { };
	__u32 len = sizeof(info);

	if (bpf_link_get_info_by_fd(fd, &info, &len))
		return -errno;
	*id = info.struct_ops.map_id;
	return 0;
}

/*
 * Put a link back on the programs its ops pin names, if it runs others.
 * Without an ops pin the link was never swapped (wmibpf pins it first).
 */
static int restore_link(const char *dir, const char *leaf)
{
	char path[STORE_PATH_MAX + 64], ops[64];
	__u32 cur = 0, want = 0;
	int link_fd, ops_fd, err = 0;

	store_ops_leaf(ops, sizeof(ops), leaf);
	snprintf(path, sizeof(path), "%s/%s", dir, ops);
	ops_fd = bpf_obj_get(path);
	if (ops_fd < 0)
		return errno == ENOENT ? 0 : -errno;
	snprintf(path, sizeof(path), "%s/%s", dir, leaf);
	link_fd = bpf_obj_get(path);
	if (link_fd < 0) {
		err = -errno;
		goto out;
	}
	err = link_map_id(link_fd, &cur);
	if (!err)
		err = map_id_of(ops_fd, &want);
	if (!err && cur != want) {
		err = fault_at("restore");
		if (!err && bpf_link_update(link_fd, ops_fd, NULL))
			err = -errno;
	}
	close(link_fd);
out:
	close(ops_fd);
	return err;
}

int transaction_rollback(const char *bpffs, const char *name)
{
	char dir[STORE_PATH_MAX], staging[STORE_PATH_MAX], **pins = NULL;
	size_t nr = 0, i;
	int ret = 0, err;

	store_path(dir, bpffs, name, NULL);
	store_staging_path(staging, bpffs, name, NULL);
	err = list_names(dir, NULL, NULL, &pins, &nr);
	if (err && err != -ENOENT)
		return err;
	for (i = 0; i < nr; i++) {
		if (!store_is_link(pins[i]))
			continue;
		err = restore_link(dir, pins[i]);
		if (err && !ret)
			ret = err;
	}
	free_names(pins, nr);
	/* The old programs run again: what was staged can go. */
	if (!ret) {
		ret = store_remove_dir(staging);
		if (ret == -ENOENT)
			ret = 0;
	}
	return ret;
}

/* Does the committed version have this pin? */
static bool expected(const struct wmi_policy_meta *m, const char *leaf)
{
	static const char *const table[] = { "link", "ops", "rules", "conds", "hits", "mode" };
	size_t i;

	if (!strcmp(leaf, "meta"))
		return true;
	for (i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (!strcmp(leaf, table[i]))
			return m->has_table;
	if (strncmp(leaf, "obj-", 4) && strncmp(leaf, "ops-", 4))
		return false;
	for (i = 0; i < m->nr_objects && i < WMI_META_MAX_OBJS; i++)
		if (!strncmp(m->objects[i].name, leaf + 4, sizeof(m->objects[i].name)) &&
		    strlen(leaf + 4) < sizeof(m->objects[i].name))
			return true;
	return false;
}

int transaction_forward(const char *bpffs, const char *name)
{
	char dir[STORE_PATH_MAX], staging[STORE_PATH_MAX], from[STORE_PATH_MAX + 256];
	char to[STORE_PATH_MAX + 256], **pins = NULL;
	struct wmi_policy_meta m;
	size_t nr = 0, i;
	int pass, err;

	store_path(dir, bpffs, name, NULL);
	store_staging_path(staging, bpffs, name, NULL);
	store_staging_path(from, bpffs, name, "meta");
	err = store_read_meta_at(from, &m);
	if (err == -ENOENT) {
		/* Moved already: the policy's own meta is the new one. */
		store_path(from, bpffs, name, "meta");
		err = store_read_meta_at(from, &m);
	}
	if (err)
		return err;

	/*
	 * What the new version no longer has goes first, its links before
	 * the rest: from the commit on, no old program runs beside the new.
	 */
	err = list_names(dir, NULL, NULL, &pins, &nr);
	if (err == -ENOENT)
		err = 0;
	if (err)
		return err;
	for (pass = 0; pass < 2 && !err; pass++)
		for (i = 0; i < nr && !err; i++)
			if (store_is_link(pins[i]) == !pass && !expected(&m, pins[i]))
				err = store_remove_pin(dir, pins[i]);
	free_names(pins, nr);
	if (err)
		return err;

	if (mkdir(dir, 0700) && errno != EEXIST)
		return -errno;
	err = list_names(staging, NULL, NULL, &pins, &nr);
	if (err)
		return err;
	for (i = 0; i < nr; i++) {
		if (!strcmp(pins[i], "commit"))
			continue;
		err = fault_at("move");
		snprintf(from, sizeof(from), "%s/%s", staging, pins[i]);
		snprintf(to, sizeof(to), "%s/%s", dir, pins[i]);
		if (err || rename(from, to)) {
			err = err ? err : -errno;
			free_names(pins, nr);
			return err;
		}
	}
	free_names(pins, nr);

	store_staging_path(from, bpffs, name, "commit");
	if (unlink(from) && errno != ENOENT)
		return -errno;
	if (rmdir(staging) && errno != ENOENT)
		return -errno;
	return 0;
}

int transaction_recover(const char *bpffs, const char *name)
{
	char staging[STORE_PATH_MAX], path[STORE_PATH_MAX];
	int err;

	store_staging_path(staging, bpffs, name, NULL);
	err = store_trusted(staging);
	if (err == -ENOENT)
		return 0;
	if (err) {
		store_untrusted(staging, err);
		return err;
	}
	store_staging_path(path, bpffs, name, "commit");
	if (!access(path, F_OK)) {
		err = transaction_forward(bpffs, name);
		if (err)
			errmsg("%s: completing an interrupted load of %s: %s", staging, name,
			       strerror(-err));
		return err ? err : 2;
	}
	err = transaction_rollback(bpffs, name);
	if (err)
		errmsg("%s: undoing an interrupted load of %s: %s", staging, name, strerror(-err));
	return err ? err : 1;
}

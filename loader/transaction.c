// SPDX-License-Identifier: GPL-2.0
/*
 * The load transaction (see transaction.h): for now its recovery, which
 * puts right what an interrupted wmibpf left in the staging directory.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "fault.h"
#include "store.h"
#include "transaction.h"
#include "wmibpf.h"

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

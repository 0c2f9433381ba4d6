// SPDX-License-Identifier: GPL-2.0
/* The bpffs layout of loaded policies, its lock and its recovery (see store.h). */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "bpffs.h"
#include "fault.h"
#include "store.h"
#include "wmibpf.h"

void store_path(char *buf, const char *bpffs, const char *name, const char *leaf)
{
	if (leaf)
		snprintf(buf, STORE_PATH_MAX, "%s/%s/%s", bpffs, name, leaf);
	else
		snprintf(buf, STORE_PATH_MAX, "%s/%s", bpffs, name);
}

void store_staging_path(char *buf, const char *bpffs, const char *name, const char *leaf)
{
	if (leaf)
		snprintf(buf, STORE_PATH_MAX, "%s/" STORE_STAGING "%s/%s", bpffs, name, leaf);
	else
		snprintf(buf, STORE_PATH_MAX, "%s/" STORE_STAGING "%s", bpffs, name);
}

void store_ops_leaf(char *buf, size_t size, const char *link_leaf)
{
	if (!strncmp(link_leaf, "obj-", 4))
		snprintf(buf, size, "ops-%s", link_leaf + 4);
	else
		snprintf(buf, size, "ops");
}

bool store_is_link(const char *leaf)
{
	return !strcmp(leaf, "link") || !strncmp(leaf, "obj-", 4);
}

static bool is_policy_dir(const struct dirent *e, void *arg)
{
	(void)arg;
	return e->d_type == DT_DIR && e->d_name[0] != '-';
}

static bool is_staging_dir(const struct dirent *e, void *arg)
{
	(void)arg;
	return e->d_type == DT_DIR && !strncmp(e->d_name, STORE_STAGING, strlen(STORE_STAGING));
}

static bool is_object_link(const struct dirent *e, void *arg)
{
	(void)arg;
	return e->d_type != DT_DIR && !strncmp(e->d_name, "obj-", 4);
}

int store_list(const char *bpffs, char ***names, size_t *nr)
{
	int ret = list_names(bpffs, is_policy_dir, NULL, names, nr);

	/* No policy was ever loaded. */
	return ret == -ENOENT ? 0 : ret;
}

int store_list_interrupted(const char *bpffs, char ***names, size_t *nr)
{
	size_t i, skip = strlen(STORE_STAGING);
	int ret = list_names(bpffs, is_staging_dir, NULL, names, nr);

	if (ret)
		return ret == -ENOENT ? 0 : ret;
	for (i = 0; i < *nr; i++)
		memmove((*names)[i], (*names)[i] + skip, strlen((*names)[i]) - skip + 1);
	return 0;
}

int store_find(const char *bpffs, const char *name)
{
	char path[STORE_PATH_MAX];
	struct stat st;
	int ret = bpffs_require(bpffs);

	if (ret)
		return ret;
	store_path(path, bpffs, name, NULL);
	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		return EXIT_OK;
	if (!stat(path, &st) || errno == ENOENT) {
		errmsg("no policy named %s is loaded", name);
		return EXIT_NOT_FOUND;
	}
	/* Not "not loaded": bpffs lets only root look (EACCES), it may well be. */
	return bpf_failure(path, -errno);
}

int store_trusted(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	if (st.st_uid != geteuid() || (st.st_mode & 022))
		return -EPERM;
	return 0;
}

int store_untrusted(const char *path, int err)
{
	struct stat st;

	if (err == -EPERM && !lstat(path, &st))
		errmsg("%s: owned by uid %u, mode %04o: whoever may write to it can remove what "
		       "is pinned in it, so no policy goes there (wmibpf makes it uid %u's alone, "
		       "mode 0700); remove it (rm -r %s) and load again", path,
		       (unsigned int)st.st_uid, (unsigned int)(st.st_mode & 07777),
		       (unsigned int)geteuid(), path);
	else if (err == -ENOTDIR)
		errmsg("%s: not a directory (or a symbolic link): no policy goes there", path);
	else
		bpf_failure(path, err);
	return EXIT_FAILED;
}

int store_lock(const char *bpffs, bool quiet, int *fd)
{
	int err;

	*fd = -1;
	if (mkdir(bpffs, 0700) && errno != EEXIST)
		return bpf_failure(bpffs, -errno);
	err = store_trusted(bpffs);
	if (err)
		return store_untrusted(bpffs, err);
	*fd = open(bpffs, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (*fd < 0)
		return bpf_failure(bpffs, -errno);
	if (!flock(*fd, LOCK_EX | LOCK_NB))
		return EXIT_OK;
	if (errno == EWOULDBLOCK) {
		if (!quiet)
			errmsg("waiting for another wmibpf to finish with %s", bpffs);
		if (!flock(*fd, LOCK_EX))
			return EXIT_OK;
	}
	err = -errno;
	close(*fd);
	*fd = -1;
	return bpf_failure(bpffs, err);
}

void store_unlock(int fd)
{
	if (fd >= 0)
		close(fd);	/* and with it the lock */
}

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

/* Detach a link pin's link, whoever else holds it, then unlink the pin. */
static int remove_pin(const char *dir, const char *leaf)
{
	char path[STORE_PATH_MAX + 256];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, leaf);
	if (store_is_link(leaf)) {
		fd = bpf_obj_get(path);
		if (fd >= 0) {
			bpf_link_detach(fd);
			close(fd);
		}
	}
	if (unlink(path) && errno != ENOENT)
		return -errno;
	return 0;
}

int store_remove_dir(const char *dir)
{
	char **pins;
	size_t nr, i;
	int pass, ret, err;

	ret = list_names(dir, NULL, NULL, &pins, &nr);
	if (ret)
		return ret;
	/* Links first: the policy stops acting before its maps go. */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < nr; i++) {
			if (store_is_link(pins[i]) != !pass)
				continue;
			err = remove_pin(dir, pins[i]);
			if (err && !ret)
				ret = err;
		}
	}
	free_names(pins, nr);
	if (rmdir(dir) && !ret)
		ret = -errno;
	return ret;
}

int store_rollback(const char *bpffs, const char *name)
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

static int read_meta_at(const char *path, struct wmi_policy_meta *meta)
{
	__u32 key = 0;
	int fd, ret;

	fd = bpf_obj_get(path);
	if (fd < 0)
		return -errno;
	ret = bpf_map_lookup_elem(fd, &key, meta) ? -errno : 0;
	close(fd);
	return ret;
}

int store_forward(const char *bpffs, const char *name)
{
	char dir[STORE_PATH_MAX], staging[STORE_PATH_MAX], from[STORE_PATH_MAX + 256];
	char to[STORE_PATH_MAX + 256], **pins = NULL;
	struct wmi_policy_meta m;
	size_t nr = 0, i;
	int pass, err;

	store_path(dir, bpffs, name, NULL);
	store_staging_path(staging, bpffs, name, NULL);
	store_staging_path(from, bpffs, name, "meta");
	err = read_meta_at(from, &m);
	if (err == -ENOENT) {
		/* Moved already: the policy's own meta is the new one. */
		store_path(from, bpffs, name, "meta");
		err = read_meta_at(from, &m);
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
				err = remove_pin(dir, pins[i]);
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

int store_recover(const char *bpffs, const char *name)
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
		err = store_forward(bpffs, name);
		if (err)
			errmsg("%s: completing an interrupted load of %s: %s", staging, name,
			       strerror(-err));
		return err ? err : 2;
	}
	err = store_rollback(bpffs, name);
	if (err)
		errmsg("%s: undoing an interrupted load of %s: %s", staging, name, strerror(-err));
	return err ? err : 1;
}

const char *store_mode_name(uint32_t mode)
{
	return mode == WMI_MODE_AUDIT ? "audit" : "enforce";
}

uint64_t store_hits(int fd, uint32_t id, int ncpus)
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

uint32_t store_read_mode(const char *bpffs, const char *name)
{
	char path[STORE_PATH_MAX];
	__u32 key = 0, mode = WMI_MODE_ENFORCE;
	int fd;

	store_path(path, bpffs, name, "mode");
	fd = bpf_obj_get(path);
	if (fd < 0)
		return WMI_MODE_ENFORCE;
	if (bpf_map_lookup_elem(fd, &key, &mode))
		mode = WMI_MODE_ENFORCE;
	close(fd);
	return mode;
}

int store_write_mode(const char *bpffs, const char *name, uint32_t mode)
{
	char path[STORE_PATH_MAX];
	__u32 key = 0;
	int fd, ret;

	store_path(path, bpffs, name, "mode");
	fd = bpf_obj_get(path);
	if (fd < 0)
		return -errno;
	ret = bpf_map_update_elem(fd, &key, &mode, BPF_ANY) ? -errno : 0;
	close(fd);
	return ret;
}

int store_read_meta(const char *bpffs, const char *name, struct wmi_policy_meta *meta)
{
	char path[STORE_PATH_MAX];

	store_path(path, bpffs, name, "meta");
	return read_meta_at(path, meta);
}

int store_list_objects(const char *bpffs, const char *name, char ***maps, size_t *nr)
{
	char path[STORE_PATH_MAX];
	size_t i;
	int ret;

	store_path(path, bpffs, name, NULL);
	ret = list_names(path, is_object_link, NULL, maps, nr);
	if (ret == -ENOENT)
		return 0;
	for (i = 0; !ret && i < *nr; i++)
		memmove((*maps)[i], (*maps)[i] + 4, strlen((*maps)[i]) - 3);
	return ret;
}

int store_remove(const char *bpffs, const char *name)
{
	char dir[STORE_PATH_MAX];

	store_path(dir, bpffs, name, NULL);
	return store_remove_dir(dir);
}

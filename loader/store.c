// SPDX-License-Identifier: GPL-2.0
/*
 * The bpffs layout of loaded policies and its lock (see store.h); the load
 * transaction that writes it, and its recovery, are transaction.c's.
 */

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

/* Detach a link pin's link, whoever else holds it, then unlink the pin. */
int store_remove_pin(const char *dir, const char *leaf)
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
			err = store_remove_pin(dir, pins[i]);
			if (err && !ret)
				ret = err;
		}
	}
	free_names(pins, nr);
	if (rmdir(dir) && !ret)
		ret = -errno;
	return ret;
}

int store_read_meta_at(const char *path, struct wmi_policy_meta *meta)
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
	return store_read_meta_at(path, meta);
}

int store_remove(const char *bpffs, const char *name)
{
	char dir[STORE_PATH_MAX];

	store_path(dir, bpffs, name, NULL);
	return store_remove_dir(dir);
}

// SPDX-License-Identifier: GPL-2.0
/* The bpffs layout of loaded policies (see store.h). */

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static bool is_dir(const struct dirent *e, void *arg)
{
	(void)arg;
	return e->d_type == DT_DIR;
}

static bool is_object_link(const struct dirent *e, void *arg)
{
	(void)arg;
	return e->d_type != DT_DIR && !strncmp(e->d_name, "obj-", 4);
}

int store_list(const char *bpffs, char ***names, size_t *nr)
{
	int ret = list_names(bpffs, is_dir, NULL, names, nr);

	/* No policy was ever loaded. */
	return ret == -ENOENT ? 0 : ret;
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

int store_read_meta(const char *bpffs, const char *name, struct wmi_policy_meta *meta)
{
	char path[STORE_PATH_MAX];
	__u32 key = 0;
	int fd, ret;

	store_path(path, bpffs, name, "meta");
	fd = bpf_obj_get(path);
	if (fd < 0)
		return -errno;
	ret = bpf_map_lookup_elem(fd, &key, meta) ? -errno : 0;
	close(fd);
	return ret;
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

static bool is_link(const char *leaf)
{
	return !strcmp(leaf, "link") || !strncmp(leaf, "obj-", 4);
}

int store_remove(const char *bpffs, const char *name)
{
	char dir[STORE_PATH_MAX], path[STORE_PATH_MAX + 256], **pins;
	size_t nr, i;
	int pass, ret;

	store_path(dir, bpffs, name, NULL);
	ret = list_names(dir, NULL, NULL, &pins, &nr);
	if (ret)
		return ret;
	/* Links first: the policy stops acting before its maps go. */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < nr; i++) {
			if (is_link(pins[i]) != !pass)
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, pins[i]);
			if (unlink(path) && errno != ENOENT && !ret)
				ret = -errno;
		}
	}
	free_names(pins, nr);
	if (rmdir(dir) && !ret)
		ret = -errno;
	return ret;
}

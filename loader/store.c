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

#include "store.h"

void store_path(char *buf, const char *bpffs, const char *name, const char *leaf)
{
	if (leaf)
		snprintf(buf, STORE_PATH_MAX, "%s/%s/%s", bpffs, name, leaf);
	else
		snprintf(buf, STORE_PATH_MAX, "%s/%s", bpffs, name);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Entries of dir (directories if dirs, else the rest) starting with prefix. */
static int list_dir(const char *dir, bool dirs, const char *prefix, char ***out, size_t *nr)
{
	char **names = NULL, **n;
	struct dirent *e;
	size_t count = 0;
	DIR *d;

	*out = NULL;
	*nr = 0;
	d = opendir(dir);
	if (!d)
		return errno == ENOENT ? 0 : -errno;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || (e->d_type == DT_DIR) != dirs ||
		    strncmp(e->d_name, prefix, strlen(prefix)))
			continue;
		n = realloc(names, (count + 1) * sizeof(*names));
		if (!n)
			goto nomem;
		names = n;
		names[count] = strdup(e->d_name + strlen(prefix));
		if (!names[count])
			goto nomem;
		count++;
	}
	closedir(d);
	if (count)
		qsort(names, count, sizeof(*names), cmp_str);
	*out = names;
	*nr = count;
	return 0;
nomem:
	closedir(d);
	store_free_names(names, count);
	return -ENOMEM;
}

int store_list(const char *bpffs, char ***names, size_t *nr)
{
	return list_dir(bpffs, true, "", names, nr);
}

void store_free_names(char **names, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(names[i]);
	free(names);
}

bool store_exists(const char *bpffs, const char *name)
{
	char path[STORE_PATH_MAX];
	struct stat st;

	store_path(path, bpffs, name, NULL);
	return !stat(path, &st) && S_ISDIR(st.st_mode);
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

	store_path(path, bpffs, name, NULL);
	return list_dir(path, false, "obj-", maps, nr);
}

int store_remove(const char *bpffs, const char *name)
{
	static const char *const order[] = { "link", "obj-", "" };
	char dir[STORE_PATH_MAX], path[STORE_PATH_MAX + 256];
	struct dirent *e;
	size_t i;
	DIR *d;
	int ret = 0;

	store_path(dir, bpffs, name, NULL);
	/* Links first: the policy stops acting before its maps go. */
	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		d = opendir(dir);
		if (!d)
			return -errno;
		while ((e = readdir(d))) {
			if (e->d_name[0] == '.' || strncmp(e->d_name, order[i], strlen(order[i])))
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			if (unlink(path) && errno != ENOENT)
				ret = -errno;
		}
		closedir(d);
	}
	if (rmdir(dir) && !ret)
		ret = -errno;
	return ret;
}

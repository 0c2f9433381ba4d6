// SPDX-License-Identifier: GPL-2.0
/* A WMI device as sysfs shows it, and which devices alias one another. */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "device_info.h"
#include "wmibpf.h"

/*
 * What makes a device an alias of another: its kind, its object or notify
 * id and its mapper, into d (zeroed, named); the directory in dir. Alone
 * for device_aliases(), which every load and check runs: the attributes
 * beyond these are a dozen reads more per device, each a syscall into
 * sysfs, that neither needs.
 */
static void device_identity_read(const char *sysdir, const char *name, struct device_info *d,
				 char *dir, size_t size)
{
	char path[PATH_MAX + 64], uevent[1024];
	const char *devtype;
	ssize_t n;
	FILE *f;

	memset(d, 0, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "%s", name);
	snprintf(dir, size, "%.2048s/%.255s", sysdir, name);

	snprintf(path, sizeof(path), "%s/uevent", dir);
	f = fopen(path, "r");
	if (f) {
		n = fread(uevent, 1, sizeof(uevent) - 1, f);
		uevent[n > 0 ? n : 0] = '\0';
		fclose(f);
		devtype = strstr(uevent, "DEVTYPE=");
		if (devtype)
			sscanf(devtype, "DEVTYPE=%15s", d->kind);
	}
	read_attr(dir, strcmp(d->kind, "event") ? "object_id" : "notify_id", d->id,
		  sizeof(d->id));
	if (realpath(dir, path) && strrchr(path, '/')) {
		*strrchr(path, '/') = '\0';
		snprintf(d->mapper, sizeof(d->mapper), "%.255s", path);
	}
}

void device_info_read(const char *sysdir, const char *devdir, const char *name,
		      struct device_info *d)
{
	char dir[PATH_MAX], path[PATH_MAX + 64], link[PATH_MAX], flag[4] = "";
	ssize_t n;

	device_identity_read(sysdir, name, d, dir, sizeof(dir));
	read_attr(dir, "instance_count", d->instances, sizeof(d->instances));
	read_attr(dir, "expensive", d->expensive, sizeof(d->expensive));
	read_attr(dir, "setable", d->setable, sizeof(d->setable));
	read_attr(dir, "claimed_methods", d->claimed, sizeof(d->claimed));
	/* A data block is claimed whole; kernels before block claims lack the file. */
	read_attr(dir, "claimed", flag, sizeof(flag));
	d->claimed_block = !strcmp(d->kind, "data") && flag[0] == '1';
	read_attr(dir, "shared_methods", d->shared, sizeof(d->shared));
	read_attr_lines(dir, "guid_users", d->guid_users, sizeof(d->guid_users));

	snprintf(path, sizeof(path), "%s/driver", dir);
	n = readlink(path, link, sizeof(link) - 1);
	if (n > 0) {
		link[n] = '\0';
		snprintf(d->driver, sizeof(d->driver), "%.63s", strrchr(link, '/') ?
			 strrchr(link, '/') + 1 : link);
	}
	if (devdir) {
		snprintf(path, sizeof(path), "%.2048s/%.255s", devdir, name);
		d->node = !access(path, F_OK);
	}
}

bool device_is_alias(const struct device_info *a, const struct device_info *b)
{
	return a != b && a->mapper[0] && !strcmp(a->mapper, b->mapper) &&
	       !strcmp(a->kind, b->kind) && a->id[0] && !strcmp(a->id, b->id);
}

static size_t root(size_t *parent, size_t i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

/*
 * Rules are keyed by GUID, and a GUID may be two devices' (GUID-1): X an
 * alias of Y on one mapper, and X-1 of Z on another, make Y, X and Z one
 * group to a policy. The pairs become every pair of each group, both ways.
 */
static int close_groups(struct wmi_alias **pairs, size_t *nr)
{
	struct wmi_guid *g = calloc(2 * *nr + 1, sizeof(*g));
	size_t *parent = calloc(2 * *nr + 1, sizeof(*parent));
	size_t i, j, ng = 0, n = 0, a, b;
	struct wmi_alias *out = NULL;

	if (!g || !parent)
		goto fail;
	for (i = 0; i < *nr; i++) {
		const struct wmi_guid *pg[2] = { &(*pairs)[i].guid, &(*pairs)[i].alias };

		for (a = 0; a < 2; a++) {
			for (j = 0; j < ng && !wmi_guid_equal(&g[j], pg[a]); j++)
				;
			if (j == ng) {
				g[ng] = *pg[a];
				parent[ng] = ng;
				ng++;
			}
		}
	}
	for (i = 0; i < *nr; i++) {
		for (a = 0; !wmi_guid_equal(&g[a], &(*pairs)[i].guid); a++)
			;
		for (b = 0; !wmi_guid_equal(&g[b], &(*pairs)[i].alias); b++)
			;
		parent[root(parent, a)] = root(parent, b);
	}
	out = calloc(ng * ng + 1, sizeof(*out));
	if (!out)
		goto fail;
	for (i = 0; i < ng; i++) {
		for (j = 0; j < ng; j++) {
			if (i == j || root(parent, i) != root(parent, j))
				continue;
			out[n].guid = g[i];
			out[n++].alias = g[j];
		}
	}
	free(*pairs);
	*pairs = out;
	*nr = n;
	free(g);
	free(parent);
	return 0;
fail:
	free(g);
	free(parent);
	return -ENOMEM;
}

int device_aliases(const char *sysfs, struct wmi_alias **aliases, size_t *nr)
{
	struct device_info *info = NULL;
	struct wmi_alias *out = NULL;
	char dir[PATH_MAX], path[PATH_MAX], **names;
	unsigned int dup;
	size_t i, k, n = 0, nr_names;
	int err;

	*aliases = NULL;
	*nr = 0;
	snprintf(dir, sizeof(dir), "%.4000s/bus/wmi/devices", sysfs);
	/* No WMI bus, no aliases: quiet, as a load on such a machine is. */
	err = list_names(dir, NULL, NULL, &names, &nr_names);
	if (err)
		return err == -ENOENT ? 0 : err;
	info = calloc(nr_names ? nr_names : 1, sizeof(*info));
	/* at most every pair, both ways */
	out = calloc(nr_names ? nr_names * nr_names : 1, sizeof(*out));
	if (!info || !out) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < nr_names; i++)
		device_identity_read(dir, names[i], &info[i], path, sizeof(path));
	for (i = 0; i < nr_names; i++) {
		for (k = 0; k < nr_names; k++) {
			if (!device_is_alias(&info[i], &info[k]) ||
			    wmi_devname_parse(info[i].name, &out[n].guid, &dup) ||
			    wmi_devname_parse(info[k].name, &out[n].alias, &dup) ||
			    wmi_guid_equal(&out[n].guid, &out[n].alias))
				continue;
			n++;
		}
	}
	err = close_groups(&out, &n);
	if (err)
		goto out;
	*aliases = out;
	*nr = n;
	out = NULL;
out:
	free(out);
	free(info);
	free_names(names, nr_names);
	return err;
}

// SPDX-License-Identifier: GPL-2.0
/* devices: the WMI bus as sysfs shows it, and the policies acting on it. */

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store.h"
#include "wmibpf.h"

struct device_info {
	char name[64];
	char kind[16];
	char instances[8];
	char expensive[4];
	char id[16];		/* object id, or notify id of an event */
	char setable[4];
	char driver[64];
	char claimed[256];
	bool node;
};

/* A sysfs attribute's first line, or "" if it has none. */
static void read_attr(const char *dir, const char *attr, char *buf, size_t size)
{
	char path[PATH_MAX + 64];
	FILE *f;

	buf[0] = '\0';
	snprintf(path, sizeof(path), "%s/%s", dir, attr);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(buf, size, f))
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

static void read_device(const char *sysdir, const char *devdir, const char *name,
			struct device_info *d)
{
	char dir[PATH_MAX], path[PATH_MAX + 64], link[PATH_MAX], uevent[1024];
	const char *devtype;
	ssize_t n;
	FILE *f;

	memset(d, 0, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "%s", name);
	snprintf(dir, sizeof(dir), "%.2048s/%.255s", sysdir, name);

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
	read_attr(dir, "instance_count", d->instances, sizeof(d->instances));
	read_attr(dir, "expensive", d->expensive, sizeof(d->expensive));
	read_attr(dir, strcmp(d->kind, "event") ? "object_id" : "notify_id", d->id,
		  sizeof(d->id));
	read_attr(dir, "setable", d->setable, sizeof(d->setable));
	read_attr(dir, "claimed_methods", d->claimed, sizeof(d->claimed));

	snprintf(path, sizeof(path), "%s/driver", dir);
	n = readlink(path, link, sizeof(link) - 1);
	if (n > 0) {
		link[n] = '\0';
		snprintf(d->driver, sizeof(d->driver), "%.63s", strrchr(link, '/') ?
			 strrchr(link, '/') + 1 : link);
	}
	snprintf(path, sizeof(path), "%.2048s/%.255s", devdir, name);
	d->node = !access(path, F_OK);
}

/* Space or comma separated words of s as a JSON array, numbers or strings. */
static void json_words(struct json *j, const char *s, const char *seps, bool numbers)
{
	char *copy = strdup(s), *w, *save = NULL;

	json_array_begin(j);
	for (w = copy ? strtok_r(copy, seps, &save) : NULL; w; w = strtok_r(NULL, seps, &save)) {
		if (numbers)
			json_uint(j, strtoul(w, NULL, 10));
		else
			json_string(j, w);
	}
	json_array_end(j);
	free(copy);
}

static void device_json(struct json *j, const struct device_info *d, const char *policies)
{
	char guid[WMI_GUID_STR_LEN + 1] = "";
	struct wmi_guid g;
	unsigned int dup;

	if (!wmi_devname_parse(d->name, &g, &dup))
		wmi_guid_format(&g, guid);
	json_object_begin(j);
	json_kv_string(j, "device", d->name);
	json_kv_string(j, "guid", guid);
	json_kv_string(j, "kind", d->kind);
	json_kv_uint(j, "instances", strtoul(d->instances, NULL, 10));
	json_kv_bool(j, "expensive", d->expensive[0] == '1');
	json_kv_string(j, strcmp(d->kind, "event") ? "object_id" : "notify_id", d->id);
	if (!strcmp(d->kind, "data"))
		json_kv_bool(j, "setable", d->setable[0] == '1');
	json_key(j, "driver");
	if (d->driver[0])
		json_string(j, d->driver);
	else
		json_null(j);
	if (!strcmp(d->kind, "method")) {
		json_key(j, "claimed_methods");
		json_words(j, d->claimed, " ", true);
	}
	json_kv_bool(j, "node", d->node);
	json_key(j, "policies");
	if (policies)
		json_words(j, policies, ",", false);
	else
		json_null(j);
	json_object_end(j);
}

/* Loaded policies (name, binding) whose programs act on devices of guid. */
static void policies_for(char **names, struct wmi_policy_meta *metas, size_t nr,
			 const struct wmi_guid *guid, char *buf, size_t size)
{
	static const uint8_t null_guid[16];
	size_t i, k;

	buf[0] = '\0';
	for (i = 0; i < nr; i++) {
		bool acts = metas[i].has_table &&
			    (!memcmp(metas[i].guid, null_guid, 16) ||
			     !memcmp(metas[i].guid, guid->b, 16));

		for (k = 0; k < metas[i].nr_objects && k < WMI_META_MAX_OBJS; k++)
			acts |= !memcmp(metas[i].objects[k].guid, null_guid, 16) ||
				!memcmp(metas[i].objects[k].guid, guid->b, 16);
		if (!acts)
			continue;
		if (buf[0])
			strncat(buf, ",", size - strlen(buf) - 1);
		strncat(buf, names[i], size - strlen(buf) - 1);
	}
}

int cmd_devices(struct app *a)
{
	struct json *j = &a->json;
	char sysdir[PATH_MAX], policies[256];
	char **names = NULL, **devs = NULL;
	struct wmi_policy_meta *metas = NULL;
	size_t nr_pol = 0, nr = 0, i;
	bool policies_known;
	int err;

	snprintf(sysdir, sizeof(sysdir), "%s/bus/wmi/devices", a->cli->sysfs);
	err = list_names(sysdir, NULL, NULL, &devs, &nr);
	if (err) {
		errmsg("%s: %s (is ACPI WMI built and loaded?)", sysdir, strerror(-err));
		return EXIT_NOT_FOUND;
	}

	/* Policies are root's to see; others get the devices alone. */
	policies_known = !store_list(a->cli->bpffs, &names, &nr_pol);
	metas = calloc(nr_pol ? nr_pol : 1, sizeof(*metas));
	for (i = 0; metas && i < nr_pol; i++)
		store_read_meta(a->cli->bpffs, names[i], &metas[i]);

	if (a->cli->json)
		json_array_begin(j);
	else
		printf("%-40s %-6s %4s %-8s %-16s %-10s %-4s %s\n", "DEVICE", "KIND", "INST",
		       "ID", "DRIVER", "CLAIMED", "NODE", "POLICIES");
	for (i = 0; i < nr; i++) {
		struct device_info dev;
		struct wmi_guid guid;
		unsigned int dup;

		read_device(sysdir, a->cli->devdir, devs[i], &dev);
		policies[0] = '\0';
		if (metas && !wmi_devname_parse(dev.name, &guid, &dup))
			policies_for(names, metas, nr_pol, &guid, policies, sizeof(policies));
		if (!a->cli->json) {
			printf("%-40s %-6s %4s %-8s %-16s %-10s %-4s %s\n", dev.name, dev.kind,
			       dev.instances, dev.id, dev.driver[0] ? dev.driver : "-",
			       dev.claimed[0] ? dev.claimed : "-", dev.node ? "yes" : "-",
			       policies_known ? (policies[0] ? policies : "-") : "?");
			continue;
		}
		device_json(j, &dev, policies_known ? policies : NULL);
	}
	if (a->cli->json) {
		json_array_end(j);
		json_end_line(j);
	}
	free_names(names, nr_pol);
	free_names(devs, nr);
	free(metas);
	return EXIT_OK;
}

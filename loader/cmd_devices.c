// SPDX-License-Identifier: GPL-2.0
/* devices: the WMI bus as sysfs shows it, and the policies acting on it. */

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bpffs.h"
#include "device_info.h"
#include "mof_bus.h"
#include "snapshot.h"
#include "text.h"
#include "wmibpf.h"

/* Between the names of policies: the one byte a name (bpffs') cannot hold. */
#define POLICY_SEP "/"


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
	json_key(j, "class");
	if (d->class)
		json_string(j, d->class);
	else
		json_null(j);
	json_kv_string(j, "kind", d->kind);
	json_kv_uint(j, "instances", strtoul(d->instances, NULL, 10));
	json_kv_bool(j, "expensive", d->expensive[0] == '1');
	json_kv_string(j, strcmp(d->kind, "event") ? "object_id" : "notify_id", d->id);
	if (!strcmp(d->kind, "data")) {
		json_kv_bool(j, "setable", d->setable[0] == '1');
		json_kv_bool(j, "claimed", d->claimed_block);
	}
	json_key(j, "driver");
	if (d->driver[0])
		json_string(j, d->driver);
	else
		json_null(j);
	if (!strcmp(d->kind, "method")) {
		json_key(j, "claimed_methods");
		json_words(j, d->claimed, " ", true);
		json_key(j, "shared_methods");
		if (!strcmp(d->shared, "all"))
			json_string(j, "all");
		else
			json_words(j, d->shared, " ", true);
	}
	json_key(j, "guid_users");
	json_words(j, d->guid_users, ",", false);
	json_kv_bool(j, "node", d->node);
	json_key(j, "policies");
	if (policies)
		json_words(j, policies, POLICY_SEP, false);
	else
		json_null(j);
	json_object_end(j);
}

/* Whether bytes are one of the nr GUIDs. */
static bool guid_in(const uint8_t *bytes, const struct wmi_guid *guids, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		if (!memcmp(bytes, guids[i].b, 16))
			return true;
	}
	return false;
}

/*
 * Loaded policies whose programs act on a device whose GUID and aliases'
 * GUIDs are guids[0..nr), by their bindings in meta: one whose meta cannot
 * be read binds nothing, and an interrupted load has none. Separated by
 * POLICY_SEP.
 */
static void policies_for(const struct snapshot *s, const struct wmi_guid *guids, size_t nr,
			 char *buf, size_t size)
{
	static const uint8_t null_guid[16];
	size_t i, k;

	buf[0] = '\0';
	for (i = 0; i < s->nr; i++) {
		const struct snapshot_policy *p = &s->policies[i];
		bool acts = p->meta.has_table &&
			    (!memcmp(p->meta.guid, null_guid, 16) ||
			     guid_in(p->meta.guid, guids, nr));

		for (k = 0; k < p->nr_objects; k++)
			acts |= !memcmp(p->meta.objects[k].guid, null_guid, 16) ||
				guid_in(p->meta.objects[k].guid, guids, nr);
		if (!acts)
			continue;
		if (buf[0])
			strncat(buf, POLICY_SEP, size - strlen(buf) - 1);
		strncat(buf, p->name, size - strlen(buf) - 1);
	}
}

/* A column as wide as its header and its widest value. */
static int width(int w, const char *s)
{
	int n = (int)strlen(s);

	return n > w ? n : w;
}

/*
 * Who owns the device: the driver bound to it, and each module using it by
 * GUID marked "(guid)", comma separated; "-" for nobody.
 */
static void owners_text(const struct device_info *d, char *buf, size_t size)
{
	char users[sizeof(d->guid_users)], *w, *save = NULL;
	size_t len;

	snprintf(buf, size, "%s", d->driver);
	snprintf(users, sizeof(users), "%s", d->guid_users);
	for (w = strtok_r(users, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		len = strlen(buf);
		snprintf(buf + len, size - len, "%s%s(guid)", len ? "," : "", w);
	}
	if (!buf[0])
		snprintf(buf, size, "-");
}

/*
 * Names, drivers, claimed and shared methods come from sysfs, the kernel's,
 * class names from the firmware's bMOF and policies' from bpffs: in text,
 * shown escaped, each
 * column sized to its content (a driver name such as dell-wmi-descriptor
 * overflowed a fixed 16).
 */
static void devices_text(struct device_info *devs, size_t nr, char (*policies)[256],
			 bool policies_known)
{
	char (*esc)[8][TEXT_ESCAPED_SIZE(384)] = calloc(nr ? nr : 1, sizeof(*esc));
	char owners[384], names[256], *c;
	int wname = strlen("DEVICE"), wdriver = strlen("DRIVER"), wclaimed = strlen("CLAIMED");
	int wshared = strlen("SHARED"), wclass = strlen("CLASS");
	size_t i;

	if (!esc)
		return;
	for (i = 0; i < nr; i++) {
		const struct device_info *d = &devs[i];

		text_escape(d->name, sizeof(d->name), esc[i][0], sizeof(esc[i][0]));
		owners_text(d, owners, sizeof(owners));
		text_escape(owners, sizeof(owners), esc[i][1], sizeof(esc[i][1]));
		/* a data block is claimed whole: its queries and sets */
		text_escape(d->claimed_block ? "block" : d->claimed[0] ? d->claimed : "-",
			    sizeof(d->claimed), esc[i][2], sizeof(esc[i][2]));
		text_escape(d->kind, sizeof(d->kind), esc[i][3], sizeof(esc[i][3]));
		text_escape(d->shared[0] ? d->shared : "-", sizeof(d->shared), esc[i][4],
			    sizeof(esc[i][4]));
		/* a longer name (firmware's, unbounded) is cut, not the row's layout */
		text_escape(d->class ? d->class : "-", 256, esc[i][5], sizeof(esc[i][5]));
		/* the names of directories in bpffs, which may hold any byte but '/' */
		snprintf(names, sizeof(names), "%s", policies[i][0] ? policies[i] : "-");
		for (c = strchr(names, POLICY_SEP[0]); c; c = strchr(c, POLICY_SEP[0]))
			*c = ',';
		text_escape(names, sizeof(names), esc[i][6], sizeof(esc[i][6]));
		/* the firmware's object id: two bytes, any two */
		text_escape(d->id, sizeof(d->id), esc[i][7], sizeof(esc[i][7]));
		wname = width(wname, esc[i][0]);
		wclass = width(wclass, esc[i][5]);
		wdriver = width(wdriver, esc[i][1]);
		wclaimed = width(wclaimed, esc[i][2]);
		wshared = width(wshared, esc[i][4]);
	}
	printf("%-*s %-*s %-6s %4s %-8s %-*s %-*s %-*s %-4s %s\n", wname, "DEVICE", wclass,
	       "CLASS", "KIND", "INST", "ID", wdriver, "DRIVER", wclaimed, "CLAIMED", wshared,
	       "SHARED", "NODE", "POLICIES");
	for (i = 0; i < nr; i++)
		printf("%-*s %-*s %-6s %4s %-8s %-*s %-*s %-*s %-4s %s\n", wname, esc[i][0], wclass,
		       esc[i][5], esc[i][3], devs[i].instances, esc[i][7], wdriver, esc[i][1],
		       wclaimed, esc[i][2],
		       wshared, esc[i][4], devs[i].node ? "yes" : "-",
		       policies_known ? esc[i][6] : "?");
	free(esc);
}

/*
 * A bmof that cannot be decoded costs its class names, not the listing: a
 * note, not a failure. One only root may read (wmi-bmof makes it 0400)
 * says nothing: others see no names, as they see no policies.
 */
static void class_names_lost(const char *device, int err, const char *msg, void *arg)
{
	(void)device;
	(void)arg;
	if (err != -EACCES && err != -EPERM)
		errmsg("%s (class names from it not shown)", msg);
}

int cmd_devices(struct app *a)
{
	struct json *j = &a->json;
	char (*policies)[256] = NULL;
	struct device_info *info = NULL;
	struct wmi_guid *guids = NULL;
	struct snapshot loaded = { };
	struct mof_bus bus;
	size_t i;
	bool policies_known;
	int err, ret = EXIT_OK;

	err = mof_bus_open(&bus, a->cli->sysfs);
	if (err)
		return err == -ENOMEM ? EXIT_FAILED : EXIT_NOT_FOUND;
	/* the firmware's names for its GUIDs; none without a bMOF */
	mof_bus_read_all(&bus, class_names_lost, NULL);

	/* Policies are root's to see; others get the devices alone. */
	policies_known = !bpffs_check(a->cli->bpffs) && !snapshot_read(a->cli->bpffs, &loaded);

	info = calloc(bus.nr ? bus.nr : 1, sizeof(*info));
	policies = calloc(bus.nr ? bus.nr : 1, sizeof(*policies));
	guids = calloc(bus.nr ? bus.nr : 1, sizeof(*guids));	/* a device and its aliases */
	if (!info || !policies || !guids) {
		ret = EXIT_FAILED;
		goto out;
	}
	for (i = 0; i < bus.nr; i++)
		device_info_read(bus.dir, a->cli->devdir, bus.names[i], &info[i]);
	for (i = 0; i < bus.nr; i++) {
		unsigned int dup;
		size_t k, n = 0;

		if (wmi_devname_parse(info[i].name, &guids[n], &dup))
			continue;
		info[i].class = mof_bus_class(&bus, &guids[n++]);
		for (k = 0; k < bus.nr; k++) {
			if (device_is_alias(&info[i], &info[k]) &&
			    !wmi_devname_parse(info[k].name, &guids[n], &dup))
				n++;
		}
		policies_for(&loaded, guids, n, policies[i], sizeof(policies[i]));
	}

	if (!a->cli->json) {
		devices_text(info, bus.nr, policies, policies_known);
		goto out;
	}
	json_array_begin(j);
	for (i = 0; i < bus.nr; i++)
		device_json(j, &info[i], policies_known ? policies[i] : NULL);
	json_array_end(j);
	json_end_line(j);
out:
	free(info);
	free(policies);
	free(guids);
	snapshot_free(&loaded);
	mof_bus_free(&bus);
	return ret;
}

const struct cli_verb verb_devices = {
	.name = "devices",
	.summary = "  devices                  WMI devices: class, driver, claimed methods, policies\n",
	.usage =
	"Usage: wmibpf devices [--json]\n"
	"\n"
	"List the WMI devices: name (GUID), the class of that GUID in the\n"
	"firmware's bMOF, kind, instances, bound driver and modules using it by\n"
	"GUID (marked \"(guid)\"), the methods the driver claims and shares,\n"
	"whether /dev/wmi has a node, and the loaded policies that act on it.\n",
	.run = cmd_devices,
};

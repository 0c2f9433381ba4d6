/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Binary MOFs on the WMI bus: every device's bmof attribute (the
 * wmi-bmof driver's), read and decoded. wmibpf mof prints them; devices
 * names each GUID's class from them. The reading is here once so both
 * verbs see the same blobs with the same caps and the same errors.
 */
#ifndef WMIBPF_MOF_BUS_H
#define WMIBPF_MOF_BUS_H

#include <limits.h>
#include <stddef.h>

struct bmof;
struct wmi_guid;

/* A decoded bmof and where it came from: a path, or a device's name. */
struct mof_source {
	char name[PATH_MAX];
	struct bmof *b;
};

/* Room for the reason a blob could not be had: a path and the decoder's words. */
#define MOF_ERR_LEN	(PATH_MAX + 4 * 256 + 64)

/* The WMI bus: its device names, and the bmofs read from it. */
struct mof_bus {
	char dir[PATH_MAX];
	char **names;
	size_t nr;
	struct mof_source *src;	/* room for one per device */
	size_t nsrc;
	/* mof_bus_names(): where names were looked for, and the bmof it could not read */
	char where[MOF_ERR_LEN + 32];
};

/*
 * Reads and decodes path into src (named name). 0, or a negative errno
 * with msg saying "PATH: what is wrong" (the decoder's error for a
 * corrupt blob); nothing is printed, the caller says it as it must.
 */
int mof_load(struct mof_source *src, const char *name, const char *path, char *msg,
	     size_t msglen);

/*
 * Lists the WMI bus under sysfs into bus. 0, or -errno (said, as every
 * verb says a missing bus) with bus empty.
 */
int mof_bus_open(struct mof_bus *bus, const char *sysfs);

/*
 * Each failed bmof, as mof_load() failed: the device, -errno and the
 * message. The others are decoded all the same.
 */
typedef void (*mof_fail_fn)(const char *device, int err, const char *msg, void *arg);

/* Decodes every device's bmof into bus->src; returns how many there are. */
size_t mof_bus_read_all(struct mof_bus *bus, mof_fail_fn fail, void *arg);

/* The name of the class whose guid qualifier is g in any of bus's bmofs, or NULL. */
const char *mof_bus_class(const struct mof_bus *bus, const struct wmi_guid *g);

void mof_bus_free(struct mof_bus *bus);

struct policy_names;

/*
 * The names a policy may use on this machine: the bus's bMOFs, read into
 * bus (free it with mof_bus_free()). Quiet: a machine without a WMI bus,
 * or without a bMOF on it, has no names, and a policy that uses one is
 * told so where it does. A bmof the caller may not read (wmi-bmof makes
 * it root's) is no missing name: names->where then says which and why,
 * "this machine's bMOF (PATH: Permission denied)", for every message
 * about a name. Returns names, or NULL for none.
 */
const struct policy_names *mof_bus_names(struct mof_bus *bus, const char *sysfs,
					 struct policy_names *names);

#endif

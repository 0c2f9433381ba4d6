/* SPDX-License-Identifier: GPL-2.0 */
/* A WMI device as sysfs shows it, and which devices alias one another. */
#ifndef WMIBPF_DEVICE_INFO_H
#define WMIBPF_DEVICE_INFO_H

#include <stdbool.h>
#include <stddef.h>

#include "guid.h"

struct device_info {
	char name[64];
	char kind[16];
	char instances[8];
	char expensive[4];
	char id[16];		/* object id, or notify id of an event */
	char setable[4];
	char driver[64];
	char claimed[256];	/* claimed method ids */
	bool claimed_block;	/* a data block its driver claims */
	char shared[256];	/* shared method ids, or "all" */
	char guid_users[256];	/* modules using it by GUID, comma separated */
	char mapper[256];	/* the sysfs directory of its ACPI-WMI mapper */
	bool node;
	const char *class;	/* the bMOF's class of its GUID (the bus's), or NULL */
};

/*
 * The device name in sysdir (a device of the WMI bus); devdir has its node,
 * if it is not NULL.
 */
void device_info_read(const char *sysdir, const char *devdir, const char *name,
		      struct device_info *d);

/*
 * Whether b is an alias of a: another entry of the same mapper's _WDG with
 * the same object id (notify id for events), which evaluates the same
 * firmware method. Programs bound to either act on both (wmi-bpf.rst).
 */
bool device_is_alias(const struct device_info *a, const struct device_info *b);

/* A GUID and the GUID of one of its aliases on this machine. */
struct wmi_alias {
	struct wmi_guid guid, alias;
};

/*
 * Every alias of every WMI device under sysfs, each pair of GUIDs once each
 * way, into a new array (free() it); none where there is no WMI bus. 0 or
 * -errno (the bus cannot be listed).
 */
int device_aliases(const char *sysfs, struct wmi_alias **aliases, size_t *nr);

#endif

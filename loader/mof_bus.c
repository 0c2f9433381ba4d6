// SPDX-License-Identifier: GPL-2.0
/*
 * The bmofs on the WMI bus, read and decoded (loader/mof_bus.h): shared by
 * wmibpf mof, which prints them, and wmibpf devices, which names each
 * device's class from them.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bmof.h"
#include "guid.h"
#include "mof_bus.h"
#include "policy.h"
#include "text.h"
#include "wmibpf.h"

/* The blob files wmibpf accepts: larger ones are not firmware's. */
#define MOF_MAX_BLOB	BMOF_MAX_DECOMPRESSED

static int read_fd(int fd, const char *path, uint8_t **out, size_t *len, char *msg,
		   size_t msglen)
{
	size_t size = 0, cap = 0;
	uint8_t *buf = NULL, *grown;
	ssize_t n;

	do {
		if (size == cap) {
			cap = cap ? cap * 2 : 65536;
			grown = realloc(buf, cap + 1);
			if (!grown) {
				free(buf);
				snprintf(msg, msglen, "%s: %s", path, strerror(ENOMEM));
				return -ENOMEM;
			}
			buf = grown;
		}
		n = read(fd, buf + size, cap - size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int err = errno;

			snprintf(msg, msglen, "%s: %s", path, strerror(err));
			free(buf);
			return -err;
		}
		size += n;
		/* firmware's blobs are KiB: one this large is not a bMOF */
		if (size > MOF_MAX_BLOB) {
			snprintf(msg, msglen, "%s: larger than %u bytes: not a bMOF", path,
				 MOF_MAX_BLOB);
			free(buf);
			return -E2BIG;
		}
	} while (n);
	*out = buf;
	*len = size;
	return 0;
}

/* The whole of path, malloc()ed. */
static int read_blob(const char *path, uint8_t **out, size_t *len, char *msg, size_t msglen)
{
	struct stat st;
	int fd, ret;

	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		ret = -errno;
		snprintf(msg, msglen, "%s: %s", path, strerror(-ret));
		return ret;
	}
	/* a FIFO or a device would block or never end */
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		snprintf(msg, msglen, "%s: not a regular file", path);
		close(fd);
		return -EINVAL;
	}
	ret = read_fd(fd, path, out, len, msg, msglen);
	close(fd);
	return ret;
}

int mof_load(struct mof_source *src, const char *name, const char *path, char *msg,
	     size_t msglen)
{
	char err[256], esc[4 * sizeof(err)];
	uint8_t *buf = NULL;
	size_t len = 0;
	int ret;

	snprintf(src->name, sizeof(src->name), "%s", name);
	ret = read_blob(path, &buf, &len, msg, msglen);
	if (ret)
		return ret;
	ret = bmof_decode(buf, len, &src->b, err, sizeof(err));
	free(buf);
	/* the error may quote the firmware's names: never as they are */
	if (ret) {
		text_escape(err, sizeof(err), esc, sizeof(esc));
		snprintf(msg, msglen, "%s: %s", path, esc);
	}
	return ret;
}

int mof_bus_open(struct mof_bus *bus, const char *sysfs)
{
	int err;

	memset(bus, 0, sizeof(*bus));
	snprintf(bus->dir, sizeof(bus->dir), "%s/bus/wmi/devices", sysfs);
	err = list_names(bus->dir, NULL, NULL, &bus->names, &bus->nr);
	if (err) {
		errmsg("%s: %s (is ACPI WMI built and loaded?)", bus->dir, strerror(-err));
		return err;
	}
	bus->src = calloc(bus->nr ? bus->nr : 1, sizeof(*bus->src));
	if (!bus->src) {
		errmsg("%s", strerror(ENOMEM));
		mof_bus_free(bus);
		return -ENOMEM;
	}
	return 0;
}

size_t mof_bus_read_all(struct mof_bus *bus, mof_fail_fn fail, void *arg)
{
	char path[PATH_MAX + 64], msg[MOF_ERR_LEN];
	size_t i, found = 0;
	int err;

	for (i = 0; i < bus->nr; i++) {
		snprintf(path, sizeof(path), "%s/%s/bmof", bus->dir, bus->names[i]);
		/* only the bMOF device has one, and only with wmi-bmof bound */
		if (access(path, F_OK) && errno == ENOENT)
			continue;
		found++;
		err = mof_load(&bus->src[bus->nsrc], bus->names[i], path, msg, sizeof(msg));
		if (err)
			fail(bus->names[i], err, msg, arg);
		else
			bus->nsrc++;
	}
	return found;
}

const char *mof_bus_class(const struct mof_bus *bus, const struct wmi_guid *g)
{
	struct wmi_guid cg;
	size_t i, k;

	for (i = 0; i < bus->nsrc; i++) {
		for (k = 0; k < bus->src[i].b->nobjects; k++) {
			const struct bmof_object *o = bus->src[i].b->objects[k];

			/* an instance's guid would be its class's: the class says it */
			if (o->instance || !o->name || !o->guid[0] || wmi_guid_parse(o->guid, &cg))
				continue;
			if (wmi_guid_equal(&cg, g))
				return o->name;
		}
	}
	return NULL;
}

void mof_bus_free(struct mof_bus *bus)
{
	size_t i;

	for (i = 0; i < bus->nsrc; i++)
		bmof_free(bus->src[i].b);
	free(bus->src);
	free_names(bus->names, bus->nr);
	bus->src = NULL;
	bus->names = NULL;
	bus->nr = bus->nsrc = 0;
}

/* A bmof denied to the caller is said where a name is looked up, the first one. */
static void names_lost(const char *device, int err, const char *msg, void *arg)
{
	struct mof_bus *bus = arg;

	(void)device;
	if (err != -EACCES && err != -EPERM)
		errmsg("%s (its names cannot be used)", msg);
	else if (!bus->where[0])
		snprintf(bus->where, sizeof(bus->where), "this machine's bMOF (%s)", msg);
}

const struct policy_names *mof_bus_names(struct mof_bus *bus, const char *sysfs,
					 struct policy_names *names)
{
	char dir[PATH_MAX];

	memset(bus, 0, sizeof(*bus));
	snprintf(dir, sizeof(dir), "%s/bus/wmi/devices", sysfs);
	if (access(dir, F_OK) || mof_bus_open(bus, sysfs))
		return NULL;
	mof_bus_read_all(bus, names_lost, bus);
	if (!bus->nsrc && !bus->where[0])
		return NULL;
	if (!bus->where[0])
		snprintf(bus->where, sizeof(bus->where), "this machine's bMOF");
	*names = (struct policy_names){
		.src = bus->src, .nsrc = bus->nsrc, .where = bus->where,
	};
	return names;
}

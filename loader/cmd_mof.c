// SPDX-License-Identifier: GPL-2.0
/*
 * mof: the firmware's own description of its WMI interfaces, its Binary
 * MOF (loader/bmof.c), as MOF text or JSON. From a file, from a WMI
 * device's bmof attribute, or every bmof on the bus merged, each class
 * marked with whether a device of its GUID is on the bus: a class can be
 * described with no firmware behind it.
 *
 * The verb's usage, arguments and run function are all here; cli.c and
 * main.c only point at them.
 */

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bmof.h"
#include "guid.h"
#include "mof_bus.h"
#include "text.h"
#include "wmibpf.h"

/* Read and decode path into src; the decoder's error names the fault. */
static int load_source(struct mof_source *src, const char *name, const char *path)
{
	char msg[MOF_ERR_LEN];

	if (mof_load(src, name, path, msg, sizeof(msg))) {
		errmsg("%s", msg);
		return EXIT_FAILED;
	}
	return EXIT_OK;
}

/* Is name a WMI device of guid? A class without one ("") is on no device. */
static bool device_has_guid(const char *name, const char *guid)
{
	struct wmi_guid a, b;
	unsigned int index;

	return guid[0] && !wmi_devname_parse(name, &a, &index) && !wmi_guid_parse(guid, &b) &&
	       wmi_guid_equal(&a, &b);
}

static const char *source_of(const struct mof_bus *bus, const struct bmof_object *o)
{
	size_t i, k;

	for (i = 0; i < bus->nsrc; i++)
		for (k = 0; k < bus->src[i].b->nobjects; k++)
			if (bus->src[i].b->objects[k] == o)
				return bus->src[i].name;
	return "";
}

static void note_json(struct json *j, const struct bmof_object *o, void *arg)
{
	const struct mof_bus *bus = arg;
	bool present = false;
	size_t i;

	json_key(j, "devices");
	json_array_begin(j);
	for (i = 0; i < bus->nr; i++) {
		if (device_has_guid(bus->names[i], o->guid)) {
			json_string(j, bus->names[i]);
			present = true;
		}
	}
	json_array_end(j);
	json_kv_bool(j, "present", present);
	json_kv_string(j, "bmof", source_of(bus, o));
}

/* "// on the WMI bus: DEV ...; bmof: DEV": MOF's comment, so it still reads as MOF. */
static void note_mof(FILE *f, const struct bmof_object *o, void *arg)
{
	const struct mof_bus *bus = arg;
	char esc[TEXT_ESCAPED_SIZE(PATH_MAX)];
	bool present = false;
	size_t i;

	for (i = 0; i < bus->nr; i++) {
		if (!device_has_guid(bus->names[i], o->guid))
			continue;
		/* a name that parses as a device name holds nothing to escape */
		fprintf(f, "%s%s", present ? " " : "// on the WMI bus: ", bus->names[i]);
		present = true;
	}
	if (!present)
		fputs("// not on the WMI bus", f);
	text_escape(source_of(bus, o), PATH_MAX, esc, sizeof(esc));
	fprintf(f, "; bmof: %s\n", esc);
}

/* One tree of every source's objects, in order; the objects stay theirs. */
static int merge(const struct mof_source *src, size_t nsrc, struct bmof *all)
{
	size_t i, n = 0;

	memset(all, 0, sizeof(*all));
	for (i = 0; i < nsrc; i++)
		n += src[i].b->nobjects;
	all->objects = calloc(n ? n : 1, sizeof(*all->objects));
	if (!all->objects) {
		errmsg("%s", strerror(ENOMEM));
		return EXIT_FAILED;
	}
	for (i = 0; i < nsrc; i++) {
		memcpy(all->objects + all->nobjects, src[i].b->objects,
		       src[i].b->nobjects * sizeof(*all->objects));
		all->nobjects += src[i].b->nobjects;
	}
	return EXIT_OK;
}

static int print(struct app *a, const struct bmof *b, const struct bmof_notes *notes)
{
	if (a->cli->json)
		bmof_print_json_notes(stdout, b, a->cli->pretty, notes);
	else
		bmof_print_mof_notes(stdout, b, notes);
	return fflush(stdout) ? EXIT_FAILED : EXIT_OK;
}

static int print_bus(struct app *a, struct mof_bus *bus)
{
	struct bmof_notes notes = { .json = note_json, .mof = note_mof, .arg = bus };
	struct bmof all;
	int ret;

	ret = merge(bus->src, bus->nsrc, &all);
	if (ret)
		return ret;
	ret = print(a, &all, &notes);
	free(all.objects);
	return ret;
}

/* "// bmof: FILE": which of several files described the class. */
static void note_file_mof(FILE *f, const struct bmof_object *o, void *arg)
{
	char esc[TEXT_ESCAPED_SIZE(PATH_MAX)];

	text_escape(source_of(arg, o), PATH_MAX, esc, sizeof(esc));
	fprintf(f, "// bmof: %s\n", esc);
}

static void note_file_json(struct json *j, const struct bmof_object *o, void *arg)
{
	json_kv_string(j, "bmof", source_of(arg, o));
}

/*
 * Several FILEs (the bmof of each of a machine's devices, copied, or the
 * blobs of several machines): merged as the bus's are, each class named
 * with its file, since a name may be in more than one. One that does not
 * decode is said and skipped, the others printed, and the exit status is
 * the failure's, as for the bus.
 */
static int mof_files(struct app *a, char **paths, size_t n)
{
	struct bmof_notes notes = { .json = note_file_json, .mof = note_file_mof };
	struct mof_bus files = { };
	struct bmof all;
	size_t i;
	int ret = EXIT_OK, err;

	files.src = calloc(n, sizeof(*files.src));
	if (!files.src) {
		errmsg("%s", strerror(ENOMEM));
		return EXIT_FAILED;
	}
	for (i = 0; i < n; i++) {
		if (load_source(&files.src[files.nsrc], paths[i], paths[i]))
			ret = EXIT_FAILED;
		else
			files.nsrc++;
	}
	notes.arg = &files;
	if (files.nsrc) {
		err = merge(files.src, files.nsrc, &all);
		if (!err) {
			err = print(a, &all, &notes);
			free(all.objects);
		}
		ret = ret ? ret : err;
	}
	for (i = 0; i < files.nsrc; i++)
		bmof_free(files.src[i].b);
	free(files.src);
	return ret;
}

static int mof_file(struct app *a, const char *path)
{
	struct mof_source src = { };
	int ret;

	ret = load_source(&src, path, path);
	if (ret)
		return ret;
	ret = print(a, src.b, NULL);
	bmof_free(src.b);
	return ret;
}

/* The bus's name of the device arg names, whatever its case; NULL if none. */
static const char *bus_find(const struct mof_bus *bus, const char *arg)
{
	struct wmi_guid want, g;
	unsigned int want_index, index;
	size_t i;

	wmi_devname_parse(arg, &want, &want_index);
	for (i = 0; i < bus->nr; i++)
		if (!wmi_devname_parse(bus->names[i], &g, &index) && wmi_guid_equal(&g, &want) &&
		    index == want_index)
			return bus->names[i];
	return NULL;
}

static int bus_device(struct mof_bus *bus, const char *arg)
{
	const char *name = bus_find(bus, arg);
	char path[PATH_MAX + 128];
	int ret;

	if (!name) {
		errmsg("%s/%s: %s (no such WMI device)", bus->dir, arg, strerror(ENOENT));
		return EXIT_NOT_FOUND;
	}
	snprintf(path, sizeof(path), "%s/%s/bmof", bus->dir, name);
	if (access(path, F_OK) && errno == ENOENT) {
		errmsg("%s: %s (only the bMOF device has one, with wmi-bmof loaded)", path,
		       strerror(errno));
		return EXIT_NOT_FOUND;
	}
	ret = load_source(&bus->src[0], name, path);
	bus->nsrc = !ret;
	return ret;
}

static void said(const char *device, int err, const char *msg, void *arg)
{
	(void)device;
	(void)err;
	errmsg("%s", msg);
	*(int *)arg = EXIT_FAILED;
}

/*
 * Every device's bmof: one that fails is said and skipped, the others
 * printed, and the exit status is the failure's.
 */
static int bus_all(struct mof_bus *bus)
{
	int ret = EXIT_OK;

	if (!mof_bus_read_all(bus, said, &ret)) {
		errmsg("no bmof under %s (no firmware bMOF, or wmi-bmof not loaded)", bus->dir);
		return EXIT_NOT_FOUND;
	}
	return ret;
}

static int mof_bus(struct app *a, const char *device)
{
	struct mof_bus bus;
	int err, ret;

	err = mof_bus_open(&bus, a->cli->sysfs);
	if (err)
		return err == -ENOMEM ? EXIT_FAILED : EXIT_NOT_FOUND;
	ret = device ? bus_device(&bus, device) : bus_all(&bus);
	/* what did decode is shown even when another bmof failed */
	if (bus.nsrc) {
		err = print_bus(a, &bus);
		ret = ret ? ret : err;
	}
	mof_bus_free(&bus);
	return ret;
}

int cmd_mof(struct app *a)
{
	const char *target = a->cli->target;
	struct wmi_guid g;
	unsigned int index;

	if (a->cli->nr_files > 1)
		return mof_files(a, a->cli->files, a->cli->nr_files);
	if (target && wmi_devname_parse(target, &g, &index))
		return mof_file(a, target);
	return mof_bus(a, target);
}

static int mof_args(struct cli *c, char **args, size_t nargs, char **err)
{
	struct wmi_guid g;
	unsigned int index;
	size_t i;

	c->target = nargs ? args[0] : NULL;
	if (nargs < 2)
		return EXIT_OK;
	/* a DEVICE is read with the bus's notes, which files do not have */
	for (i = 0; i < nargs; i++)
		if (!wmi_devname_parse(args[i], &g, &index))
			return cli_usage_error(err, "mof: '%s' is a DEVICE, which is read alone: "
					       "give one DEVICE, or FILEs (./%s for a file so named)",
					       args[i], args[i]);
	c->files = calloc(nargs, sizeof(*c->files));
	if (!c->files)
		return cli_usage_error(err, "out of memory");
	memcpy(c->files, args, nargs * sizeof(*c->files));
	c->nr_files = nargs;
	return EXIT_OK;
}

const struct cli_verb verb_mof = {
	.name = "mof",
	.summary = "  mof [FILE... | DEVICE]   the firmware's WMI classes and methods (its bMOF)\n",
	.usage =
	"Usage: wmibpf mof [--json] [FILE... | DEVICE]\n"
	"\n"
	"Decode the firmware's Binary MOF, the description of its WMI classes,\n"
	"methods and parameters, and print it as MOF text or JSON. FILE is a bMOF\n"
	"blob; DEVICE a WMI device name (a GUID, with -N for duplicates) whose\n"
	"bmof attribute is read (./NAME for a file so named). With neither, every\n"
	"bmof on the WMI bus, merged, each class marked with whether a device of\n"
	"its GUID is on the bus (\"present\", \"devices\" and \"bmof\" in JSON).\n"
	"Several FILEs are merged, each class marked with its file (\"bmof\").\n"
	"Exits 4 when the device, or any bmof at all, is not there.\n",
	.args = mof_args,
	.run = cmd_mof,
};

// SPDX-License-Identifier: GPL-2.0
/*
 * load and unload.
 *
 * Loading is all or nothing: the policy file is parsed and checked, every
 * BPF object opened and verified, every map filled, and only then does
 * anything attach. A policy loaded under the same name before is replaced
 * in place: its link is updated to the new programs (bpf_link_update), so
 * it keeps its place in the chain and is never missing. Should a step of
 * that switch fail, what was switched is switched back.
 */

#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "bpffs.h"
#include "encode.h"
#include "log.h"
#include "policy.h"
#include "store.h"
#include "text.h"
#include "wmibpf.h"
#include "wmi_policy.skel.h"

/* libbpf's messages while loading, kept whole (log.c), shown when loading fails. */
static int capture_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_DEBUG)
		return 0;
	log_append(fmt, ap);
	return 0;
}

static void log_show(void)
{
	fputs(log_text(), stderr);
	log_reset();
}

/* strerror() that also knows libbpf's own codes (LIBBPF_ERRNO__*, from 4000). */
static const char *libbpf_error(int err, char *buf, size_t size)
{
	if (libbpf_strerror(err, buf, size))
		snprintf(buf, size, "error %d", err);
	return buf;
}

/*
 * The kernel refused a program: EPERM is a missing capability; EACCES is
 * the verifier's verdict, which is in its log, shown whole.
 */
static int load_failure(const char *what, int err, int exit_code)
{
	char buf[128];

	if (err == -EPERM)
		return bpf_failure(what, err);
	if (err == -EACCES || err == -LIBBPF_ERRNO__VERIFY)
		errmsg("%s: refused by the verifier; its log:", what);
	else
		errmsg("%s: the kernel refused it (%s); libbpf's log:", what,
		       libbpf_error(err, buf, sizeof(buf)));
	log_show();
	return exit_code;
}

/*
 * Pin a libbpf link and let go of it: the pin keeps it attached after
 * wmibpf exits, and no file descriptor of ours does.
 */
static int pin_link(struct bpf_link *link, const char *path)
{
	int fd = bpf_link__fd(link);
	int err = bpf_link__pin(link, path);

	bpf_link__disconnect(link);
	bpf_link__destroy(link);
	close(fd);
	return err;
}

/* One struct_ops map to attach, and how to undo it. */
struct attach {
	char pin[STORE_PATH_MAX];
	struct bpf_map *map;
	int old_link_fd;	/* the link this replaces, or -1 */
	int old_map_fd;		/* the old link's programs, for undoing */
	bool updated;		/* the old link now runs the new programs */
	bool pinned;		/* a new link was pinned at pin */
};

struct load {
	struct app *a;
	const char *source;		/* file loaded */
	char name[POLICY_NAME_MAX + 1];
	struct policy policy;
	bool is_policy;			/* a policy file, not a bare object */
	struct wmi_policy *skel;	/* the table policy, or meta only */
	struct bpf_object *objs[POLICY_MAX_BPF];
	size_t nr_objs;
	struct attach att[1 + WMI_META_MAX_OBJS];
	size_t nr_att;
};

static void attach_init(struct attach *x, const char *bpffs, const char *name,
			const char *leaf, struct bpf_map *map)
{
	memset(x, 0, sizeof(*x));
	store_path(x->pin, bpffs, name, leaf);
	x->map = map;
	x->old_link_fd = -1;
	x->old_map_fd = -1;
}

/* The programs an existing link runs, to put them back on failure. */
static int link_map_fd(int link_fd)
{
	struct bpf_link_info info = { };
	__u32 len = sizeof(info);

	if (bpf_link_get_info_by_fd(link_fd, &info, &len))
		return -errno;
	return bpf_map_get_fd_by_id(info.struct_ops.map_id);
}

static int do_attach(struct attach *x)
{
	char tmp[STORE_PATH_MAX + 8];
	struct bpf_link *link;
	int err;

	x->old_link_fd = bpf_obj_get(x->pin);
	if (x->old_link_fd < 0 && errno != ENOENT)
		return -errno;

	/*
	 * Attaching makes the new programs ready to run (libbpf registers
	 * them with the map). Replacing then swaps them into the old link.
	 */
	link = bpf_map__attach_struct_ops(x->map);
	if (!link)
		return -errno;

	if (x->old_link_fd < 0) {
		err = pin_link(link, x->pin);
		if (!err)
			x->pinned = true;
		return err;
	}

	x->old_map_fd = link_map_fd(x->old_link_fd);
	bpf_link__destroy(link);
	if (!bpf_link_update(x->old_link_fd, bpf_map__fd(x->map), NULL)) {
		x->updated = true;
		return 0;
	}

	/*
	 * The kernel only swaps programs bound to the same device. Otherwise
	 * the new link goes in beside the old and takes over its pin: both
	 * run for a moment, neither is ever missing.
	 */
	link = bpf_map__attach_struct_ops(x->map);
	if (!link)
		return -errno;
	snprintf(tmp, sizeof(tmp), "%s_new", x->pin);
	err = pin_link(link, tmp);
	if (!err && rename(tmp, x->pin)) {
		err = -errno;
		unlink(tmp);
	}
	return err;
}

static void undo_attach(struct attach *x)
{
	if (x->updated && x->old_map_fd >= 0)
		bpf_link_update(x->old_link_fd, x->old_map_fd, NULL);
	if (x->pinned)
		unlink(x->pin);
	x->updated = x->pinned = false;
}

static void attach_release(struct attach *x)
{
	if (x->old_link_fd >= 0)
		close(x->old_link_fd);
	if (x->old_map_fd >= 0)
		close(x->old_map_fd);
	x->old_link_fd = x->old_map_fd = -1;
}

/* Pin a map at its place, replacing an older map there in one rename. */
static int pin_map(const char *bpffs, const char *name, struct bpf_map *map, const char *leaf)
{
	char path[STORE_PATH_MAX], tmp[STORE_PATH_MAX + 8];
	int err;

	store_path(path, bpffs, name, leaf);
	snprintf(tmp, sizeof(tmp), "%s_new", path);
	unlink(tmp);
	err = bpf_map__pin(map, tmp);
	if (err)
		return err;
	if (rename(tmp, path)) {
		err = -errno;
		unlink(tmp);
		return err;
	}
	/* bpffs refuses dots in names: hence "_new". libbpf need not unpin it. */
	bpf_map__set_pin_path(map, NULL);
	return 0;
}

static void bind_guid(struct bpf_map *ops, const struct wmi_guid *g)
{
	size_t size;
	void *data = bpf_map__initial_value(ops, &size);

	if (data && size >= WMI_GUID_LEN)
		memcpy(data, g->b, WMI_GUID_LEN);
}

static void read_guid(struct bpf_map *ops, uint8_t out[16])
{
	size_t size;
	const void *data = bpf_map__initial_value(ops, &size);

	memset(out, 0, 16);
	if (data && size >= 16)
		memcpy(out, data, 16);
}

static bool is_struct_ops(const struct bpf_map *map)
{
	return bpf_map__type(map) == BPF_MAP_TYPE_STRUCT_OPS;
}

/* The kernel struct a struct_ops map implements, from the object's BTF. */
static const char *struct_ops_type(struct bpf_object *obj, const struct bpf_map *map)
{
	const struct btf *btf = bpf_object__btf(obj);
	const struct btf_type *t;

	if (!btf)
		return "?";
	t = btf__type_by_id(btf, bpf_map__btf_value_type_id(map));
	return t ? btf__name_by_offset(btf, t->name_off) : "?";
}

/*
 * A BPF object must be a regular file: libbpf would block on a FIFO named
 * *.bpf.o (in load --dir, at boot) and call a missing file "not a BPF
 * object". Exit status 1 for a file that cannot be read, 3 for one that
 * is no object.
 */
static int check_object_file(const char *path)
{
	struct stat st;

	if (stat(path, &st)) {
		errmsg("%s: %s", path, strerror(errno));
		return EXIT_FAILED;
	}
	if (!S_ISREG(st.st_mode)) {
		errmsg("%s: not a regular file, so not a BPF object", path);
		return EXIT_BAD_POLICY;
	}
	return EXIT_OK;
}

/* Open and verify a BPF object of wmi_bpf_ops programs. */
static int prepare_object(struct load *l, const char *path, const struct wmi_guid *device,
			  struct wmi_policy_meta *meta)
{
	struct bpf_object *obj;
	struct bpf_map *map;
	size_t before = meta->nr_objects;
	size_t i;
	char buf[128];
	int err, ret;

	ret = check_object_file(path);
	if (ret)
		return ret;
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		err = -errno;
		errmsg("%s: not a BPF object: %s", path, libbpf_error(err, buf, sizeof(buf)));
		log_show();
		return EXIT_BAD_POLICY;
	}
	l->objs[l->nr_objs++] = obj;

	bpf_object__for_each_map(map, obj) {
		if (!is_struct_ops(map))
			continue;
		if (strcmp(struct_ops_type(obj, map), "wmi_bpf_ops")) {
			errmsg("%s: struct_ops map %s is a %s, not wmi_bpf_ops", path,
			       bpf_map__name(map), struct_ops_type(obj, map));
			return EXIT_BAD_POLICY;
		}
		if (device)
			bind_guid(map, device);
		if (meta->nr_objects == WMI_META_MAX_OBJS) {
			errmsg("%s: at most %d wmi_bpf_ops maps per policy", path,
			       WMI_META_MAX_OBJS);
			return EXIT_BAD_POLICY;
		}
		for (i = 0; i < meta->nr_objects; i++) {
			if (!strcmp(meta->objects[i].name, bpf_map__name(map))) {
				errmsg("%s: a second wmi_bpf_ops map named %s in this policy",
				       path, bpf_map__name(map));
				return EXIT_BAD_POLICY;
			}
		}
		snprintf(meta->objects[meta->nr_objects].name,
			 sizeof(meta->objects[0].name), "%s", bpf_map__name(map));
		read_guid(map, meta->objects[meta->nr_objects].guid);
		meta->nr_objects++;
	}
	if (meta->nr_objects == before) {
		errmsg("%s: no wmi_bpf_ops struct_ops map: nothing to attach", path);
		return EXIT_BAD_POLICY;
	}

	log_reset();
	err = bpf_object__load(obj);
	if (err)
		return load_failure(path, err, EXIT_BAD_POLICY);

	bpf_object__for_each_map(map, obj) {
		char leaf[64];

		if (!is_struct_ops(map))
			continue;
		snprintf(leaf, sizeof(leaf), "obj-%s", bpf_map__name(map));
		attach_init(&l->att[l->nr_att++], l->a->cli->bpffs, l->name, leaf, map);
	}
	return EXIT_OK;
}

/* The table policy, filled from the file; or only its meta map. */
static int prepare_policy(struct load *l, struct wmi_policy_meta *meta)
{
	struct policy_tables t = { };
	struct wmi_policy *skel;
	struct bpf_map *map;
	size_t i;
	int err;

	skel = wmi_policy__open();
	if (!skel)
		return bpf_failure("opening the table policy", -errno);
	l->skel = skel;

	if (l->is_policy) {
		err = encode_policy(&l->policy, &t);
		if (err)
			return bpf_failure("encoding the rules", err);
		skel->rodata->pattern_mask = t.pattern_mask;
		skel->rodata->default_action = t.default_action;
		skel->rodata->default_error = t.default_error;
		skel->rodata->default_flags = t.default_flags;
		skel->rodata->default_origin = t.default_origin;
		bpf_map__set_max_entries(skel->maps.rules, t.nr ? t.nr : 1);
		bpf_map__set_max_entries(skel->maps.hits, t.nr + 1);
		if (!l->policy.all_devices)
			bind_guid(skel->maps.wmi_policy, &l->policy.device);
	} else {
		/* A bare object: keep only the meta map of this object. */
		bpf_object__for_each_map(map, skel->obj)
			if (map != skel->maps.meta)
				bpf_map__set_autocreate(map, false);
		bpf_program__set_autoload(skel->progs.policy_call, false);
		bpf_program__set_autoload(skel->progs.policy_done, false);
	}

	log_reset();
	err = wmi_policy__load(skel);
	if (err) {
		encode_free(&t);
		return load_failure("the table policy", err, EXIT_FAILED);
	}

	for (i = 0; i < t.nr; i++) {
		if (bpf_map__update_elem(skel->maps.rules, &t.keys[i], sizeof(t.keys[i]),
					 &t.values[i], sizeof(t.values[i]), BPF_NOEXIST)) {
			err = -errno;
			encode_free(&t);
			return bpf_failure("filling the rules", err);
		}
	}
	meta->nr_rules = t.nr;
	meta->default_action = t.default_action;
	meta->default_error = t.default_error;
	meta->default_flags = t.default_flags;
	meta->default_origin = t.default_origin;
	encode_free(&t);

	if (l->is_policy)
		attach_init(&l->att[l->nr_att++], l->a->cli->bpffs, l->name, "link",
			    skel->maps.wmi_policy);
	return EXIT_OK;
}

static int commit(struct load *l, const struct wmi_policy_meta *meta)
{
	static const char *const maps[] = { "rules", "hits", "audit" };
	const char *bpffs = l->a->cli->bpffs;
	char dir[STORE_PATH_MAX];
	char **old = NULL;
	size_t nr_old = 0, i, j;
	const char *step = "";
	__u32 zero = 0;
	int err = 0;

	if (bpf_map__update_elem(l->skel->maps.meta, &zero, sizeof(zero), meta, sizeof(*meta),
				 BPF_ANY))
		return bpf_failure("writing the policy's meta data", -errno);

	store_path(dir, bpffs, l->name, NULL);
	if (mkdir(bpffs, 0700) && errno != EEXIST)
		return bpf_failure(bpffs, -errno);
	if (mkdir(dir, 0700) && errno != EEXIST)
		return bpf_failure(dir, -errno);
	store_list_objects(bpffs, l->name, &old, &nr_old);

	for (i = 0; i < l->nr_att; i++) {
		err = do_attach(&l->att[i]);
		if (err) {
			step = l->att[i].pin;
			break;
		}
	}
	if (!err && l->is_policy) {
		for (j = 0; j < sizeof(maps) / sizeof(maps[0]) && !err; j++) {
			err = pin_map(bpffs, l->name,
				      bpf_object__find_map_by_name(l->skel->obj, maps[j]), maps[j]);
			step = maps[j];
		}
	}
	if (!err) {
		err = pin_map(bpffs, l->name, l->skel->maps.meta, "meta");
		step = "meta";
	}

	if (err) {
		errmsg("%s: attaching %s failed (%s); %s", l->source, step, strerror(-err),
		       nr_old || l->att[0].old_link_fd >= 0 ? "the policy loaded before stays" :
							     "nothing was loaded");
		while (i-- > 0)
			undo_attach(&l->att[i]);
		for (i = 0; i < l->nr_att; i++)
			attach_release(&l->att[i]);
		free_names(old, nr_old);
		if (!nr_old && l->att[0].old_link_fd < 0)
			store_remove(bpffs, l->name);
		log_show();
		return EXIT_FAILED;
	}

	/* Objects the new version no longer has stop now. */
	for (i = 0; i < nr_old; i++) {
		bool kept = false;

		for (j = 0; j < meta->nr_objects; j++)
			kept |= !strcmp(old[i], meta->objects[j].name);
		if (!kept) {
			char path[STORE_PATH_MAX + 8];

			snprintf(path, sizeof(path), "%s/obj-%s", dir, old[i]);
			unlink(path);
		}
	}
	if (!l->is_policy) {
		/* A bare object replacing a policy file: its table goes. */
		for (j = 0; j < sizeof(maps) / sizeof(maps[0]); j++) {
			char path[STORE_PATH_MAX];

			store_path(path, bpffs, l->name, maps[j]);
			unlink(path);
		}
		store_path(dir, bpffs, l->name, "link");
		unlink(dir);
	}
	for (i = 0; i < l->nr_att; i++)
		attach_release(&l->att[i]);
	free_names(old, nr_old);
	return EXIT_OK;
}

static void load_free(struct load *l)
{
	size_t i;

	for (i = 0; i < l->nr_objs; i++)
		bpf_object__close(l->objs[i]);
	wmi_policy__destroy(l->skel);
	policy_free(&l->policy);
}

static bool is_object(const char *path)
{
	size_t len = strlen(path);

	return len > 2 && !strcmp(path + len - 2, ".o");
}

static int load_one(struct app *a, const char *file, const char *name,
		    const struct wmi_guid *device)
{
	struct wmi_policy_meta meta = { };
	struct load l = { .a = a, .source = file };
	char real[PATH_MAX], *err = NULL;


	int ret;
	size_t i;

	l.is_policy = !is_object(file);
	if (l.is_policy) {
		ret = policy_parse_file(file, &l.policy, &err);
		if (ret) {
			errmsg("%s", err ? err : strerror(-ret));
			free(err);
			return policy_exit_code(ret);
		}
		snprintf(l.name, sizeof(l.name), "%s", l.policy.name);
		memcpy(meta.guid, l.policy.device.b, 16);
		if (l.policy.all_devices)
			memset(meta.guid, 0, 16);
	} else {
		if (name) {
			snprintf(l.name, sizeof(l.name), "%s", name);
		} else if (policy_name_from_file(file, l.name)) {
			errmsg("%s: cannot name a policy after this file (a name is "
			       POLICY_NAME_RULE "); give one with --name", file);
			return EXIT_USAGE;
		}
		if (device)
			memcpy(meta.guid, device->b, 16);
	}
	snprintf(meta.name, sizeof(meta.name), "%s", l.name);
	snprintf(meta.source, sizeof(meta.source), "%.255s", realpath(file, real) ? real : file);
	meta.loaded_at = time(NULL);
	meta.has_table = l.is_policy;

	ret = prepare_policy(&l, &meta);
	for (i = 0; !ret && i < (l.is_policy ? l.policy.nr_bpf : 1); i++)
		ret = prepare_object(&l, l.is_policy ? l.policy.bpf[i] : file,
				     l.is_policy ? NULL : device, &meta);
	if (!ret)
		ret = commit(&l, &meta);
	if (!ret && !a->cli->quiet)
		printf("loaded %s from %s\n", l.name, file);
	load_free(&l);
	return ret;
}

/* Does the file bind (only) to this device? For udev's --for-device. */
static bool bound_to(const char *file, const struct wmi_guid *device)
{
	struct policy p;
	struct bpf_object *obj;
	struct bpf_map *map;
	bool yes = false;
	struct stat st;
	uint8_t g[16];

	if (!is_object(file)) {
		if (policy_parse_file(file, &p, NULL))
			return false;
		yes = !p.all_devices && wmi_guid_equal(&p.device, device);
		policy_free(&p);
		return yes;
	}
	/* Not a FIFO, which would block libbpf's open. */
	if (stat(file, &st) || !S_ISREG(st.st_mode))
		return false;
	obj = bpf_object__open_file(file, NULL);
	if (!obj)
		return false;
	bpf_object__for_each_map(map, obj) {
		if (!is_struct_ops(map))
			continue;
		read_guid(map, g);
		yes |= !memcmp(g, device->b, 16);
	}
	bpf_object__close(obj);
	return yes;
}

/* Policy files and BPF objects. */
static bool is_loadable(const struct dirent *e, void *arg)
{
	size_t len = strlen(e->d_name);

	(void)arg;
	return (len > 5 && !strcmp(e->d_name + len - 5, ".yaml")) ||
	       (len > 6 && !strcmp(e->d_name + len - 6, ".bpf.o"));
}

/* Every policy and object in a directory, each on its own. */
static int load_dir(struct app *a)
{
	const struct wmi_guid *device = a->cli->has_device ? &a->cli->device : NULL;
	char **files = NULL, path[PATH_MAX];
	size_t nr = 0, i;
	int ret = EXIT_OK, r;

	r = list_names(a->cli->dir, is_loadable, NULL, &files, &nr);
	if (r) {
		errmsg("%s: %s", a->cli->dir, strerror(-r));
		return EXIT_FAILED;
	}

	for (i = 0; i < nr; i++) {
		snprintf(path, sizeof(path), "%s/%s", a->cli->dir, files[i]);
		if (device && !bound_to(path, device))
			continue;
		/* One bad file does not keep the others from loading. */
		r = load_one(a, path, NULL, NULL);
		if (r && !ret)
			ret = r;
	}
	free_names(files, nr);
	return ret;
}

int cmd_load(struct app *a)
{
	libbpf_print_fn_t old;
	int ret;

	/* Without bpffs nothing can be pinned: say so before any work. */
	ret = bpffs_require(a->cli->bpffs);
	if (ret)
		return ret;
	old = libbpf_set_print(capture_print);

	if (a->cli->dir)
		ret = load_dir(a);
	else
		ret = load_one(a, a->cli->file, a->cli->name,
			       a->cli->has_device ? &a->cli->device : NULL);
	libbpf_set_print(old);
	log_reset();
	return ret;
}

int cmd_unload(struct app *a)
{
	const char *bpffs = a->cli->bpffs;
	char **names = NULL;
	size_t nr = 0, i;
	int err, ret = EXIT_OK;

	if (a->cli->all) {
		ret = bpffs_require(bpffs);
		if (ret)
			return ret;
		err = store_list(bpffs, &names, &nr);
		if (err)
			return bpf_failure(bpffs, err);
	} else {
		ret = store_find(bpffs, a->cli->name);
		if (ret)
			return ret;
		names = malloc(sizeof(*names));
		if (!names)
			return EXIT_FAILED;
		names[0] = strdup(a->cli->name);
		nr = names[0] ? 1 : 0;
	}

	for (i = 0; i < nr; i++) {
		err = store_remove(bpffs, names[i]);
		if (err) {
			ret = bpf_failure(names[i], err);
			continue;
		}
		if (!a->cli->quiet)
			printf("unloaded %s\n", names[i]);
	}
	free_names(names, nr);
	return ret;
}

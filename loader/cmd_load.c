// SPDX-License-Identifier: GPL-2.0
/*
 * load.
 *
 * Loading is all or nothing: the policy file is parsed and checked, every
 * BPF object opened and verified, every map filled, and only then does
 * anything attach. A policy loaded under the same name before is replaced
 * in place: each of its links is swapped to the new programs
 * (BPF_LINK_UPDATE), so it keeps its place in the chain and is never
 * missing, and no call runs the old and the new together. This file
 * prepares the new version; the switch to it is the load transaction's
 * (transaction.c), whose steps, lock, staging directory and what a failure
 * or a kill at each step leaves are the contract in wmibpf(8), "LOADING
 * AND REPLACING".
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

#include "bind.h"
#include "bpffs.h"
#include "device_info.h"
#include "encode.h"
#include "guid.h"
#include "log.h"
#include "monitors.h"
#include "mof_bus.h"
#include "policy.h"
#include "rawio.h"
#include "store.h"
#include "text.h"
#include "transaction.h"
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

/* Where rawio_have() reads the capabilities; a test's file in the unit tests. */
#ifndef RAWIO_STATUS
#define RAWIO_STATUS "/proc/self/status"
#endif

struct load {
	struct app *a;
	const char *source;		/* file loaded */
	char name[POLICY_NAME_MAX + 1];
	struct policy policy;
	bool is_policy;			/* a policy file, not a bare object */
	struct wmi_policy *skel;	/* the table policy, or meta only */
	struct bpf_object *objs[POLICY_MAX_BPF];
	size_t nr_objs;
	struct transaction tx;		/* its maps to attach, then the switch */
};

/* The table policy's own map, whose struct is ours: guid first. */
static void bind_guid(struct bpf_map *ops, const struct wmi_guid *g)
{
	size_t size;
	void *data = bpf_map__initial_value(ops, &size);

	if (data && size >= WMI_GUID_LEN)
		memcpy(data, g->b, WMI_GUID_LEN);
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
 * A rule that answers calls or sends them raw needs CAP_SYS_RAWIO at
 * load: the kernel would refuse it every call (rawio.h).
 */
static int rawio_rules(struct load *l)
{
	unsigned int line;

	if (rawio_have(RAWIO_STATUS))
		return EXIT_OK;
	line = rawio_policy_rule(&l->policy);
	if (!line)
		return EXIT_OK;
	errmsg("%s:%u: a rule that answers calls or sends them raw needs CAP_SYS_RAWIO when its "
	       "policy is loaded, and this wmibpf has not: the kernel would refuse it every "
	       "call (EPERM); load it with CAP_SYS_RAWIO", l->source, line);
	return EXIT_FAILED;
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

/*
 * Open and verify a BPF object of wmi_bpf_ops programs: a bare one, bound
 * to device if given, or the policy's object idx, bound to the policy's
 * device (bind.h).
 */
static int prepare_object(struct load *l, const char *path, const struct wmi_guid *device,
			  size_t idx, struct wmi_policy_meta *meta)
{
	struct bpf_object *obj;
	struct bpf_map *map;
	size_t before = meta->nr_objects;
	size_t i;
	const char *kfunc;
	char buf[128], *msg;
	uint8_t *guid;
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

	kfunc = rawio_object_kfunc(obj);
	if (kfunc && !rawio_have(RAWIO_STATUS)) {
		errmsg("%s: calls %s, which alters calls: the kernel lets it only if whoever "
		       "loads it has CAP_SYS_RAWIO, and this wmibpf has not; load it with "
		       "CAP_SYS_RAWIO", path, kfunc);
		return EXIT_FAILED;
	}

	if (wmi_object_pinned_map(obj)) {
		errmsg("%s: map %s is pinned by name: an object's maps are its own, the "
		       "loader pins them", path, wmi_object_pinned_map(obj));
		return EXIT_BAD_POLICY;
	}

	if (l->is_policy) {
		err = policy_bind_object(&l->policy, idx, obj, &msg);
		if (err) {
			errmsg("%s", msg ? msg : strerror(-err));
			free(msg);
			return err == -EINVAL ? EXIT_BAD_POLICY : EXIT_FAILED;
		}
	}
	bpf_object__for_each_map(map, obj) {
		if (!is_struct_ops(map))
			continue;
		if (strcmp(struct_ops_type(obj, map), "wmi_bpf_ops")) {
			errmsg("%s: struct_ops map %s is a %s, not wmi_bpf_ops", path,
			       bpf_map__name(map), struct_ops_type(obj, map));
			return EXIT_BAD_POLICY;
		}
		/*
		 * Where libbpf takes the kernel's guid from (bind.h), not bytes
		 * 0-15. Without the member the kernel's stays zero, every
		 * device: right to record, but no way to bind to one.
		 */
		err = wmi_ops_guid(obj, map, &guid);
		if (err == -EINVAL || (err && device)) {
			errmsg("%s: wmi_bpf_ops map %s has no guid member to bind: one of 16 "
			       "bytes, named guid once", path, bpf_map__name(map));
			return EXIT_BAD_POLICY;
		}
		if (!err && device)
			memcpy(guid, device->b, WMI_GUID_LEN);
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
		if (err)
			memset(meta->objects[meta->nr_objects].guid, 0, WMI_GUID_LEN);
		else
			memcpy(meta->objects[meta->nr_objects].guid, guid, WMI_GUID_LEN);
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
		transaction_add(&l->tx, leaf, map);
	}
	return EXIT_OK;
}

/* The maps every policy shares with the monitors, made once. */
static int shared_maps(struct load *l)
{
	int fd, outer, slots, err, ret;

	ret = store_lock(l->a->cli->bpffs, l->a->cli->quiet, &fd);
	if (ret)
		return ret;
	err = monitors_open(l->a->cli->bpffs, &outer, &slots);
	store_unlock(fd);
	if (err)
		return bpf_failure("the monitors' maps", err);
	err = bpf_map__reuse_fd(l->skel->maps.monitors, outer);
	if (!err)
		err = bpf_map__reuse_fd(l->skel->maps.monitor_slots, slots);
	close(outer);
	close(slots);
	return err ? bpf_failure("the monitors' maps", err) : EXIT_OK;
}

/* Does the policy decide who reads events (read rules)? */
static bool has_read_rules(const struct policy *p)
{
	size_t i;

	for (i = 0; i < p->nr_rules; i++)
		if (p->rules[i].origin == WMI_POLICY_ORIGIN_READER)
			return true;
	return false;
}

/*
 * Does the kernel's struct wmi_bpf_ops have event_open? In vmlinux's BTF,
 * or in the wmi module's (a DKMS wmi.ko). -1 if its BTF cannot tell: then
 * libbpf says what it finds.
 */
static int kernel_has_event_open(void)
{
	struct btf *vmlinux = btf__load_vmlinux_btf(), *module = NULL, *core = vmlinux;
	const struct btf_member *m;
	const struct btf_type *t;
	int id, ret = -1;
	__u16 i;

	if (!vmlinux)
		return -1;
	id = btf__find_by_name_kind(vmlinux, "wmi_bpf_ops", BTF_KIND_STRUCT);
	if (id <= 0) {
		module = btf__load_module_btf("wmi", vmlinux);
		core = module;
		id = core ? btf__find_by_name_kind(core, "wmi_bpf_ops", BTF_KIND_STRUCT) : -1;
	}
	if (id > 0) {
		t = btf__type_by_id(core, id);
		ret = 0;
		for (i = 0, m = btf_members(t); i < btf_vlen(t); i++, m++)
			if (!strcmp(btf__name_by_offset(core, m->name_off), "event_open"))
				ret = 1;
	}
	btf__free(module);
	btf__free(vmlinux);
	return ret;
}

/*
 * The rules, for this machine: a rule naming a device acts on calls through
 * its aliases too, which evaluate the same firmware method, and the rules
 * of aliased devices are one device's (encode_same_devices()). 0, or the
 * exit status, said.
 */
static int encode_here(struct load *l, struct policy_tables *t)
{
	struct wmi_alias *aliases;
	char msg[256];
	size_t nr;
	int err;

	err = device_aliases(l->a->cli->sysfs, &aliases, &nr);
	if (err) {
		errmsg("%s/bus/wmi/devices: %s (the devices' aliases cannot be known)",
		       l->a->cli->sysfs, strerror(-err));
		return EXIT_FAILED;
	}
	err = encode_same_devices(&l->policy, aliases, nr, msg, sizeof(msg));
	if (err == -EEXIST) {
		free(aliases);
		errmsg("%s:%s", l->source, msg);
		return EXIT_BAD_POLICY;
	}
	if (!err)
		err = encode_policy(&l->policy, t);
	if (!err)
		err = encode_aliases(t, aliases, nr);
	free(aliases);
	return err ? bpf_failure("encoding the rules", err) : 0;
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
		err = encode_here(l, &t);
		if (err) {
			encode_free(&t);
			return err;
		}
		skel->rodata->pattern_mask = t.pattern_mask;
		memcpy((void *)skel->rodata->rule_gids, t.gids, sizeof(t.gids));
		skel->rodata->nr_rule_gids = t.nr_gids;
		skel->rodata->default_action = t.default_action;
		skel->rodata->default_error = t.default_error;
		skel->rodata->default_flags = t.default_flags;
		skel->rodata->default_origin = t.default_origin;
		bpf_map__set_max_entries(skel->maps.rules, t.nr_keys ? t.nr_keys : 1);
		bpf_map__set_max_entries(skel->maps.conds, t.nr_conds ? t.nr_conds : 1);
		/* The default's, each rule's, the lost events'. */
		bpf_map__set_max_entries(skel->maps.hits, WMI_RULE_LOST(t.nr) + 1);
		skel->rodata->lost_id = WMI_RULE_LOST(t.nr);
		memcpy((char *)skel->rodata->policy_name, l->name,
		       strnlen(l->name, sizeof(skel->rodata->policy_name)));
		err = shared_maps(l);
		if (err) {
			encode_free(&t);
			return err;
		}
		if (!l->policy.all_devices)
			bind_guid(skel->maps.wmi_policy, &l->policy.device);
		/*
		 * Without read rules the policy leaves event_open out, so it
		 * loads on kernels whose struct wmi_bpf_ops has none (libbpf
		 * skips a NULL member the kernel lacks); with them it needs it.
		 */
		if (!has_read_rules(&l->policy)) {
			skel->struct_ops.wmi_policy->event_open = NULL;
			bpf_program__set_autoload(skel->progs.policy_event_open, false);
		} else if (!kernel_has_event_open()) {
			encode_free(&t);
			errmsg("%s: this kernel cannot decide who reads events: its struct "
			       "wmi_bpf_ops has no event_open (the policy has read rules)",
			       l->policy.path);
			return EXIT_FAILED;
		}
	} else {
		/* A bare object: keep only the meta map of this object. */
		bpf_object__for_each_map(map, skel->obj)
			if (map != skel->maps.meta)
				bpf_map__set_autocreate(map, false);
		bpf_program__set_autoload(skel->progs.policy_call, false);
		bpf_program__set_autoload(skel->progs.policy_done, false);
		bpf_program__set_autoload(skel->progs.policy_event_open, false);
	}

	log_reset();
	err = wmi_policy__load(skel);
	if (err) {
		encode_free(&t);
		return load_failure("the table policy", err, EXIT_FAILED);
	}

	for (i = 0; i < t.nr_keys; i++) {
		if (bpf_map__update_elem(skel->maps.rules, &t.keys[i], sizeof(t.keys[i]),
					 &t.values[i], sizeof(t.values[i]), BPF_NOEXIST)) {
			err = -errno;
			encode_free(&t);
			return bpf_failure("filling the rules", err);
		}
	}
	for (i = 0; i < t.nr_conds; i++) {
		__u32 k = i;

		if (bpf_map__update_elem(skel->maps.conds, &k, sizeof(k), &t.conds[i],
					 sizeof(t.conds[i]), BPF_ANY)) {
			err = -errno;
			encode_free(&t);
			return bpf_failure("filling the rules' conditions", err);
		}
	}
	meta->nr_rules = t.nr;
	meta->default_action = t.default_action;
	meta->default_error = t.default_error;
	meta->default_flags = t.default_flags;
	meta->default_origin = t.default_origin;
	encode_free(&t);

	if (l->is_policy)
		transaction_add(&l->tx, "link", skel->maps.wmi_policy);
	return EXIT_OK;
}

/* The binding a version of the policy gives the link at leaf; NULL if it has none. */
static const uint8_t *binding(const struct wmi_policy_meta *m, const char *leaf)
{
	size_t i;

	if (!strcmp(leaf, "link"))
		return m->has_table ? m->guid : NULL;
	for (i = 0; i < m->nr_objects && i < WMI_META_MAX_OBJS; i++)
		if (!strcmp(leaf + 4, m->objects[i].name))
			return m->objects[i].guid;
	return NULL;
}

/*
 * The kernel swaps a link's programs in place only for programs bound to
 * the same device: otherwise old and new would have to run side by side,
 * or neither for a moment, and wmibpf does neither.
 */
static int check_bindings(struct load *l, const struct wmi_policy_meta *old,
			  const struct wmi_policy_meta *meta)
{
	char was[WMI_GUID_STR_LEN + 1], now[WMI_GUID_STR_LEN + 1];
	const uint8_t *a, *b;
	size_t i;

	for (i = 0; i < l->tx.nr_att; i++) {
		if (!l->tx.att[i].replaces)
			continue;
		a = binding(old, l->tx.att[i].leaf);
		b = binding(meta, l->tx.att[i].leaf);
		if (!a || !b || !memcmp(a, b, 16))
			continue;
		wmi_binding_format(a, was);
		wmi_binding_format(b, now);
		errmsg("%s: %s would move from device %s to %s: a loaded policy's programs are "
		       "swapped only for programs bound to the same device, so that the old and "
		       "the new never run together and the policy is never missing; to move it, "
		       "unload %s first (or load it under another name); the policy loaded "
		       "before stays", l->source, l->tx.att[i].leaf, was, now, l->name);
		return EXIT_FAILED;
	}
	return EXIT_OK;
}

/*
 * The switch, as one transaction (transaction.h): concurrent loaders take
 * turns, what an interrupted one left is put right first, and a replace
 * that would move a link to another device changes nothing.
 */
static int load_commit(struct load *l, const struct wmi_policy_meta *meta)
{
	struct transaction *t = &l->tx;
	int ret;

	t->bpffs = l->a->cli->bpffs;
	t->name = l->name;
	t->source = l->source;
	t->quiet = l->a->cli->quiet;
	t->has_table = l->is_policy;
	t->table = l->skel->obj;
	t->meta = l->skel->maps.meta;
	t->mode = l->skel->maps.mode;
	ret = transaction_begin(t);
	if (!ret)
		ret = check_bindings(l, &t->old, meta);
	if (!ret)
		ret = transaction_commit(t, meta);
	transaction_end(t);
	return ret;
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

/*
 * The names policies may use: this machine's bMOF, read once for all the
 * files of a load --dir (kept until exit).
 */
static const struct policy_names *machine_names(const struct app *a)
{
	static struct policy_names names;
	static const struct policy_names *known;
	static struct mof_bus bus;
	static bool read;

	if (!read)
		known = mof_bus_names(&bus, a->cli->sysfs, &names);
	read = true;
	return known;
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
		ret = policy_parse_file_names(file, machine_names(a), &l.policy, &err);
		if (ret) {
			errmsg("%s", err ? err : strerror(-ret));
			free(err);
			return policy_exit_code(ret);
		}
		snprintf(l.name, sizeof(l.name), "%s", l.policy.name);
		ret = rawio_rules(&l);
		if (ret) {
			policy_free(&l.policy);
			return ret;
		}
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
				     l.is_policy ? NULL : device, i, &meta);
	if (!ret)
		ret = load_commit(&l, &meta);
	if (!ret && !a->cli->quiet)
		printf("loaded %s from %s\n", l.name, file);
	load_free(&l);
	return ret;
}

/* Does the file bind (only) to this device? For udev's --for-device. */
static bool bound_to(const struct app *a, const char *file, const struct wmi_guid *device)
{
	struct policy p;
	struct bpf_object *obj;
	struct bpf_map *map;
	bool yes = false;
	struct stat st;
	uint8_t *g;

	if (!is_object(file)) {
		if (policy_parse_file_names(file, machine_names(a), &p, NULL))
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
		if (!wmi_ops_map(obj, map) || wmi_ops_guid(obj, map, &g))
			continue;
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
		if (device && !bound_to(a, path, device))
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

enum { OPT_NAME = CLI_OPT_VERB, OPT_DEVICE, OPT_FOR_DEVICE, OPT_DIR };

static const struct option load_options[] = {
	{ "name", required_argument, NULL, OPT_NAME },
	{ "device", required_argument, NULL, OPT_DEVICE },
	{ "for-device", required_argument, NULL, OPT_FOR_DEVICE },
	{ "dir", required_argument, NULL, OPT_DIR },
	{ }
};

static int load_option(struct cli *c, int opt, const char *arg, char **err)
{
	switch (opt) {
	case OPT_NAME:
		c->name = arg;
		return cli_check_name("load", "--name: ", arg, err);
	case OPT_DIR:
		c->dir = arg;
		return EXIT_OK;
	default:
		if (c->has_device)
			return cli_usage_error(err, "load: give --device or --for-device once");
		c->for_device = opt == OPT_FOR_DEVICE;
		if (wmi_guid_parse(arg, &c->device))
			return cli_usage_error(err, "%s: expected a GUID such as "
					       "FE733490-2E22-4EDB-A7B5-BC248874D383, found '%s'",
					       c->for_device ? "--for-device" : "--device", arg);
		c->has_device = true;
		return EXIT_OK;
	}
}

static int load_args(struct cli *c, char **args, size_t nargs, char **err)
{
	if (c->dir && nargs)
		return cli_usage_error(err, "load: give a FILE or --dir, not both");
	if (!c->dir && nargs != 1)
		return cli_usage_error(err, "load: expected one FILE (or --dir DIR)");
	if (c->for_device && !c->dir)
		return cli_usage_error(err, "load: --for-device goes with --dir");
	if (c->dir && (c->name || (c->has_device && !c->for_device)))
		return cli_usage_error(err, "load: --name and --device go with a FILE");
	c->file = nargs ? args[0] : NULL;
	return EXIT_OK;
}

const struct cli_verb verb_load = {
	.name = "load",
	.summary =
	"  load FILE                load a policy file or a BPF object, or replace it\n"
	"  load --dir DIR           load every policy in DIR (at boot)\n",
	.usage =
	"Usage: wmibpf load FILE [--name NAME] [--device GUID]\n"
	"       wmibpf load --dir DIR [--for-device GUID]\n"
	"\n"
	"Load a policy file (YAML), or a BPF object of wmi_bpf_ops programs such\n"
	"as a vendor translator. A policy already loaded under the same name is\n"
	"replaced in one step: there is no moment without it. A file or object\n"
	"with an error changes nothing.\n"
	"\n"
	"  --name NAME        name of a BPF object's policy [the file's name]\n"
	"  --device GUID      bind a BPF object's programs to this device\n"
	"  --dir DIR          load every *.yaml and *.bpf.o in DIR, in name order\n"
	"  --for-device GUID  with --dir: only the policies bound to this device\n"
	"                     (udev runs this when a WMI device appears)\n",
	.options = load_options,
	.option = load_option,
	.args = load_args,
	.run = cmd_load,
	.root = true,
};

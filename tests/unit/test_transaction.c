// SPDX-License-Identifier: GPL-2.0
/*
 * The load transaction (loader/transaction.c), through its API, failed and
 * killed at every one of its fault points (loader/fault.h), against a fake
 * kernel: maps and struct_ops links live in shared memory, so that they
 * outlive a child killed mid-load, and pins are files naming them. The
 * contract is wmibpf(8), "LOADING AND REPLACING": a failure before the
 * commit leaves the old version exactly as it was (the same links running
 * the same maps); after a kill, the next load or unload puts it right. The
 * in-guest test wmibpf_atomic kills a few real loads; every step is tried
 * here, in milliseconds.
 */

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "store.h"
#include "transaction.h"
#include "wmibpf.h"

#include <cmocka.h>

#define NR_MAPS		32
#define NR_LINKS	64
#define NR_FDS		1024

/* The kernel's side: ids index the arrays, 0 is none. */
struct fake_kernel {
	struct {
		unsigned char value[sizeof(struct wmi_policy_meta)];
		size_t size;		/* of the value written; 0: none */
		bool ready;		/* its programs written in (ops_prepare()) */
	} maps[NR_MAPS];
	struct {
		bool attached;
		unsigned int map;	/* the struct_ops map it runs */
	} links[NR_LINKS];
	unsigned int nr_links;
};
static struct fake_kernel *k;

/* This process's file descriptors and the objects they hold. */
enum kind { NONE, MAP, LINK };
static struct {
	enum kind kind;
	unsigned int id;
} fds[NR_FDS];
static int map_fds[NR_MAPS];
static const char *refuse_pin;		/* bpf_obj_pin() fails for this leaf */

/* A struct bpf_map * of the fake: the address of handles[id]. */
static char handles[NR_MAPS];
#define MAP(id) ((struct bpf_map *)&handles[id])

static unsigned int map_id(const struct bpf_map *map)
{
	return (const char *)map - handles;
}

static int new_fd(enum kind kind, unsigned int id)
{
	int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);

	assert_true(fd >= 0 && fd < NR_FDS);
	fds[fd].kind = kind;
	fds[fd].id = id;
	return fd;
}

static bool is(int fd, enum kind kind)
{
	return fd >= 0 && fd < NR_FDS && fds[fd].kind == kind;
}

static int refuse(int err)
{
	errno = err;
	return -1;
}

int __wrap_bpf_map__fd(const struct bpf_map *map)
{
	unsigned int id = map_id(map);

	if (!map_fds[id])
		map_fds[id] = new_fd(MAP, id);
	return map_fds[id];
}

/* A pin holds its object as bpffs does: the file says which. */
int __wrap_bpf_obj_pin(int fd, const char *path)
{
	FILE *f;

	if (!is(fd, MAP) && !is(fd, LINK))
		return refuse(EBADF);
	if (!access(path, F_OK))
		return refuse(EEXIST);
	if (refuse_pin && !strcmp(strrchr(path, '/') + 1, refuse_pin))
		return refuse(ENOSPC);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fprintf(f, "%c %u\n", fds[fd].kind == MAP ? 'm' : 'l', fds[fd].id);
	return fclose(f);
}

int __wrap_bpf_obj_get(const char *path)
{
	FILE *f = fopen(path, "r");
	unsigned int id;
	char kind;
	int n;

	if (!f)
		return -1;
	n = fscanf(f, "%c %u", &kind, &id);
	fclose(f);
	assert_int_equal(n, 2);
	return new_fd(kind == 'm' ? MAP : LINK, id);
}

/* A map in a link that runs already is taken, as the kernel says. */
static bool in_use(unsigned int map)
{
	unsigned int i;

	for (i = 1; i <= k->nr_links; i++)
		if (k->links[i].attached && k->links[i].map == map)
			return true;
	return false;
}

/* ops_prepare(): with no file descriptor free, the map is ready, unattached. */
struct bpf_link *__wrap_bpf_map__attach_struct_ops(const struct bpf_map *map)
{
	k->maps[map_id(map)].ready = true;
	errno = EMFILE;
	return NULL;
}

int __wrap_bpf_link_create(int map_fd, int target_fd, enum bpf_attach_type type,
			   const struct bpf_link_create_opts *opts)
{
	unsigned int id;

	(void)target_fd;
	(void)opts;
	assert_int_equal(type, BPF_STRUCT_OPS);
	if (!is(map_fd, MAP) || !k->maps[fds[map_fd].id].ready)
		return refuse(EINVAL);
	if (in_use(fds[map_fd].id))
		return refuse(EBUSY);
	assert_true(k->nr_links < NR_LINKS - 1);
	id = ++k->nr_links;
	k->links[id].attached = true;
	k->links[id].map = fds[map_fd].id;
	return new_fd(LINK, id);
}

int __wrap_bpf_link_update(int link_fd, int map_fd, const struct bpf_link_update_opts *opts)
{
	unsigned int link;

	if (!is(link_fd, LINK) || !is(map_fd, MAP) || !k->maps[fds[map_fd].id].ready)
		return refuse(EINVAL);
	link = fds[link_fd].id;
	if (!k->links[link].attached)
		return refuse(ENOLINK);
	if (opts && (opts->flags & BPF_F_REPLACE) &&
	    (!is(opts->old_map_fd, MAP) || fds[opts->old_map_fd].id != k->links[link].map))
		return refuse(EPERM);
	if (in_use(fds[map_fd].id))
		return refuse(EBUSY);
	k->links[link].map = fds[map_fd].id;
	return 0;
}

int __wrap_bpf_link_detach(int fd)
{
	if (!is(fd, LINK))
		return refuse(EINVAL);
	k->links[fds[fd].id].attached = false;
	return 0;
}

int __wrap_bpf_link_get_info_by_fd(int fd, struct bpf_link_info *info, __u32 *len)
{
	(void)len;
	if (!is(fd, LINK))
		return refuse(EINVAL);
	info->id = fds[fd].id;
	info->struct_ops.map_id = k->links[fds[fd].id].map;
	return 0;
}

int __wrap_bpf_map_get_info_by_fd(int fd, struct bpf_map_info *info, __u32 *len)
{
	(void)len;
	if (!is(fd, MAP))
		return refuse(EINVAL);
	info->id = fds[fd].id;
	return 0;
}

int __wrap_bpf_map_get_fd_by_id(__u32 id)
{
	return id && id < NR_MAPS ? new_fd(MAP, id) : refuse(ENOENT);
}

int __wrap_bpf_map_lookup_elem(int fd, const void *key, void *value)
{
	(void)key;
	if (!is(fd, MAP))
		return refuse(EBADF);
	if (!k->maps[fds[fd].id].size)
		return refuse(ENOENT);
	memcpy(value, k->maps[fds[fd].id].value, k->maps[fds[fd].id].size);
	return 0;
}

int __wrap_bpf_map__update_elem(const struct bpf_map *map, const void *key, size_t key_sz,
				const void *value, size_t value_sz, __u64 flags)
{
	unsigned int id = map_id(map);

	(void)key;
	(void)key_sz;
	(void)flags;
	assert_true(value_sz <= sizeof(k->maps[id].value));
	memcpy(k->maps[id].value, value, value_sz);
	k->maps[id].size = value_sz;
	return 0;
}

/*
 * A version of policy "p": the table policy's maps and link, and one
 * object map per name in objs; the maps' ids start at base.
 */
struct version {
	struct wmi_policy_meta meta;
	struct transaction t;
	unsigned int base;
};

static const char *const table_maps[] = { "rules", "conds", "hits", "mode", "meta" };

struct bpf_map *__wrap_bpf_object__find_map_by_name(const struct bpf_object *obj,
						    const char *name)
{
	const struct version *v = (const struct version *)obj;
	unsigned int i;

	for (i = 0; i < sizeof(table_maps) / sizeof(table_maps[0]); i++)
		if (!strcmp(name, table_maps[i]))
			return MAP(v->base + i);
	return NULL;
}

static char dir[] = "/tmp/wmibpf-transaction-XXXXXX";
static struct version v1, v2;

static void version_init(struct version *v, unsigned int base, const char *const *objs,
			 size_t nr)
{
	struct transaction *t = &v->t;
	size_t i;

	memset(v, 0, sizeof(*v));
	v->base = base;
	v->meta.has_table = true;
	memset(v->meta.guid, 1, sizeof(v->meta.guid));

	/* As cmd_load.c does; the maps rules, conds, hits by name (table_maps). */
	t->bpffs = dir;
	t->name = "p";
	t->source = "p.yaml";
	t->quiet = true;
	t->has_table = true;
	t->table = (struct bpf_object *)v;
	t->mode = MAP(base + 3);
	t->meta = MAP(base + 4);
	t->lock = -1;
	/* The table policy first, then the objects. */
	transaction_add(t, "link", MAP(base + 5));
	for (i = 0; i < nr; i++) {
		char leaf[64];

		snprintf(leaf, sizeof(leaf), "obj-%s", objs[i]);
		transaction_add(t, leaf, MAP(base + 6 + i));
		snprintf(v->meta.objects[i].name, sizeof(v->meta.objects[i].name), "%s", objs[i]);
		memset(v->meta.objects[i].guid, 1, 16);
	}
	v->meta.nr_objects = nr;
}

static int setup(void **state)
{
	static const char *const objs1[] = { "x", "old" }, *const objs2[] = { "x", "new" };

	(void)state;
	k = mmap(NULL, sizeof(*k), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (k == MAP_FAILED || !mkdtemp(dir))
		return -1;
	memset(fds, 0, sizeof(fds));
	memset(map_fds, 0, sizeof(map_fds));
	refuse_pin = NULL;
	version_init(&v1, 1, objs1, 2);
	version_init(&v2, 11, objs2, 2);
	unsetenv("WMIBPF_FAULT");
	return 0;
}

static int teardown(void **state)
{
	char cmd[64];
	int i;

	(void)state;
	for (i = 0; i < NR_MAPS; i++)
		if (map_fds[i])
			close(map_fds[i]);
	munmap(k, sizeof(*k));
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		return -1;
	strcpy(dir, "/tmp/wmibpf-transaction-XXXXXX");
	unsetenv("WMIBPF_FAULT");
	return 0;
}

/* What a pin names: "m3", or for a link "l2>m6" (what it runs), "l2-" if detached. */
static void describe(const char *path, char *out, size_t size)
{
	int fd = __wrap_bpf_obj_get(path);
	unsigned int id = fds[fd].id;

	if (fds[fd].kind == MAP)
		snprintf(out, size, "m%u", id);
	else if (k->links[id].attached)
		snprintf(out, size, "l%u>m%u", id, k->links[id].map);
	else
		snprintf(out, size, "l%u-", id);
	close(fd);
}

/* Is a link held by a pin in sub? */
static bool pinned_in(const char *sub, unsigned int link)
{
	char path[256], what[32], want[16], **names;
	size_t nr, i;
	bool found = false;

	snprintf(path, sizeof(path), "%s/%s", dir, sub);
	if (list_names(path, NULL, NULL, &names, &nr))
		return false;
	snprintf(want, sizeof(want), "l%u>", link);
	for (i = 0; i < nr; i++) {
		snprintf(path, sizeof(path), "%s/%s/%s", dir, sub, names[i]);
		describe(path, what, sizeof(what));
		found |= !strncmp(what, want, strlen(want));
	}
	free_names(names, nr);
	return found;
}

/* Links no pin holds: after a process dies the kernel frees them. */
static int unpinned_links(bool reap)
{
	unsigned int i;
	int n = 0;

	for (i = 1; i <= k->nr_links; i++) {
		if (!k->links[i].attached || pinned_in("p", i) || pinned_in("-staging-p", i))
			continue;
		n++;
		if (reap)
			k->links[i].attached = false;
	}
	return n;
}

/*
 * All that can be seen: every pin of the policy and of its staging
 * directory with what it holds, and the links that act.
 */
static const char *state(void)
{
	static const char *const subs[] = { "p", "-staging-p" };
	static char out[2048];
	char path[256], what[32], **names;
	size_t nr, i, s;

	out[0] = '\0';
	for (s = 0; s < 2; s++) {
		snprintf(path, sizeof(path), "%s/%s", dir, subs[s]);
		if (list_names(path, NULL, NULL, &names, &nr))
			continue;
		for (i = 0; i < nr; i++) {
			snprintf(path, sizeof(path), "%s/%s/%s", dir, subs[s], names[i]);
			describe(path, what, sizeof(what));
			snprintf(out + strlen(out), sizeof(out) - strlen(out), "%s/%s=%s ",
				 subs[s], names[i], what);
		}
		free_names(names, nr);
	}
	snprintf(out + strlen(out), sizeof(out) - strlen(out), "| %d unpinned links",
		 unpinned_links(false));
	return out;
}

/* A state without link ids: links a killed load made and the kernel freed took some. */
static const char *shape(const char *s)
{
	static char out[2048];
	size_t o = 0;

	for (; *s && o < sizeof(out) - 1; s++) {
		out[o++] = *s;
		if (*s == 'l' && s[1] >= '0' && s[1] <= '9')
			while (s[1] >= '0' && s[1] <= '9')
				s++;
	}
	out[o] = '\0';
	return out;
}

/*
 * WMIBPF_FAULT, from a static buffer: setenv() would leave a copy of each
 * value behind that valgrind counts as lost.
 */
static void set_fault(const char *what)
{
	static char env[96];

	snprintf(env, sizeof(env), "WMIBPF_FAULT=%s", what);
	putenv(env);
}

/*
 * A load or replace of v, as cmd_load.c makes it: under the lock, after
 * recovering what is left to (nothing, here), the switch.
 */
static int load(struct version *v)
{
	int ret = transaction_begin(&v->t);

	if (!ret)
		ret = transaction_commit(&v->t, &v->meta);
	transaction_end(&v->t);
	return ret;
}

/* Run load() with stderr in a file; what it wrote comes back in err. */
static int run_commit(struct version *v, const char *fault, char *err, size_t size)
{
	int saved, ret;
	FILE *f = tmpfile();

	assert_non_null(f);
	if (fault)
		set_fault(fault);
	fflush(stderr);
	saved = dup(2);
	dup2(fileno(f), 2);
	ret = load(v);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	unsetenv("WMIBPF_FAULT");
	rewind(f);
	size = fread(err, 1, size - 1, f);
	err[size] = '\0';
	fclose(f);
	return ret;
}

/* The steps of a commit, from WMIBPF_FAULT=trace, in order. */
static void steps_of(struct version *v, char steps[][32], size_t *nr)
{
	char err[4096], *line;

	assert_int_equal(run_commit(v, "trace", err, sizeof(err)), EXIT_OK);
	*nr = 0;
	for (line = strtok(err, "\n"); line; line = strtok(NULL, "\n")) {
		if (strncmp(line, "wmibpf: fault point ", 20))
			continue;
		assert_true(*nr < 32);
		snprintf(steps[(*nr)++], 32, "%s", line + 20);
	}
}

static const char *joined(char steps[][32], size_t nr)
{
	static char out[32 * 33];
	size_t i;

	out[0] = '\0';
	for (i = 0; i < nr; i++) {
		strcat(out, steps[i]);
		strcat(out, " ");
	}
	return out;
}

/* Did the load get as far as a staging directory (`wmibpf list`: interrupted)? */
static bool staged(void)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/-staging-p", dir);
	return !access(path, F_OK);
}

/* The next load's or unload's first move (transaction_begin(), unload_one()). */
static int recover(void)
{
	return transaction_recover(dir, "p");
}

/* load() in a child that WMIBPF_FAULT=STEP:kill kills; the kernel frees what it held. */
static void kill_at(struct version *v, const char *step)
{
	char fault[64];
	int status;
	pid_t pid;

	snprintf(fault, sizeof(fault), "%s:kill", step);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		dup2(null, 2);
		set_fault(fault);
		load(v);
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	unpinned_links(true);
}

/* Only what `wmibpf unload` removes: nothing pinned, no link acts. */
static void unload(void)
{
	char path[256];
	unsigned int i;

	assert_true(recover() >= 0);
	snprintf(path, sizeof(path), "%s/p", dir);
	if (!access(path, F_OK))
		assert_int_equal(store_remove(dir, "p"), 0);
	assert_string_equal(state(), "| 0 unpinned links");
	for (i = 1; i <= k->nr_links; i++)
		assert_false(k->links[i].attached);
}

/* A fresh kernel with v1 loaded; its state comes back. */
static const char *fresh_v1(char *buf, size_t size)
{
	char err[1024];

	teardown(NULL);
	setup(NULL);
	assert_int_equal(run_commit(&v1, NULL, err, sizeof(err)), EXIT_OK);
	snprintf(buf, size, "%s", state());
	return buf;
}

/* The state v2 leaves when it replaces v1 without a fault. */
static void clean_v2(char *buf, size_t size)
{
	char err[1024], tmp[2048];

	fresh_v1(tmp, sizeof(tmp));
	assert_int_equal(run_commit(&v2, NULL, err, sizeof(err)), EXIT_OK);
	snprintf(buf, size, "%s", state());
}

/* A first load and a replace, as they should end. */
static void clean(void **state_)
{
	char v1_state[2048], v2_state[2048];

	(void)state_;
	fresh_v1(v1_state, sizeof(v1_state));
	assert_string_equal(v1_state,
			    "p/conds=m2 p/hits=m3 p/link=l1>m6 p/meta=m5 p/mode=m4 "
			    "p/obj-old=l3>m8 p/obj-x=l2>m7 p/ops=m6 p/ops-old=m8 p/ops-x=m7 "
			    "p/rules=m1 | 0 unpinned links");
	clean_v2(v2_state, sizeof(v2_state));
	/* The links of v1 run v2's maps; obj-old went, obj-new came. */
	assert_string_equal(v2_state,
			    "p/conds=m12 p/hits=m13 p/link=l1>m16 p/meta=m15 p/mode=m14 "
			    "p/obj-new=l4>m18 p/obj-x=l2>m17 p/ops=m16 p/ops-new=m18 "
			    "p/ops-x=m17 p/rules=m11 | 0 unpinned links");
}

/* A replace failing at any step before the commit leaves v1 as it was. */
static void replace_fails(void **state_)
{
	char before[2048], after[2048], steps[32][32], err[4096];
	size_t nr, i;

	(void)state_;
	clean_v2(after, sizeof(after));
	fresh_v1(before, sizeof(before));
	steps_of(&v2, steps, &nr);
	assert_string_equal(joined(steps, nr),
			    "adopt stage stage:rules stage:conds stage:hits stage:mode stage:meta "
			    "prepare:link prepare:obj-x prepare:obj-new update:link "
			    "update:obj-x attach:obj-new commit move move move move move move "
			    "move move move ");
	for (i = 0; i < nr; i++) {
		if (!strcmp(steps[i], "move"))
			break;
		fresh_v1(before, sizeof(before));
		assert_int_equal(run_commit(&v2, steps[i], err, sizeof(err)), EXIT_FAILED);
		assert_non_null(strstr(err, "the policy loaded before stays as it was"));
		assert_string_equal(state(), before);
		assert_int_equal(recover(), 0);		/* nothing left to put right */
	}
	/* After the commit: v2 acts, the next load or unload finishes moving it. */
	fresh_v1(before, sizeof(before));
	assert_int_equal(run_commit(&v2, "move", err, sizeof(err)), EXIT_FAILED);
	assert_non_null(strstr(err, "the new version of p acts"));
	assert_int_equal(recover(), 2);
	assert_string_equal(state(), after);
}

/* A first load failing at any step loads nothing. */
static void first_load_fails(void **state_)
{
	char steps[32][32], err[4096];
	size_t nr, i;

	(void)state_;
	steps_of(&v1, steps, &nr);
	assert_string_equal(joined(steps, nr),
			    "stage stage:rules stage:conds stage:hits stage:mode stage:meta "
			    "prepare:link prepare:obj-x prepare:obj-old attach:link "
			    "attach:obj-x attach:obj-old commit ");
	for (i = 0; i < nr; i++) {
		teardown(NULL);
		setup(NULL);
		assert_int_equal(run_commit(&v1, steps[i], err, sizeof(err)), EXIT_FAILED);
		assert_non_null(strstr(err, "nothing was loaded"));
		assert_string_equal(state(), "| 0 unpinned links");
	}
}

/* A link whose pin the kernel refuses goes at once: nothing runs unpinned. */
static void pin_refused(void **state_)
{
	char before[2048], err[4096];

	(void)state_;
	refuse_pin = "obj-old";
	assert_int_equal(run_commit(&v1, NULL, err, sizeof(err)), EXIT_FAILED);
	assert_non_null(strstr(err, "attach:obj-old failed (No space left on device)"));
	assert_string_equal(state(), "| 0 unpinned links");

	refuse_pin = NULL;
	fresh_v1(before, sizeof(before));
	refuse_pin = "obj-new";
	assert_int_equal(run_commit(&v2, NULL, err, sizeof(err)), EXIT_FAILED);
	assert_string_equal(state(), before);
}

/*
 * kill -9 at any step of a replace: before the commit the next load or
 * unload goes back to v1, from it on forward to v2; an unload leaves
 * nothing either way.
 */
static void replace_killed(void **state_)
{
	char before[2048], after[2048], steps[32][32];
	size_t nr, i;
	bool committed = false, was_staged;

	(void)state_;
	clean_v2(after, sizeof(after));
	fresh_v1(before, sizeof(before));
	steps_of(&v2, steps, &nr);
	for (i = 0; i < nr; i++) {
		if (i && !strcmp(steps[i], steps[i - 1]))
			continue;	/* "move" is one step, taken per pin */
		committed |= !strcmp(steps[i], "move");
		fresh_v1(before, sizeof(before));
		kill_at(&v2, steps[i]);
		/* Not in recover()'s call: C leaves the order to the compiler. */
		was_staged = staged();
		assert_int_equal(recover(), was_staged ? (committed ? 2 : 1) : 0);
		assert_string_equal(state(), committed ? after : before);

		fresh_v1(before, sizeof(before));
		kill_at(&v2, steps[i]);
		unload();
	}
	assert_true(committed);
}

/* kill -9 at any step of a first load: the next load or unload finds nothing. */
static void first_load_killed(void **state_)
{
	char steps[32][32], clean_state[2048], shape_of_clean[2048], err[1024];
	size_t nr, i;
	bool was_staged;

	(void)state_;
	fresh_v1(clean_state, sizeof(clean_state));
	snprintf(shape_of_clean, sizeof(shape_of_clean), "%s", shape(clean_state));
	teardown(NULL);
	setup(NULL);
	steps_of(&v1, steps, &nr);
	for (i = 0; i < nr; i++) {
		teardown(NULL);
		setup(NULL);
		kill_at(&v1, steps[i]);
		was_staged = staged();
		assert_int_equal(recover(), was_staged ? 1 : 0);
		assert_string_equal(state(), "| 0 unpinned links");
		/* And a load then works from there. */
		assert_int_equal(run_commit(&v1, NULL, err, sizeof(err)), EXIT_OK);
		assert_string_equal(shape(state()), shape_of_clean);
	}
}

/* A policy as an older wmibpf left it: no ops pins naming what its links run. */
static void strip_ops_pins(void)
{
	char path[256], **names;
	size_t nr, i;

	snprintf(path, sizeof(path), "%s/p", dir);
	assert_int_equal(list_names(path, NULL, NULL, &names, &nr), 0);
	for (i = 0; i < nr; i++) {
		if (strncmp(names[i], "ops", 3))
			continue;
		snprintf(path, sizeof(path), "%s/p/%s", dir, names[i]);
		assert_int_equal(unlink(path), 0);
	}
	free_names(names, nr);
}

/*
 * Replacing a policy an older wmibpf loaded, failed or killed at any step
 * before the commit: its links go back to the maps they ran, which only
 * the ops pins adopt_links() makes first can name. Up to "adopt" there is
 * nothing to undo; after it, the policy is as before, with its ops pins.
 */
static void replace_of_older(void **state_)
{
	char full[2048], stripped[2048], steps[32][32], err[4096];
	size_t nr, i;
	bool was_staged;

	(void)state_;
	fresh_v1(full, sizeof(full));
	steps_of(&v2, steps, &nr);
	assert_string_equal(steps[0], "adopt");
	for (i = 0; i < nr && strcmp(steps[i], "move"); i++) {
		fresh_v1(full, sizeof(full));
		strip_ops_pins();
		snprintf(stripped, sizeof(stripped), "%s", state());
		assert_int_equal(run_commit(&v2, steps[i], err, sizeof(err)), EXIT_FAILED);
		assert_string_equal(state(), i ? full : stripped);

		fresh_v1(full, sizeof(full));
		strip_ops_pins();
		kill_at(&v2, steps[i]);
		was_staged = staged();
		assert_int_equal(recover(), was_staged ? 1 : 0);
		assert_string_equal(state(), i ? full : stripped);
	}
}

/* Undoing a killed replace fails too: it stays marked, the next run undoes it. */
static void undo_fails(void **state_)
{
	char before[2048], swapped[2048];

	(void)state_;
	fresh_v1(before, sizeof(before));
	kill_at(&v2, "commit");
	snprintf(swapped, sizeof(swapped), "%s", state());
	assert_string_not_equal(swapped, before);
	set_fault("restore");
	assert_true(recover() < 0);
	unsetenv("WMIBPF_FAULT");
	assert_true(staged());
	assert_int_equal(recover(), 1);
	assert_string_equal(state(), before);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(clean, setup, teardown),
		cmocka_unit_test_setup_teardown(replace_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(first_load_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(pin_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(replace_killed, setup, teardown),
		cmocka_unit_test_setup_teardown(first_load_killed, setup, teardown),
		cmocka_unit_test_setup_teardown(undo_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(replace_of_older, setup, teardown),
	};

	return cmocka_run_group_tests_name("transaction", tests, NULL, NULL);
}

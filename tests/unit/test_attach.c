// SPDX-License-Identifier: GPL-2.0
/*
 * Loading and replacing (loader/cmd_load.c, loader/transaction.c) against a
 * mocked libbpf: the calls are wrapped at link time (-Wl,--wrap) and
 * recorded, so each case checks the exact sequence. Pins are plain files
 * in a temporary directory; what the kernel does with them is the in-guest
 * test wmibpf_atomic's.
 */

/* Both, for their static functions: the attach steps and the verb's checks. */
#include "../../loader/transaction.c"
#include "../../loader/cmd_load.c"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <sys/file.h>

#include <cmocka.h>

static char calls[2048];
static int attach_errno;		/* bpf_map__attach_struct_ops() fails so */
static rlim_t attach_nofile;		/* RLIMIT_NOFILE as it saw it */
static __u32 link_map;			/* the map a link runs */
static __u32 ops_map;			/* the map an ops pin names */
static struct wmi_policy_meta staged;	/* what meta pins hold */
static struct bpf_link *fake_link = (struct bpf_link *)0x1000;

static void record(const char *fmt, ...)
{
	va_list ap;
	size_t len = strlen(calls);

	va_start(ap, fmt);
	vsnprintf(calls + len, sizeof(calls) - len, fmt, ap);
	va_end(ap);
}

static const char *leaf(const char *path)
{
	return strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
}

/* A pinned object: a file descriptor to close, and its name in the log. */
int __wrap_bpf_obj_get(const char *path)
{
	if (access(path, F_OK)) {
		errno = ENOENT;
		return -1;
	}
	record("get(%s) ", leaf(path));
	return dup(2);
}

int __wrap_bpf_obj_pin(int fd, const char *path)
{
	FILE *f = fopen(path, "w");

	(void)fd;
	record("pin(%s) ", leaf(path));
	if (!f)
		return -1;
	fclose(f);
	return 0;
}

struct bpf_link *__wrap_bpf_map__attach_struct_ops(const struct bpf_map *map)
{
	struct rlimit r;

	(void)map;
	getrlimit(RLIMIT_NOFILE, &r);
	attach_nofile = r.rlim_cur;
	record("attach ");
	if (!attach_errno)
		return fake_link;
	errno = attach_errno;
	return NULL;
}

int __wrap_bpf_link__destroy(struct bpf_link *link)
{
	(void)link;
	record("destroy ");
	return 0;
}

int __wrap_bpf_link_get_info_by_fd(int fd, struct bpf_link_info *info, __u32 *len)
{
	(void)fd;
	(void)len;
	info->struct_ops.map_id = link_map;
	return 0;
}

int __wrap_bpf_map_get_info_by_fd(int fd, struct bpf_map_info *info, __u32 *len)
{
	(void)fd;
	(void)len;
	info->id = ops_map;
	return 0;
}

int __wrap_bpf_map_get_fd_by_id(__u32 id)
{
	record("map_by_id(%u) ", id);
	return dup(2);
}

int __wrap_bpf_link_update(int link_fd, int new_fd, const struct bpf_link_update_opts *opts)
{
	(void)link_fd;
	(void)new_fd;
	record("update%s ", opts && (opts->flags & BPF_F_REPLACE) ? "(replace)" : "");
	return 0;
}

int __wrap_bpf_link_detach(int fd)
{
	(void)fd;
	record("detach ");
	return 0;
}

int __wrap_bpf_map_lookup_elem(int fd, const void *key, void *value)
{
	(void)fd;
	(void)key;
	memcpy(value, &staged, sizeof(staged));
	return 0;
}

int __wrap_bpf_map__fd(const struct bpf_map *map)
{
	(void)map;
	return 40;
}

static char dir[] = "/tmp/wmibpf-attach-XXXXXX";

static int setup(void **state)
{
	(void)state;
	calls[0] = '\0';
	attach_errno = EMFILE;
	link_map = ops_map = 7;
	memset(&staged, 0, sizeof(staged));
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[64];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		return -1;
	strcpy(dir, "/tmp/wmibpf-attach-XXXXXX");
	return 0;
}

static void touch(const char *sub, const char *name)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, sub);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/%s/%s", dir, sub, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
}

static char *ls(const char *sub)
{
	static char out[512];
	char path[256], **names;
	size_t nr, i;

	out[0] = '\0';
	snprintf(path, sizeof(path), "%s/%s", dir, sub);
	if (list_names(path, NULL, NULL, &names, &nr))
		return "(none)";
	for (i = 0; i < nr; i++) {
		strcat(out, names[i]);
		strcat(out, " ");
	}
	free_names(names, nr);
	return out;
}

/*
 * Ready without a link: the kernel fails the link's creation for want of
 * a file descriptor, before it registers anything; the limit comes back.
 */
static void prepare_without_link(void **state)
{
	struct rlimit before, after;

	(void)state;
	getrlimit(RLIMIT_NOFILE, &before);
	assert_int_equal(ops_prepare((struct bpf_map *)0x2000), 0);
	getrlimit(RLIMIT_NOFILE, &after);
	assert_string_equal(calls, "attach ");
	assert_true(attach_nofile < before.rlim_cur);
	assert_int_equal(after.rlim_cur, before.rlim_cur);
}

/* A real refusal (the map's programs) is one; a link made anyway is destroyed. */
static void prepare_refused(void **state)
{
	(void)state;
	attach_errno = EINVAL;
	assert_int_equal(ops_prepare((struct bpf_map *)0x2000), -EINVAL);
	attach_errno = 0;
	calls[0] = '\0';
	assert_int_equal(ops_prepare((struct bpf_map *)0x2000), -EBUSY);
	assert_string_equal(calls, "attach destroy ");
}

/* A replace swaps only if the link still runs what its ops pin names. */
static void swap_expects_old(void **state)
{
	struct transaction_attach x;
	char d[64];

	(void)state;
	touch("p", "link");
	touch("p", "ops");
	attach_init(&x, "link", (struct bpf_map *)0x2000);
	snprintf(d, sizeof(d), "%s/p", dir);
	assert_int_equal(attach_swap(&x, d), 0);
	assert_string_equal(calls, "get(ops) get(link) update(replace) ");
}

/* Links of an older wmibpf get ops pins before anything is swapped. */
static void adopt(void **state)
{
	char d[64];

	(void)state;
	touch("p", "link");
	touch("p", "obj-x");
	touch("p", "ops-x");
	touch("p", "rules");
	snprintf(d, sizeof(d), "%s/p", dir);
	assert_int_equal(adopt_links(d), 0);
	assert_string_equal(calls, "get(link) map_by_id(7) pin(ops) ");
	assert_string_equal(ls("p"), "link obj-x ops ops-x rules ");
}

static void meta_with(struct wmi_policy_meta *m, bool table, const char *obj, uint8_t g)
{
	memset(m, 0, sizeof(*m));
	m->has_table = table;
	memset(m->guid, g, 16);
	if (obj) {
		snprintf(m->objects[0].name, sizeof(m->objects[0].name), "%s", obj);
		memset(m->objects[0].guid, g, 16);
		m->nr_objects = 1;
	}
}

/* Moving a link to another device is refused before anything changes. */
static void device_change_refused(void **state)
{
	struct wmi_policy_meta old, now;
	struct load l = { .source = "p.yaml", .name = "p" };

	(void)state;
	transaction_add(&l.tx, "link", NULL);
	transaction_add(&l.tx, "obj-x", NULL);
	l.tx.att[0].replaces = l.tx.att[1].replaces = true;
	meta_with(&old, true, "x", 1);
	meta_with(&now, true, "x", 1);
	assert_int_equal(check_bindings(&l, &old, &now), EXIT_OK);
	now.objects[0].guid[3] = 9;
	assert_int_equal(check_bindings(&l, &old, &now), EXIT_FAILED);
	l.tx.att[1].replaces = false;	/* a new object binds where it likes */
	assert_int_equal(check_bindings(&l, &old, &now), EXIT_OK);
	memset(now.guid, 0, 16);
	assert_int_equal(check_bindings(&l, &old, &now), EXIT_FAILED);
}

/*
 * Forward: the staged pins move in, what the new version lacks goes (its
 * links detached first), the staging directory goes. Run twice, as after a
 * kill in the middle, it ends the same.
 */
static void forward(void **state)
{
	(void)state;
	touch("p", "link");
	touch("p", "ops");
	touch("p", "obj-old");
	touch("p", "ops-old");
	touch("p", "meta");
	touch("p", "rules");
	touch("-staging-p", "ops");
	touch("-staging-p", "obj-new");
	touch("-staging-p", "ops-new");
	touch("-staging-p", "meta");
	touch("-staging-p", "rules");
	touch("-staging-p", "commit");
	meta_with(&staged, true, "new", 1);
	assert_int_equal(transaction_forward(dir, "p"), 0);
	assert_string_equal(ls("p"), "link meta obj-new ops ops-new rules ");
	assert_string_equal(ls("-staging-p"), "(none)");
	assert_non_null(strstr(calls, "get(obj-old) detach "));
	assert_null(strstr(calls, "get(obj-new) detach "));

	touch("-staging-p", "commit");
	assert_int_equal(transaction_recover(dir, "p"), 2);
	assert_string_equal(ls("p"), "link meta obj-new ops ops-new rules ");
}

/*
 * Back: every link that runs other programs than its ops pin names goes
 * back to them; what was staged, links of added objects too, goes.
 */
static void rollback(void **state)
{
	(void)state;
	touch("p", "link");
	touch("p", "ops");
	touch("p", "meta");
	touch("-staging-p", "ops");
	touch("-staging-p", "obj-new");
	touch("-staging-p", "meta");
	link_map = 8;	/* swapped already */
	assert_int_equal(transaction_recover(dir, "p"), 1);
	assert_string_equal(ls("p"), "link meta ops ");
	assert_string_equal(ls("-staging-p"), "(none)");
	assert_non_null(strstr(calls, "get(ops) get(link) update "));
	assert_non_null(strstr(calls, "get(obj-new) detach "));

	/* Nothing swapped: nothing to put back. */
	calls[0] = '\0';
	link_map = 7;
	touch("-staging-p", "meta");
	assert_int_equal(transaction_recover(dir, "p"), 1);
	assert_null(strstr(calls, "update"));
	assert_int_equal(transaction_recover(dir, "p"), 0);
}

/* Directories others own or may write to are not trusted. */
static void trusted_dirs(void **state)
{
	char path[128], link[128];

	(void)state;
	assert_int_equal(store_trusted(dir), 0);
	snprintf(path, sizeof(path), "%s/open", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	assert_int_equal(chmod(path, 01777), 0);
	assert_int_equal(store_trusted(path), -EPERM);
	assert_int_equal(store_untrusted(path, -EPERM), EXIT_FAILED);
	snprintf(link, sizeof(link), "%s/sym", dir);
	assert_int_equal(symlink(dir, link), 0);
	assert_int_equal(store_trusted(link), -ENOTDIR);
	snprintf(path, sizeof(path), "%s/none", dir);
	assert_int_equal(store_trusted(path), -ENOENT);
}

/* The lock: another open file of the directory cannot take it meanwhile. */
static void lock_excludes(void **state)
{
	char path[128];
	int fd, other;

	(void)state;
	snprintf(path, sizeof(path), "%s/wmi", dir);
	assert_int_equal(store_lock(path, true, &fd), EXIT_OK);
	assert_int_equal(store_trusted(path), 0);	/* made 0700 */
	other = open(path, O_RDONLY | O_DIRECTORY);
	assert_true(other >= 0);
	assert_int_equal(flock(other, LOCK_EX | LOCK_NB), -1);
	assert_int_equal(errno, EWOULDBLOCK);
	store_unlock(fd);
	assert_int_equal(flock(other, LOCK_EX | LOCK_NB), 0);
	close(other);

	assert_int_equal(chmod(path, 0777), 0);
	assert_int_equal(store_lock(path, true, &fd), EXIT_FAILED);
	assert_int_equal(fd, -1);
}

static void object_names(void **state)
{
	(void)state;
	assert_true(is_object("x.bpf.o"));
	assert_false(is_object("x.yaml"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(prepare_without_link, setup, teardown),
		cmocka_unit_test_setup_teardown(prepare_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(swap_expects_old, setup, teardown),
		cmocka_unit_test_setup_teardown(adopt, setup, teardown),
		cmocka_unit_test_setup_teardown(device_change_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(forward, setup, teardown),
		cmocka_unit_test_setup_teardown(rollback, setup, teardown),
		cmocka_unit_test_setup_teardown(trusted_dirs, setup, teardown),
		cmocka_unit_test_setup_teardown(lock_excludes, setup, teardown),
		cmocka_unit_test(object_names),
	};

	return cmocka_run_group_tests_name("attach", tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Attaching and replacing a policy's links (loader/cmd_load.c) against a
 * mocked libbpf: the calls are wrapped at link time (-Wl,--wrap) and
 * recorded, so each case checks the exact sequence, and that undoing puts
 * the old programs back. Pins are plain files in a temporary directory.
 */

#include "../../loader/cmd_load.c"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

static char calls[1024];
static int update_result;	/* what bpf_link_update() returns */
static int attach_fails;
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

int __wrap_bpf_obj_get(const char *path)
{
	record("get(%s) ", leaf(path));
	if (access(path, F_OK)) {
		errno = ENOENT;
		return -1;
	}
	return 50;	/* the old link */
}

struct bpf_link *__wrap_bpf_map__attach_struct_ops(const struct bpf_map *map)
{
	(void)map;
	record("attach ");
	if (attach_fails) {
		errno = EBUSY;
		return NULL;
	}
	return fake_link;
}

int __wrap_bpf_link__fd(const struct bpf_link *link)
{
	(void)link;
	return 70;	/* the new link */
}

int __wrap_bpf_link__pin(struct bpf_link *link, const char *path)
{
	FILE *f = fopen(path, "w");

	(void)link;
	record("pin(%s) ", leaf(path));
	if (!f)
		return -errno;
	fclose(f);
	return 0;
}

void __wrap_bpf_link__disconnect(struct bpf_link *link)
{
	(void)link;
	record("disconnect ");
}

int __wrap_bpf_link__destroy(struct bpf_link *link)
{
	(void)link;
	record("destroy ");
	return 0;
}

int __wrap_bpf_link_get_info_by_fd(int fd, struct bpf_link_info *info, __u32 *len)
{
	(void)len;
	record("info(%d) ", fd);
	info->struct_ops.map_id = 77;
	return 0;
}

int __wrap_bpf_map_get_fd_by_id(__u32 id)
{
	record("map_by_id(%u) ", id);
	return 60;	/* the old programs */
}

int __wrap_bpf_link_update(int link_fd, int new_fd, const struct bpf_link_update_opts *opts)
{
	(void)opts;
	record("update(%d,%d) ", link_fd, new_fd);
	if (update_result) {
		errno = -update_result;
		return -1;
	}
	return 0;
}

int __wrap_bpf_map__fd(const struct bpf_map *map)
{
	(void)map;
	return 40;	/* the new programs */
}

static char dir[] = "/tmp/wmibpf-attach-XXXXXX";

static int setup(void **state)
{
	(void)state;
	calls[0] = '\0';
	update_result = 0;
	attach_fails = 0;
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

/* An attach for dir/link; with old, a link is pinned there already. */
static void prepare(struct attach *x, bool old)
{
	FILE *f;

	attach_init(x, "/", dir + 1, "link", (struct bpf_map *)0x2000);
	if (old) {
		f = fopen(x->pin, "w");
		assert_non_null(f);
		fclose(f);
	}
}

/* A policy loaded for the first time: attached, pinned, let go of. */
static void first_load(void **state)
{
	struct attach x;

	(void)state;
	prepare(&x, false);
	assert_int_equal(do_attach(&x), 0);
	assert_string_equal(calls, "get(link) attach pin(link) disconnect destroy ");
	assert_true(x.pinned);
	assert_false(x.updated);
	assert_int_equal(access(x.pin, F_OK), 0);

	/* Undoing removes the pin, which detaches the link. */
	undo_attach(&x);
	assert_int_not_equal(access(x.pin, F_OK), 0);
	attach_release(&x);
}

/*
 * Replacing: the new programs are made ready by a short attach, then swapped
 * into the old link; undoing swaps the old ones back.
 */
static void replace_in_place(void **state)
{
	struct attach x;

	(void)state;
	prepare(&x, true);
	assert_int_equal(do_attach(&x), 0);
	assert_string_equal(calls, "get(link) attach info(50) map_by_id(77) destroy update(50,40) ");
	assert_true(x.updated);
	assert_false(x.pinned);

	calls[0] = '\0';
	undo_attach(&x);
	assert_string_equal(calls, "update(50,60) ");
	assert_int_equal(access(x.pin, F_OK), 0);	/* the old link stays pinned */
	attach_release(&x);
}

/* Bound to another device: the new link joins, then takes the old pin. */
static void replace_other_device(void **state)
{
	char tmp[STORE_PATH_MAX + 8];
	struct attach x;

	(void)state;
	prepare(&x, true);
	update_result = -EINVAL;

	assert_int_equal(do_attach(&x), 0);
	assert_string_equal(calls, "get(link) attach info(50) map_by_id(77) destroy update(50,40) "
			    "attach pin(link_new) disconnect destroy ");
	snprintf(tmp, sizeof(tmp), "%s_new", x.pin);
	assert_int_not_equal(access(tmp, F_OK), 0);	/* renamed over the old pin */
	assert_int_equal(access(x.pin, F_OK), 0);
	attach_release(&x);
}

/* The kernel refuses: nothing is pinned or updated. */
static void attach_refused(void **state)
{
	struct attach x;

	(void)state;
	prepare(&x, false);
	attach_fails = 1;
	assert_int_equal(do_attach(&x), -EBUSY);
	assert_string_equal(calls, "get(link) attach ");
	assert_false(x.pinned || x.updated);
	assert_int_not_equal(access(x.pin, F_OK), 0);
	attach_release(&x);
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
		cmocka_unit_test_setup_teardown(first_load, setup, teardown),
		cmocka_unit_test_setup_teardown(replace_in_place, setup, teardown),
		cmocka_unit_test_setup_teardown(replace_other_device, setup, teardown),
		cmocka_unit_test_setup_teardown(attach_refused, setup, teardown),
		cmocka_unit_test(object_names),
	};

	return cmocka_run_group_tests_name("attach", tests, NULL, NULL);
}

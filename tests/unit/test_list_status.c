// SPDX-License-Identifier: GPL-2.0
/*
 * wmibpf list and status (cmd_list.c, cmd_status.c) on a made-up bpffs,
 * as in test_snapshot.c: directories as wmibpf lays them out, regular
 * files for pins, read by the wrapped bpf_obj_get() and
 * bpf_map_lookup_elem(). bpffs_check() is wrapped to take the directory
 * for a BPF filesystem, and the kernel's BTF to be absent, so that what
 * the verbs print depends on the pins alone.
 */

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "store.h"
#include "wmi_policy.h"
#include "wmibpf.h"

#define MAX_FDS		256

static char fd_leaf[MAX_FDS][16];

int __wrap_bpf_obj_get(const char *path)
{
	const char *leaf = strrchr(path, '/');
	int fd = open(path, O_RDONLY);

	leaf = leaf ? leaf + 1 : path;
	if (fd < 0)
		return -errno;
	assert_true(fd < MAX_FDS);
	snprintf(fd_leaf[fd], sizeof(fd_leaf[fd]), "%s", leaf);
	return fd;
}

/* Arrays of one entry, the whole file; hits (per-CPU) is never pinned here. */
int __wrap_bpf_map_lookup_elem(int fd, const void *key, void *value)
{
	struct stat st;

	assert_true(fd >= 0 && fd < MAX_FDS && fd_leaf[fd][0]);
	assert_int_equal(fstat(fd, &st), 0);
	if (*(const __u32 *)key || !st.st_size || pread(fd, value, st.st_size, 0) != st.st_size) {
		errno = ENOENT;
		return -1;
	}
	return 0;
}

int __wrap_bpffs_check(const char *dir)
{
	(void)dir;
	return 0;
}

int __wrap_bpffs_require(const char *dir)
{
	(void)dir;
	return EXIT_OK;
}

struct btf *__wrap_btf__load_vmlinux_btf(void)
{
	errno = ENOENT;
	return NULL;
}

static char root[] = "/tmp/wmibpf-list-XXXXXX";

static void dir(const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", root, name);
	assert_int_equal(mkdir(path, 0700), 0);
}

static void pin(const char *name, const char *leaf, const void *p, size_t len)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s/%s", root, name, leaf);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static void meta_of(struct wmi_policy_meta *m, const char *name, bool table, uint32_t nr_objects)
{
	uint32_t k;

	memset(m, 0, sizeof(*m));
	snprintf(m->name, sizeof(m->name), "%s", name);
	snprintf(m->source, sizeof(m->source), "/etc/wmibpf/%s.yaml", name);
	m->loaded_at = 1700000000;
	m->has_table = table;
	m->default_action = WMI_ACTION_DENY;
	m->default_error = 1;
	m->nr_objects = nr_objects;
	for (k = 0; k < nr_objects && k < WMI_META_MAX_OBJS; k++) {
		snprintf(m->objects[k].name, sizeof(m->objects[k].name), "obj%u", k);
		m->objects[k].guid[0] = 0x10 + k;
	}
}

/*
 * acme: a table policy with one object, whose replace was interrupted;
 * gone: an interrupted first load.
 */
static int setup(void **state)
{
	struct wmi_policy_meta m;

	(void)state;
	if (!mkdtemp(root))
		return -1;
	dir("acme");
	meta_of(&m, "acme", true, 1);
	pin("acme", "meta", &m, sizeof(m));
	dir(STORE_STAGING "acme");
	dir(STORE_STAGING "gone");
	return 0;
}

static int teardown(void **state)
{
	char cmd[256];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	return system(cmd) ? -1 : 0;
}

/* A file's whole text, malloc()ed. */
static char *slurp(FILE *f)
{
	long size;
	char *s;

	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	assert_true(size >= 0);
	rewind(f);
	s = calloc(1, size + 1);
	assert_non_null(s);
	assert_int_equal(fread(s, 1, size, f), (size_t)size);
	return s;
}

/* Run a verb with --json or not on root, its stdout and stderr kept. */
static const char *show_name;	/* the policy show shows */

static int run(int (*verb)(struct app *), bool json, char **out, char **err)
{
	char sysfs[64];
	struct cli cli = { .json = json, .bpffs = root, .sysfs = sysfs, .name = show_name };
	struct app a = { .cli = &cli };
	FILE *fo = tmpfile(), *fe = tmpfile();
	int so, se, ret;

	assert_non_null(fo);
	assert_non_null(fe);
	snprintf(sysfs, sizeof(sysfs), "%s/no-sysfs", root);
	fflush(stdout);
	fflush(stderr);
	so = dup(1);
	se = dup(2);
	assert_true(so >= 0 && se >= 0);
	assert_true(dup2(fileno(fo), 1) >= 0 && dup2(fileno(fe), 2) >= 0);
	json_init(&a.json, stdout, false);
	ret = verb(&a);
	fflush(stdout);
	fflush(stderr);
	assert_true(dup2(so, 1) >= 0 && dup2(se, 2) >= 0);
	close(so);
	close(se);
	*out = slurp(fo);
	*err = slurp(fe);
	fclose(fo);
	fclose(fe);
	return ret;
}

/* An interrupted load is the same JSON object in list and status. */
static void interrupted_json(void **state)
{
	static const char acme[] = "{\"name\":\"acme\",\"state\":\"interrupted\"}";
	static const char gone[] = "{\"name\":\"gone\",\"state\":\"interrupted\"}";
	char *out, *err;

	(void)state;
	assert_int_equal(run(cmd_list, true, &out, &err), EXIT_OK);
	assert_string_equal(err, "");
	assert_string_equal(out, "[{\"name\":\"acme\",\"device\":\"all\","
			    "\"source\":\"/etc/wmibpf/acme.yaml\","
			    "\"loaded_at\":1700000000,\"table\":true,\"rules\":0,"
			    "\"default\":\"deny\",\"objects\":[{\"name\":\"obj0\",\"device\":"
			    "\"00000010-0000-0000-0000-000000000000\"}],\"state\":\"loaded\"},"
			    "{\"name\":\"acme\",\"state\":\"interrupted\"},"
			    "{\"name\":\"gone\",\"state\":\"interrupted\"}]\n");
	free(out);
	free(err);

	assert_int_equal(run(cmd_status, true, &out, &err), EXIT_OK);
	assert_string_equal(err, "");
	assert_non_null(strstr(out, "\"policies\":[{\"name\":\"acme\",\"state\":\"loaded\","));
	assert_non_null(strstr(out, acme));
	assert_non_null(strstr(out, gone));
	free(out);
	free(err);
}

/*
 * Names in meta are fixed fields the kernel does not check: one without a
 * nul is shown as ?, said with the object named, and never read past.
 */
static void unterminated_names(void **state)
{
	struct wmi_policy_meta m;
	char *out, *err, cmd[256];

	(void)state;
	dir("noterm");
	meta_of(&m, "noterm", true, 2);
	memset(m.objects[1].name, 'A', sizeof(m.objects[1].name));
	memset(m.source, 'S', sizeof(m.source));
	pin("noterm", "meta", &m, sizeof(m));

	assert_int_equal(run(cmd_list, false, &out, &err), EXIT_OK);
	assert_non_null(strstr(out, "\nnoterm "));
	assert_non_null(strstr(out, " obj0, ?\n"));
	assert_null(strstr(out, "AAAA"));
	assert_string_equal(err, "wmibpf: policy noterm: the name of BPF object 1 in its meta has "
			    "no nul in its 32 bytes; shown as ?\n");
	free(out);
	free(err);

	assert_int_equal(run(cmd_list, true, &out, &err), EXIT_OK);
	assert_non_null(strstr(out, "{\"name\":\"noterm\",\"device\":\"all\",\"source\":\"?\","));
	assert_non_null(strstr(out, "\"objects\":[{\"name\":\"obj0\",\"device\":"
				    "\"00000010-0000-0000-0000-000000000000\"},{\"name\":\"?\","));
	assert_null(strstr(out, "AAAA"));
	assert_null(strstr(out, "SSSS"));
	assert_string_equal(err, "wmibpf: policy noterm: the name of BPF object 1 in its meta has "
			    "no nul in its 32 bytes; shown as ?\n"
			    "wmibpf: policy noterm: the source in its meta has no nul in its 256 "
			    "bytes; shown as ?\n");
	free(out);
	free(err);

	/* show, of the same policy */
	show_name = "noterm";
	assert_int_equal(run(cmd_show, false, &out, &err), EXIT_OK);
	show_name = NULL;
	assert_non_null(strstr(out, "policy noterm, device all, from ?\n"));
	assert_non_null(strstr(out, "\nbpf object obj0, device 00000010-"));
	assert_non_null(strstr(out, "\nbpf object ?, device 00000011-"));
	assert_null(strstr(out, "AAAA"));
	assert_null(strstr(out, "SSSS"));
	assert_string_equal(err, "wmibpf: policy noterm: the source in its meta has no nul in its "
			    "256 bytes; shown as ?\n"
			    "wmibpf: policy noterm: the name of BPF object 1 in its meta has "
			    "no nul in its 32 bytes; shown as ?\n");
	free(out);
	free(err);

	snprintf(cmd, sizeof(cmd), "rm -rf %s/noterm", root);
	assert_int_equal(system(cmd), 0);
}

/*
 * A directory in bpffs may be named with any byte but '/', and meta's
 * names hold whatever was written to the map: text shows them escaped,
 * in messages too; JSON escapes them itself.
 */
static void names_escaped(void **state)
{
	struct wmi_policy_meta m;
	char *out, *err, cmd[256];

	(void)state;
	dir("e\x1b[2Jvil");
	meta_of(&m, "evil", true, 1000);
	strcpy(m.objects[1].name, "o\x1b[31m\n");
	pin("e\x1b[2Jvil", "meta", &m, sizeof(m));
	dir(STORE_STAGING "s\x1b[2J");

	assert_int_equal(run(cmd_list, false, &out, &err), EXIT_OK);
	assert_non_null(strstr(out, "\ne\\x1b[2Jvil "));
	assert_non_null(strstr(out, " obj0, o\\x1b[31m\\x0a, obj2, "));
	assert_non_null(strstr(out, "\ns\\x1b[2J: a load or replace of it was interrupted, "));
	assert_non_null(strstr(out, " unload of s\\x1b[2J puts it right\n"));
	assert_null(strchr(out, '\x1b'));
	free(out);
	free(err);

	assert_int_equal(run(cmd_list, true, &out, &err), EXIT_OK);
	assert_non_null(strstr(out, "{\"name\":\"e\\u001b[2Jvil\","));
	assert_non_null(strstr(out, "{\"name\":\"o\\u001b[31m\\n\","));
	assert_non_null(strstr(out, "{\"name\":\"s\\u001b[2J\",\"state\":\"interrupted\"}"));
	assert_null(strchr(out, '\x1b'));
	free(out);
	free(err);

	assert_int_equal(run(cmd_status, false, &out, &err), EXIT_OK);
	assert_non_null(strstr(out, "\npolicy e\\x1b[2Jvil: enforce, 9 programs,"));
	assert_non_null(strstr(out, "\npolicy s\\x1b[2J: interrupted load;"));
	assert_null(strchr(out, '\x1b'));
	assert_string_equal(err, "wmibpf: policy e\\x1b[2Jvil: its meta claims 1000 BPF objects, "
			    "more than the 8 it has room for; 8 counted\n");
	free(out);
	free(err);

	/* show: the source and object names (its own name is the command line's, checked) */
	dir("src");
	meta_of(&m, "src", true, 1);
	strcpy(m.source, "/tmp/\x1b[2J.yaml");
	strcpy(m.objects[0].name, "o\x1b[31m");
	pin("src", "meta", &m, sizeof(m));
	show_name = "src";
	assert_int_equal(run(cmd_show, false, &out, &err), EXIT_OK);
	show_name = NULL;
	assert_non_null(strstr(out, "policy src, device all, from /tmp/\\x1b[2J.yaml\n"));
	assert_non_null(strstr(out, "\nbpf object o\\x1b[31m, device "));
	assert_null(strchr(out, '\x1b'));
	assert_string_equal(err, "");
	free(out);
	free(err);

	snprintf(cmd, sizeof(cmd), "rm -rf '%s/e\x1b[2Jvil' '%s/" STORE_STAGING "s\x1b[2J' %s/src",
		 root, root, root);
	assert_int_equal(system(cmd), 0);
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;

	for (; (s = strstr(s, what)); s++)
		n++;
	return n;
}

/*
 * What status counts from meta is capped where the array is: a meta that
 * claims 1000 objects has 8, and programs on more devices than status
 * keeps are said to be left out, not dropped without a word.
 */
static void status_counts(void **state)
{
	struct wmi_policy_meta m;
	char *out, *err, cmd[256], name[16];
	int i;

	(void)state;
	dir("many");
	meta_of(&m, "many", true, 1000);
	pin("many", "meta", &m, sizeof(m));
	assert_int_equal(run(cmd_status, false, &out, &err), EXIT_OK);
	assert_non_null(strstr(out, "\npolicy many: enforce, 9 programs, 0 events lost"));
	assert_string_equal(err, "wmibpf: policy many: its meta claims 1000 BPF objects, more "
			    "than the 8 it has room for; 8 counted\n");
	free(out);
	free(err);
	assert_int_equal(run(cmd_status, true, &out, &err), EXIT_OK);
	assert_non_null(strstr(out, "{\"name\":\"many\",\"state\":\"loaded\",\"mode\":"
				    "\"enforce\",\"programs\":9,"));
	free(out);
	free(err);
	snprintf(cmd, sizeof(cmd), "rm -rf %s/many", root);
	assert_int_equal(system(cmd), 0);

	/* 70 policies, each on a device of its own */
	for (i = 0; i < 70; i++) {
		snprintf(name, sizeof(name), "dev%02d", i);
		dir(name);
		meta_of(&m, name, true, 0);
		m.guid[0] = 0x80 + i;
		pin(name, "meta", &m, sizeof(m));
	}
	assert_int_equal(run(cmd_status, false, &out, &err), EXIT_OK);
	assert_int_equal(count(out, "\nprograms on "), 64);
	assert_string_equal(err, "wmibpf: programs on more than 64 devices; those on the first "
			    "64 are counted\n");
	free(out);
	free(err);
	snprintf(cmd, sizeof(cmd), "rm -rf %s/dev*", root);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(interrupted_json),
		cmocka_unit_test(unterminated_names),
		cmocka_unit_test(status_counts),
		cmocka_unit_test(names_escaped),
	};

	return cmocka_run_group_tests_name("list_status", tests, setup, teardown);
}

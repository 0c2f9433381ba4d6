// SPDX-License-Identifier: GPL-2.0
/*
 * bed-state: the guest state a test could leave changed, one fact a line,
 * for the test bed (vmtest/bed.sh reads it after every test and compares
 * it with the state before the first):
 *
 *	lockdown TEXT		/sys/kernel/security/lockdown
 *	module NAME		loaded modules, sorted
 *	driver DEVICE DRIVER	WMI devices bound, by driver
 *	node PATH MODE UID GID	the /dev/wmi nodes
 *	bpffs PATH		pinned objects, but wmibpf's monitor maps
 *	link TYPE xN		BPF links, by type number
 *	map struct_ops xN	struct_ops maps (one registered without a link
 *				stays registered with no holder at all)
 *	tracing_on N, trace_event EVENT
 *	failslab KNOB VALUE	failslab's settings: a test may arm it
 *	process PID COMM	user-space processes outside the runner's
 *				process group (--pgrp)
 *
 * One program instead of a dozen forks of busybox: a fork costs some 50 ms
 * under TCG, and this runs for every test.
 *
 *	bed-state --pgrp PGRP [--processes]
 *
 * prints it all, or only the processes.
 */

#include <dirent.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bpf_sys.h"

static int names_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct lines {
	char **v;
	size_t n, cap;
};

static void lines_add(struct lines *l, const char *s)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = realloc(l->v, l->cap * sizeof(*l->v));
		if (!l->v) {
			perror("bed-state");
			exit(1);
		}
	}
	l->v[l->n] = strdup(s);
	if (!l->v[l->n]) {
		perror("bed-state");
		exit(1);
	}
	l->n++;
}

/* Print the lines sorted, each after @prefix, and free them. */
static void lines_print(struct lines *l, const char *prefix)
{
	qsort(l->v, l->n, sizeof(*l->v), names_cmp);
	for (size_t i = 0; i < l->n; i++) {
		printf("%s%s\n", prefix, l->v[i]);
		free(l->v[i]);
	}
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

/* Each line of @path after @prefix, as it is; nothing if it cannot be read. */
static void print_file(const char *path, const char *prefix)
{
	char line[4096];
	FILE *f = fopen(path, "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		printf("%s%s\n", prefix, line);
	}
	fclose(f);
}

/* Those of failslab's settings a test arms it with (wmi_bpf_enomem). */
static void failslab(void)
{
	static const char *const knobs[] = { "probability", "interval", "times", "space",
					     "verbose", "require-start", "require-end",
					     "ignore-gfp-wait" };
	char path[128], prefix[64];

	for (size_t i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++) {
		snprintf(path, sizeof(path), "/sys/kernel/debug/failslab/%s", knobs[i]);
		snprintf(prefix, sizeof(prefix), "failslab %s ", knobs[i]);
		print_file(path, prefix);
	}
}

/* The entries of @dir matching @pattern, sorted as a shell's glob is. */
static int scan(const char *dir, const char *pattern, char ***names)
{
	struct lines l = { 0 };
	struct dirent *e;
	DIR *d = opendir(dir);
	int n;

	*names = NULL;
	if (!d)
		return 0;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && !fnmatch(pattern, e->d_name, 0))
			lines_add(&l, e->d_name);
	closedir(d);
	qsort(l.v, l.n, sizeof(*l.v), names_cmp);
	n = (int)l.n;
	*names = l.v;
	return n;
}

static void free_names(char **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static void modules(void)
{
	struct lines l = { 0 };
	char *line = NULL;
	size_t size = 0;
	FILE *f = fopen("/proc/modules", "r");

	if (!f)
		return;
	/* Whole lines: a long "used by" list must not make a second one. */
	while (getline(&line, &size, f) > 0) {
		line[strcspn(line, " \n")] = '\0';
		lines_add(&l, line);
	}
	free(line);
	fclose(f);
	lines_print(&l, "module ");
}

static void drivers(void)
{
	const char *base = "/sys/bus/wmi/drivers";
	char **drv, **dev;
	char path[PATH_MAX];
	int nd = scan(base, "*", &drv);
	struct stat st;

	for (int i = 0; i < nd; i++) {
		const char *d = drv[i];
		int n;

		snprintf(path, sizeof(path), "%s/%s", base, d);
		n = scan(path, "*-*", &dev);
		for (int j = 0; j < n; j++) {
			snprintf(path, sizeof(path), "%s/%s/%s", base, d, dev[j]);
			if (!lstat(path, &st) && S_ISLNK(st.st_mode))
				printf("driver %s %s\n", dev[j], d);
		}
		free_names(dev, n);
	}
	free_names(drv, nd);
}

static void nodes(void)
{
	char **names, path[PATH_MAX];
	int n = scan("/dev/wmi", "*", &names);
	struct stat st;

	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/dev/wmi/%s", names[i]);
		/* The node itself: a symlink put in its place shows as one. */
		if (!lstat(path, &st))
			printf("node %s %o %u %u\n", path, st.st_mode & 07777,
			       st.st_uid, st.st_gid);
	}
	free_names(names, n);
}

#define BPFFS "/sys/fs/bpf"

/* Pinned objects below @path, a directory of BPFFS, into @l without it. */
static void pins(const char *path, struct lines *l)
{
	struct dirent *e;
	struct stat st;
	char *sub;
	DIR *d;

	d = opendir(path);
	if (!d)
		return;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (asprintf(&sub, "%s/%s", path, e->d_name) < 0)
			continue;
		if (lstat(sub, &st)) {
			/* Unpinned meanwhile. */
		} else if (S_ISDIR(st.st_mode)) {
			pins(sub, l);
		}
		/* wmibpf's monitor maps outlive policies, by design. */
		else if (S_ISREG(st.st_mode) &&
			 strncmp(sub + strlen(BPFFS), "/wmi/monitor", 12)) {
			lines_add(l, sub + strlen(BPFFS));
		}
		free(sub);
	}
	closedir(d);
}

static void bpf_objects(void)
{
	unsigned int links[64] = { 0 }, struct_ops = 0, i;
	__u32 id = 0;

	while ((id = bpf_next_id(BPF_LINK_GET_NEXT_ID, id))) {
		struct bpf_link_info info;

		if (!bpf_info_by_id(BPF_LINK_GET_FD_BY_ID, id, &info, sizeof(info)) &&
		    info.type < 64)
			links[info.type]++;
	}
	id = 0;
	while ((id = bpf_next_id(BPF_MAP_GET_NEXT_ID, id))) {
		struct bpf_map_info info;

		if (!bpf_info_by_id(BPF_MAP_GET_FD_BY_ID, id, &info, sizeof(info)) &&
		    info.type == BPF_MAP_TYPE_STRUCT_OPS)
			struct_ops++;
	}
	for (i = 0; i < 64; i++)
		if (links[i])
			printf("link %u x%u\n", i, links[i]);
	if (struct_ops)
		printf("map struct_ops x%u\n", struct_ops);
}

/*
 * "pid (comm) state ppid pgrp ...": comm may hold spaces, parens and
 * newlines, the last ")" ends it. Kernel threads are kthreadd's (pid 2)
 * children, or kthreadd itself (ppid 0, as init).
 */
static void processes(long runner)
{
	char **names, path[64], stat[1024], *open, *close;
	int n = scan("/proc", "[0-9]*", &names);
	long ppid, pgrp;
	size_t len;
	FILE *f;

	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/proc/%s/stat", names[i]);
		f = fopen(path, "r");
		if (!f)
			continue;
		len = fread(stat, 1, sizeof(stat) - 1, f);
		fclose(f);
		stat[len] = '\0';
		open = strchr(stat, '(');
		close = strrchr(stat, ')');
		if (!open || !close || close < open ||
		    sscanf(close + 1, " %*c %ld %ld", &ppid, &pgrp) != 2)
			continue;
		if (ppid == 0 || ppid == 2 || pgrp == runner)
			continue;
		/* One fact a line, whatever the name holds. */
		for (char *c = open + 1; c < close; c++)
			if (*c < ' ' || *c == 0x7f)
				*c = '?';
		*close = '\0';
		printf("process %s %s\n", names[i], open + 1);
	}
	free_names(names, n);
}

int main(int argc, char **argv)
{
	struct lines l = { 0 };
	long runner = -1;
	int only_processes = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--pgrp") && i + 1 < argc) {
			runner = strtol(argv[++i], NULL, 10);
		} else if (!strcmp(argv[i], "--processes")) {
			only_processes = 1;
		} else {
			fprintf(stderr, "usage: bed-state --pgrp PGRP [--processes]\n");
			return 2;
		}
	}
	if (runner < 0) {
		fprintf(stderr, "bed-state: --pgrp PGRP, the runner's process group, is needed\n");
		return 2;
	}
	if (!only_processes) {
		print_file("/sys/kernel/security/lockdown", "lockdown ");
		modules();
		drivers();
		nodes();
		pins(BPFFS, &l);
		lines_print(&l, "bpffs ");
		bpf_objects();
		if (!access("/sys/kernel/tracing/tracing_on", R_OK)) {
			print_file("/sys/kernel/tracing/tracing_on", "tracing_on ");
			print_file("/sys/kernel/tracing/set_event", "trace_event ");
		}
		failslab();
	}
	processes(runner);
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}

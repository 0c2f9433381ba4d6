// SPDX-License-Identifier: GPL-2.0
/* Messages wmibpf's verbs share. */

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmibpf.h"

void errmsg(const char *fmt, ...)
{
	va_list ap;

	fputs("wmibpf: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int bpf_failure(const char *what, int err)
{
	if (err == -EPERM || err == -EACCES)
		errmsg("%s: %s (loading and inspecting policies needs root: CAP_BPF and "
		       "CAP_SYS_ADMIN)", what, strerror(-err));
	else
		errmsg("%s: %s", what, strerror(-err));
	return EXIT_FAILED;
}

int policy_exit_code(int err)
{
	return err == -EINVAL || err == -EFBIG ? EXIT_BAD_POLICY : EXIT_FAILED;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int list_names(const char *dir, bool (*keep)(const struct dirent *e, void *arg), void *arg,
	       char ***names, size_t *nr)
{
	char **list = NULL, **grown;
	struct dirent *e;
	size_t count = 0;
	DIR *d;

	*names = NULL;
	*nr = 0;
	d = opendir(dir);
	if (!d)
		return -errno;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || (keep && !keep(e, arg)))
			continue;
		grown = realloc(list, (count + 1) * sizeof(*list));
		if (!grown)
			goto nomem;
		list = grown;
		list[count] = strdup(e->d_name);
		if (!list[count])
			goto nomem;
		count++;
	}
	closedir(d);
	if (count)
		qsort(list, count, sizeof(*list), cmp_str);
	*names = list;
	*nr = count;
	return 0;
nomem:
	closedir(d);
	free_names(list, count);
	return -ENOMEM;
}

void free_names(char **names, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(names[i]);
	free(names);
}

/* A sysfs attribute (dir/attr) opened for reading, buf emptied; NULL if absent. */
static FILE *open_attr(const char *dir, const char *attr, char *buf)
{
	char path[PATH_MAX + 64];

	buf[0] = '\0';
	snprintf(path, sizeof(path), "%s/%s", dir, attr);
	return fopen(path, "r");
}

void read_attr(const char *dir, const char *attr, char *buf, size_t size)
{
	FILE *f = open_attr(dir, attr, buf);

	if (!f)
		return;
	if (fgets(buf, size, f))
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

void read_attr_lines(const char *dir, const char *attr, char *buf, size_t size)
{
	FILE *f = open_attr(dir, attr, buf);
	char line[256];
	size_t len = 0;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0])
			continue;
		len += snprintf(buf + len, size - len, "%s%s", len ? "," : "", line);
		if (len >= size) {	/* cut at the last whole word */
			buf[strrchr(buf, ',') ? strrchr(buf, ',') - buf : 0] = '\0';
			break;
		}
	}
	fclose(f);
}

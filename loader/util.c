// SPDX-License-Identifier: GPL-2.0
/* Messages wmibpf's verbs share. */

#include <errno.h>
#include <stdarg.h>
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

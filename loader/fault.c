// SPDX-License-Identifier: GPL-2.0
/* Fault injection for tests (fault.h); empty unless built with WMIBPF_FAULTS. */

#ifdef WMIBPF_FAULTS
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "fault.h"
#include "wmibpf.h"

int fault_at(const char *step)
{
	const char *f = getenv("WMIBPF_FAULT");
	size_t len = strlen(step);

	if (!f || !*f)
		return 0;
	if (!strcmp(f, "trace")) {
		errmsg("fault point %s", step);
		return 0;
	}
	if (strncmp(f, step, len))
		return 0;
	if (!f[len]) {
		errmsg("fault injected at %s", step);
		return -EIO;
	}
	if (!strcmp(f + len, ":kill")) {
		fflush(NULL);
		raise(SIGKILL);
	}
	if (!strcmp(f + len, ":stop")) {
		errmsg("stopped at %s", step);
		raise(SIGSTOP);
	}
	return 0;
}
#else
/* ISO C wants something in a translation unit. */
typedef int wmibpf_no_faults;
#endif

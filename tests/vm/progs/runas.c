// SPDX-License-Identifier: GPL-2.0
/*
 * runas UID GID PROG [ARGS]: run PROG as another user, with no
 * supplementary groups, the way an unprivileged user would run it.
 * (busybox's setpriv cannot change ids.)
 *
 * runas --no-caps PROG [ARGS]: run PROG as root without any capability,
 * now or after exec (securebits keep root from regaining them).
 *
 * runas --groups GID[,GID...] UID GID PROG [ARGS]: as the first form, with
 * those supplementary groups.
 */

#include <grp.h>
#include <linux/capability.h>
#include <linux/securebits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static int drop_caps(void)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[2] = {};
	int cap;

	if (prctl(PR_SET_SECUREBITS, SECBIT_NOROOT | SECBIT_NOROOT_LOCKED |
		  SECBIT_NO_SETUID_FIXUP | SECBIT_NO_SETUID_FIXUP_LOCKED))
		return -1;
	for (cap = 0; prctl(PR_CAPBSET_READ, cap) >= 0; cap++)
		if (prctl(PR_CAPBSET_DROP, cap))
			return -1;
	return syscall(SYS_capset, &hdr, data);
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "--no-caps")) {
		if (drop_caps()) {
			perror("runas: dropping capabilities");
			return 127;
		}
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		return 127;
	}
	gid_t groups[16];
	size_t ngroups = 0;

	if (argc >= 3 && !strcmp(argv[1], "--groups")) {
		char *list = argv[2], *g;

		for (g = strtok(list, ","); g && ngroups < 16; g = strtok(NULL, ","))
			groups[ngroups++] = atoi(g);
		argv += 2;
		argc -= 2;
	}
	if (argc < 4) {
		fprintf(stderr, "usage: runas [--groups GID,...] UID GID PROG [ARGS] | "
			"runas --no-caps PROG [ARGS]\n");
		return 127;
	}
	if (setgroups(ngroups, groups) || setgid(atoi(argv[2])) || setuid(atoi(argv[1]))) {
		perror("runas");
		return 127;
	}
	execvp(argv[3], argv + 3);
	perror(argv[3]);
	return 127;
}

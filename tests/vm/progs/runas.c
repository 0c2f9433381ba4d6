// SPDX-License-Identifier: GPL-2.0
/*
 * runas UID GID PROG [ARGS]: run PROG as another user, with no
 * supplementary groups, the way an unprivileged user would run it.
 * (busybox's setpriv cannot change ids.)
 */

#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: runas UID GID PROG [ARGS]\n");
		return 127;
	}
	if (setgroups(0, NULL) || setgid(atoi(argv[2])) || setuid(atoi(argv[1]))) {
		perror("runas");
		return 127;
	}
	execvp(argv[3], argv + 3);
	perror(argv[3]);
	return 127;
}

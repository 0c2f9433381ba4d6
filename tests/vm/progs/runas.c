// SPDX-License-Identifier: GPL-2.0
/*
 * runas UID GID PROG [ARGS]: run PROG as another user, with no
 * supplementary groups, the way an unprivileged user would run it.
 * (busybox's setpriv cannot change ids.)
 *
 * runas --no-caps PROG [ARGS]: run PROG as root without any capability,
 * now or after exec (securebits keep root from regaining them).
 *
 * runas --caps CAP[,CAP...] PROG [ARGS]: the same, but for the capabilities
 * numbered (21 for CAP_SYS_ADMIN...), which PROG keeps as ambient ones.
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

/* Keep only the capabilities in keep (1 << CAP_*), across exec too. */
static int drop_caps(unsigned long long keep)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[2] = {};
	int cap;

	if (prctl(PR_SET_SECUREBITS, SECBIT_NOROOT | SECBIT_NOROOT_LOCKED |
		  SECBIT_NO_SETUID_FIXUP | SECBIT_NO_SETUID_FIXUP_LOCKED))
		return -1;
	for (cap = 0; prctl(PR_CAPBSET_READ, cap) >= 0; cap++)
		if (!(keep >> cap & 1) && prctl(PR_CAPBSET_DROP, cap))
			return -1;
	data[0].effective = data[0].permitted = data[0].inheritable = (__u32)keep;
	data[1].effective = data[1].permitted = data[1].inheritable = (__u32)(keep >> 32);
	if (syscall(SYS_capset, &hdr, data))
		return -1;
	/* Without file capabilities, only ambient ones survive exec. */
	for (cap = 0; cap < 64; cap++)
		if (keep >> cap & 1 && prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, cap, 0, 0))
			return -1;
	return 0;
}

static int caps_exec(unsigned long long keep, char **argv)
{
	if (drop_caps(keep)) {
		perror("runas: dropping capabilities");
		return 127;
	}
	execvp(argv[0], argv);
	perror(argv[0]);
	return 127;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "--no-caps"))
		return caps_exec(0, argv + 2);
	if (argc >= 4 && !strcmp(argv[1], "--caps")) {
		unsigned long long keep = 0;
		char *c;

		for (c = strtok(argv[2], ","); c; c = strtok(NULL, ","))
			keep |= 1ull << (atoi(c) & 63);
		return caps_exec(keep, argv + 3);
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
			"runas --no-caps PROG [ARGS] | runas --caps CAP,... PROG [ARGS]\n");
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

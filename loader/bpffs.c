// SPDX-License-Identifier: GPL-2.0
/* Finding out whether policies have a BPF filesystem to live in. */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/vfs.h>

#include <linux/magic.h>

#include "bpffs.h"
#include "wmibpf.h"

int bpffs_check(const char *dir)
{
	char path[PATH_MAX];
	struct statfs st;
	char *slash;

	snprintf(path, sizeof(path), "%s", dir);
	/* /sys/fs/bpf/wmi appears with the first policy: ask its parent then. */
	while (statfs(path, &st)) {
		if (errno != ENOENT)
			return -errno;
		slash = strrchr(path, '/');
		if (!slash)
			return -ENOENT;
		if (slash == path)
			slash[1] = '\0';
		else
			*slash = '\0';
	}
	return st.f_type == BPF_FS_MAGIC ? 0 : -ENODEV;
}

int bpffs_require(const char *dir)
{
	int err = bpffs_check(dir);

	if (!err)
		return EXIT_OK;
	if (err == -ENODEV)
		errmsg("%s: not on a BPF filesystem, where policies are pinned; mount one "
		       "(mount -t bpf bpf /sys/fs/bpf)", dir);
	else
		errmsg("%s: %s", dir, strerror(-err));
	return EXIT_FAILED;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Is there a BPF filesystem where policies are pinned? Without one, an
 * empty or missing /sys/fs/bpf/wmi would read as "no policy loaded", and
 * pinning would fail with a bare EPERM.
 */
#ifndef WMIBPF_BPFFS_H
#define WMIBPF_BPFFS_H

/*
 * 0 if dir, or (when it does not exist yet) the nearest directory above
 * it that does, is on a BPF filesystem; -ENODEV if it is not (bpffs not
 * mounted), another -errno if that cannot be told.
 */
int bpffs_check(const char *dir);

/* bpffs_check(), saying what is wrong: EXIT_OK or EXIT_FAILED. */
int bpffs_require(const char *dir);

#endif

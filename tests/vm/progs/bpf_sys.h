/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bpf() system calls the bed's tools walk the kernel's BPF objects
 * with: three a object, where bpftool takes seconds under TCG.
 */
#ifndef WMIBPF_BPF_SYS_H
#define WMIBPF_BPF_SYS_H

#include <errno.h>
#include <linux/bpf.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline int sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

/* The next id after @id of the objects GET_NEXT_ID @cmd walks; 0 at the end. */
static inline __u32 bpf_next_id(int cmd, __u32 id)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.start_id = id;
	if (sys_bpf(cmd, &attr))
		return 0;
	return attr.next_id;
}

/* What BPF_OBJ_GET_INFO_BY_FD says of @fd, in @info of @len bytes; -errno. */
static inline int bpf_info(int fd, void *info, __u32 len)
{
	union bpf_attr attr;

	memset(info, 0, len);
	memset(&attr, 0, sizeof(attr));
	attr.info.bpf_fd = fd;
	attr.info.info_len = len;
	attr.info.info = (__u64)(unsigned long)info;
	return sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &attr) ? -errno : 0;
}

/*
 * The info of the map, link or program of @id (@get_fd_cmd
 * BPF_MAP_GET_FD_BY_ID, BPF_LINK_GET_FD_BY_ID or BPF_PROG_GET_FD_BY_ID);
 * -errno, -ENOENT if it went meanwhile.
 */
static inline int bpf_info_by_id(int get_fd_cmd, __u32 id, void *info, __u32 len)
{
	union bpf_attr attr;
	int fd, err;

	memset(&attr, 0, sizeof(attr));
	if (get_fd_cmd == BPF_MAP_GET_FD_BY_ID)
		attr.map_id = id;
	else if (get_fd_cmd == BPF_PROG_GET_FD_BY_ID)
		attr.prog_id = id;
	else
		attr.link_id = id;
	fd = sys_bpf(get_fd_cmd, &attr);
	if (fd < 0)
		return -errno;
	err = bpf_info(fd, info, len);
	close(fd);
	return err;
}

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * bed-bpf: the BPF objects in the kernel that outlive a test without a pin
 * or a process to hold them, counted for the bed's state (vmtest/bed.sh):
 *
 *	link TYPE xN	links, by type number
 *	map struct_ops xN
 *			struct_ops maps (one registered without a link stays
 *			registered with no holder at all)
 *
 * bpftool says the same in two seconds a call under TCG; this walks the
 * ids with three system calls each, and the bed reads the state twice a
 * test.
 */

#include <errno.h>
#include <linux/bpf.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

/* The next id after @id of the objects GET_NEXT_ID walks; 0 at the end. */
static __u32 next_id(int cmd, __u32 id)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.start_id = id;
	if (sys_bpf(cmd, &attr))
		return 0;
	return attr.next_id;
}

static int info_by_id(int get_fd_cmd, __u32 id, void *info, __u32 len)
{
	union bpf_attr attr;
	int fd, err;

	memset(&attr, 0, sizeof(attr));
	if (get_fd_cmd == BPF_MAP_GET_FD_BY_ID)
		attr.map_id = id;
	else
		attr.link_id = id;
	fd = sys_bpf(get_fd_cmd, &attr);
	if (fd < 0)
		return -errno;	/* gone meanwhile */
	memset(&attr, 0, sizeof(attr));
	attr.info.bpf_fd = fd;
	attr.info.info_len = len;
	attr.info.info = (__u64)(unsigned long)info;
	err = sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &attr) ? -errno : 0;
	close(fd);
	return err;
}

int main(void)
{
	unsigned int links[64] = { 0 }, struct_ops = 0, i;
	__u32 id = 0;

	while ((id = next_id(BPF_LINK_GET_NEXT_ID, id))) {
		struct bpf_link_info info;

		memset(&info, 0, sizeof(info));
		if (!info_by_id(BPF_LINK_GET_FD_BY_ID, id, &info, sizeof(info)) &&
		    info.type < 64)
			links[info.type]++;
	}
	id = 0;
	while ((id = next_id(BPF_MAP_GET_NEXT_ID, id))) {
		struct bpf_map_info info;

		memset(&info, 0, sizeof(info));
		if (!info_by_id(BPF_MAP_GET_FD_BY_ID, id, &info, sizeof(info)) &&
		    info.type == BPF_MAP_TYPE_STRUCT_OPS)
			struct_ops++;
	}
	for (i = 0; i < 64; i++)
		if (links[i])
			printf("link %u x%u\n", i, links[i]);
	if (struct_ops)
		printf("map struct_ops x%u\n", struct_ops);
	return 0;
}

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

#include <stdio.h>

#include "bpf_sys.h"

int main(void)
{
	unsigned int links[64] = { 0 }, struct_ops = 0, i;
	__u32 id = 0;

	while ((id = bpf_next_id(BPF_LINK_GET_NEXT_ID, id))) {
		struct bpf_link_info info;

		if (!bpf_info_by_id(BPF_LINK_GET_FD_BY_ID, id, &info, sizeof(info)) &&
		    info.type < 64)
			links[info.type]++;
	}
	id = 0;
	while ((id = bpf_next_id(BPF_MAP_GET_NEXT_ID, id))) {
		struct bpf_map_info info;

		if (!bpf_info_by_id(BPF_MAP_GET_FD_BY_ID, id, &info, sizeof(info)) &&
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

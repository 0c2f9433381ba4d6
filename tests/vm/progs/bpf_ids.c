// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-ids: what tests ask bpftool about the BPF objects a policy is made
 * of, without bpftool's second or more a call under TCG:
 *
 *	bpf-ids running		the name of each struct_ops map a link runs,
 *				one a line, in id order
 *	bpf-ids pins DIR	each BPF object pinned in DIR, by name, with
 *				its ids: "NAME link_id=L map_id=M" for a
 *				struct_ops link, "NAME map_id=M" for a map,
 *				"NAME prog_id=P" for a program
 *	bpf-ids verified	each struct_ops program loaded, in id order:
 *				"NAME insns=N verified=V", its size and how
 *				many instructions the verifier walked
 *
 * Ids are what tells the same object from a like one: a replace that
 * fails must leave the very objects it found.
 */

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

#include "bpf_sys.h"

static int running(void)
{
	__u32 id = 0;

	while ((id = bpf_next_id(BPF_LINK_GET_NEXT_ID, id))) {
		struct bpf_link_info link;
		struct bpf_map_info map;

		if (bpf_info_by_id(BPF_LINK_GET_FD_BY_ID, id, &link, sizeof(link)) ||
		    link.type != BPF_LINK_TYPE_STRUCT_OPS)
			continue;	/* gone meanwhile, or another kind */
		if (!bpf_info_by_id(BPF_MAP_GET_FD_BY_ID, link.struct_ops.map_id, &map,
				    sizeof(map)))
			printf("%s\n", map.name);
	}
	return 0;
}

static int verified(void)
{
	__u32 id = 0;

	while ((id = bpf_next_id(BPF_PROG_GET_NEXT_ID, id))) {
		struct bpf_prog_info prog;

		if (bpf_info_by_id(BPF_PROG_GET_FD_BY_ID, id, &prog, sizeof(prog)) ||
		    prog.type != BPF_PROG_TYPE_STRUCT_OPS)
			continue;	/* gone meanwhile, or another kind */
		printf("%s insns=%u verified=%u\n", prog.name, prog.xlated_prog_len / 8,
		       prog.verified_insns);
	}
	return 0;
}

/* The ids /proc/self/fdinfo gives for the object @fd holds. */
static void print_ids(const char *name, int fd)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	if (!f) {
		printf("%s ?\n", name);
		return;
	}
	printf("%s", name);
	while (fgets(line, sizeof(line), f)) {
		unsigned int v;
		char key[32];

		if (sscanf(line, "%31[a-z_]:\t%u", key, &v) == 2 &&
		    (!strcmp(key, "link_id") || !strcmp(key, "map_id") || !strcmp(key, "prog_id")))
			printf(" %s=%u", key, v);
	}
	printf("\n");
	fclose(f);
}

static int pins(const char *dir)
{
	struct dirent **names;
	char path[4096];
	int n, fd, ret = 0;

	n = scandir(dir, &names, NULL, alphasort);
	if (n < 0) {
		fprintf(stderr, "bpf-ids: %s: %s\n", dir, strerror(errno));
		return 1;
	}
	for (int i = 0; i < n; i++) {
		union bpf_attr attr;

		if (names[i]->d_name[0] == '.' || names[i]->d_type == DT_DIR)
			goto next;
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		memset(&attr, 0, sizeof(attr));
		attr.pathname = (__u64)(unsigned long)path;
		fd = sys_bpf(BPF_OBJ_GET, &attr);
		if (fd < 0) {
			fprintf(stderr, "bpf-ids: %s: %s\n", path, strerror(errno));
			ret = 1;
			goto next;
		}
		print_ids(names[i]->d_name, fd);
		close(fd);
next:
		free(names[i]);
	}
	free(names);
	return ret;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "running"))
		return running();
	if (argc == 3 && !strcmp(argv[1], "pins"))
		return pins(argv[2]);
	if (argc == 2 && !strcmp(argv[1], "verified"))
		return verified();
	fprintf(stderr, "usage: bpf-ids running | pins DIR | verified\n");
	return 64;
}

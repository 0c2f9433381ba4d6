// SPDX-License-Identifier: GPL-2.0
/* The maps policies and monitors share (see monitors.h). */

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "monitors.h"
#include "store.h"
#include "wmi_policy.h"

uint64_t monitors_parse_start(const char *stat)
{
	unsigned long long start = 0;
	const char *p;
	int i;

	/* After the command name, which may hold anything: from the last ')'. */
	p = strrchr(stat, ')');
	if (!p)
		return 0;
	/* Field 22 is the start time; the ')' ends field 2. */
	for (i = 2; i < 22 && p; i++)
		p = strchr(p + 1, ' ');
	if (!p || sscanf(p + 1, "%llu", &start) != 1)
		return 0;
	return start;
}

uint64_t monitors_start_time(int pid)
{
	char path[64], buf[1024];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return monitors_parse_start(buf);
}

static int pin_new(int fd, const char *bpffs, const char *leaf)
{
	char path[STORE_PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", bpffs, leaf);
	unlink(path);
	return bpf_obj_pin(fd, path) ? -errno : 0;
}

int monitors_open(const char *bpffs, int *outer, int *slots)
{
	LIBBPF_OPTS(bpf_map_create_opts, opts);
	char path[STORE_PATH_MAX];
	int inner, err;

	snprintf(path, sizeof(path), "%s/monitors", bpffs);
	*outer = bpf_obj_get(path);
	snprintf(path, sizeof(path), "%s/monitor_slots", bpffs);
	*slots = bpf_obj_get(path);
	if (*outer >= 0 && *slots >= 0)
		return 0;
	if (*outer >= 0)
		close(*outer);
	if (*slots >= 0)
		close(*slots);
	*outer = *slots = -1;

	/* Never made, or only half (a kill): make both anew. */
	inner = bpf_map_create(BPF_MAP_TYPE_RINGBUF, "monitor_ring", 0, 0, WMI_MONITOR_RING_SIZE,
			       NULL);
	if (inner < 0)
		return -errno;
	opts.inner_map_fd = inner;
	*outer = bpf_map_create(BPF_MAP_TYPE_ARRAY_OF_MAPS, "monitors", sizeof(__u32),
				sizeof(__u32), WMI_MONITOR_SLOTS, &opts);
	err = *outer < 0 ? -errno : 0;
	close(inner);
	if (!err) {
		*slots = bpf_map_create(BPF_MAP_TYPE_ARRAY, "monitor_slots", sizeof(__u32),
					sizeof(struct wmi_monitor_slot), WMI_MONITOR_SLOTS, NULL);
		err = *slots < 0 ? -errno : 0;
	}
	/* The slots first: a monitors pin always has its slots. */
	if (!err)
		err = pin_new(*slots, bpffs, "monitor_slots");
	if (!err)
		err = pin_new(*outer, bpffs, "monitors");
	if (err) {
		if (*outer >= 0)
			close(*outer);
		if (*slots >= 0)
			close(*slots);
		*outer = *slots = -1;
	}
	return err;
}

/* Does a live monitor hold slot i? */
static bool held(int outer, int slots, __u32 i)
{
	struct wmi_monitor_slot s = { };
	__u32 id;

	if (bpf_map_lookup_elem(outer, &i, &id))
		return false;	/* no ring */
	if (bpf_map_lookup_elem(slots, &i, &s) || !s.pid)
		return false;
	if (kill(s.pid, 0) && errno == ESRCH)
		return false;
	return monitors_start_time(s.pid) == s.start;
}

int monitors_claim(int outer, int slots, int ring)
{
	struct wmi_monitor_slot s = { };
	__u32 i, fd = ring;

	for (i = 0; i < WMI_MONITOR_SLOTS; i++) {
		if (held(outer, slots, i))
			continue;
		/* A dead monitor's ring goes: nobody reads it. */
		bpf_map_delete_elem(outer, &i);
		s.pid = getpid();
		s.start = monitors_start_time(s.pid);
		if (bpf_map_update_elem(slots, &i, &s, BPF_ANY))
			return -errno;
		if (bpf_map_update_elem(outer, &i, &fd, BPF_ANY))
			return -errno;
		return i;
	}
	return -EBUSY;
}

void monitors_release(int outer, int slots, int slot)
{
	struct wmi_monitor_slot s = { };
	__u32 i = slot;

	if (slot < 0 || bpf_map_lookup_elem(slots, &i, &s) || s.pid != (__u32)getpid())
		return;
	bpf_map_delete_elem(outer, &i);
	memset(&s, 0, sizeof(s));
	bpf_map_update_elem(slots, &i, &s, BPF_ANY);
}

uint64_t monitors_lost(int slots, int slot)
{
	struct wmi_monitor_slot s = { };
	__u32 i = slot;

	if (slot < 0 || bpf_map_lookup_elem(slots, &i, &s))
		return 0;
	return s.lost;
}

int monitors_running(int outer, int slots)
{
	__u32 i;
	int n = 0;

	for (i = 0; i < WMI_MONITOR_SLOTS; i++)
		n += held(outer, slots, i);
	return n;
}

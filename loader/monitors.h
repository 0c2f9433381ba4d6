/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The maps every table policy shares with every monitor (see "Monitors"
 * in bpf/wmi_policy.h), pinned once beside the policies:
 *
 *	/sys/fs/bpf/wmi/monitors	ARRAY_OF_MAPS: a ring buffer per monitor
 *	/sys/fs/bpf/wmi/monitor_slots	ARRAY of struct wmi_monitor_slot
 *
 * A monitor claims a slot under the writers' lock (store_lock()): a slot is
 * free when it holds no ring, or when the monitor that holds it is gone
 * (killed: its pid is dead, or has another start time).
 */
#ifndef WMIBPF_MONITORS_H
#define WMIBPF_MONITORS_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Open the shared maps, making and pinning them if need be (the caller
 * holds the lock). 0 or -errno.
 */
int monitors_open(const char *bpffs, int *outer, int *slots);

/* A process's start time, as /proc/PID/stat says (0 if unknown). */
uint64_t monitors_start_time(int pid);
/* The start time in the text of a /proc/PID/stat (0 if none). */
uint64_t monitors_parse_start(const char *stat);

/*
 * Put ring (a ring buffer's fd) in a free slot, for this process; the
 * slot's index, or -EBUSY when every slot is taken by a live monitor.
 */
int monitors_claim(int outer, int slots, int ring);

/* Give the slot back, if this process still holds it. */
void monitors_release(int outer, int slots, int slot);

/* Events lost in a slot. */
uint64_t monitors_lost(int slots, int slot);

/* Monitors running (slots held by live processes). */
int monitors_running(int outer, int slots);

#endif

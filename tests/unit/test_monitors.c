// SPDX-License-Identifier: GPL-2.0
/*
 * Monitor slots (loader/monitors.c) against mocked maps: a monitor takes a
 * free slot, or one a dead monitor (a gone pid, or a reused one with
 * another start time) left; gives back only its own.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <bpf/bpf.h>

#include "monitors.h"
#include "wmi_policy.h"

#define OUTER	11
#define SLOTS	12

static __u32 rings[WMI_MONITOR_SLOTS];		/* 0: no ring */
static struct wmi_monitor_slot slots[WMI_MONITOR_SLOTS];

int __wrap_bpf_map_lookup_elem(int fd, const void *key, void *value)
{
	__u32 i = *(const __u32 *)key;

	if (i >= WMI_MONITOR_SLOTS) {
		errno = ENOENT;
		return -1;
	}
	if (fd == OUTER) {
		if (!rings[i]) {
			errno = ENOENT;
			return -1;
		}
		*(__u32 *)value = rings[i];
		return 0;
	}
	memcpy(value, &slots[i], sizeof(slots[i]));
	return 0;
}

int __wrap_bpf_map_update_elem(int fd, const void *key, const void *value, __u64 flags)
{
	__u32 i = *(const __u32 *)key;

	(void)flags;
	if (fd == OUTER)
		rings[i] = *(const __u32 *)value;
	else
		memcpy(&slots[i], value, sizeof(slots[i]));
	return 0;
}

int __wrap_bpf_map_delete_elem(int fd, const void *key)
{
	__u32 i = *(const __u32 *)key;

	if (fd != OUTER)
		return -1;
	rings[i] = 0;
	return 0;
}

static int setup(void **state)
{
	(void)state;
	memset(rings, 0, sizeof(rings));
	memset(slots, 0, sizeof(slots));
	return 0;
}

/* A slot held by this (live) process. */
static void hold(__u32 i, __u32 ring)
{
	rings[i] = ring;
	slots[i].pid = getpid();
	slots[i].start = monitors_start_time(getpid());
}

static void claims_free_slot(void **state)
{
	(void)state;
	hold(0, 90);
	assert_int_equal(monitors_claim(OUTER, SLOTS, 91), 1);
	assert_int_equal(rings[1], 91);
	assert_int_equal(slots[1].pid, (__u32)getpid());
	assert_int_equal(slots[1].lost, 0);
	assert_int_equal(monitors_running(OUTER, SLOTS), 2);
}

/* Killed monitors leave their ring: a dead pid, or a reused one, frees it. */
static void reclaims_dead_slots(void **state)
{
	__u32 i;

	(void)state;
	for (i = 0; i < WMI_MONITOR_SLOTS; i++)
		hold(i, 80 + i);
	assert_int_equal(monitors_claim(OUTER, SLOTS, 99), -EBUSY);
	slots[3].start++;		/* the pid now names another process */
	slots[5].pid = 0x7ffffff0;	/* no such process */
	slots[5].lost = 7;
	assert_int_equal(monitors_running(OUTER, SLOTS), WMI_MONITOR_SLOTS - 2);
	assert_int_equal(monitors_claim(OUTER, SLOTS, 99), 3);
	assert_int_equal(monitors_claim(OUTER, SLOTS, 98), 5);
	assert_int_equal(monitors_lost(SLOTS, 5), 0);	/* counted afresh */
	assert_int_equal(rings[5], 98);
}

static void releases_own_slot_only(void **state)
{
	(void)state;
	hold(2, 70);
	slots[2].lost = 4;
	assert_int_equal(monitors_lost(SLOTS, 2), 4);
	slots[2].pid = getpid() + 1;
	monitors_release(OUTER, SLOTS, 2);
	assert_int_equal(rings[2], 70);		/* another's */
	slots[2].pid = getpid();
	monitors_release(OUTER, SLOTS, 2);
	assert_int_equal(rings[2], 0);
	assert_int_equal(slots[2].pid, 0);
	monitors_release(OUTER, SLOTS, -1);	/* never claimed */
}

/* The start time is field 22, whatever the command name holds. */
static void start_time_of_odd_names(void **state)
{
	(void)state;
	assert_true(monitors_start_time(getpid()) > 0);
	assert_int_equal(monitors_start_time(0x7ffffff0), 0);
	assert_int_equal(monitors_parse_start("42 (a) b) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 "
					      "17 18 4711 19 20"), 4711);
	assert_int_equal(monitors_parse_start("42 (x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 "
					      "18 19 20 21 22"), 0);
	assert_int_equal(monitors_parse_start("42 (x) S 1 2"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(claims_free_slot, setup),
		cmocka_unit_test_setup(reclaims_dead_slots, setup),
		cmocka_unit_test_setup(releases_own_slot_only, setup),
		cmocka_unit_test_setup(start_time_of_odd_names, setup),
	};

	return cmocka_run_group_tests_name("monitors", tests, NULL, NULL);
}

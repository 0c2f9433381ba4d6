// SPDX-License-Identifier: GPL-2.0
/*
 * Who reads a device's events is a policy's decision too: an event_open
 * program (tests/vm/bpf/test_reader.bpf.c) judges each opener of the acme
 * event device's node on its credentials, before the opener is a reader
 * and before it may turn the firmware's event on. Run on a node granted
 * to all that nobody has read since the device appeared, with no driver
 * bound to it (wmi-event-test renew gives one).
 */

#include <bpf/libbpf.h>
#include <grp.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <linux/capability.h>

#include "check.h"
#include "wmi_util.h"

#include "test_reader.skel.h"

#define EVENT_NODE	"/dev/wmi/" ACME_EVENT

/*
 * Open the node as @uid, in the supplementary group @group unless it is
 * 0, without capabilities. Return: 0 if the open succeeded, else its errno.
 */
static int open_as(uid_t uid, gid_t group)
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return errno;
	if (pid == 0) {
		gid_t groups[1] = { group };
		int fd;

		if (setgroups(group ? 1 : 0, groups) || setresgid(uid, uid, uid) ||
		    setresuid(uid, uid, uid))
			_exit(255);
		fd = open(EVENT_NODE, O_RDONLY);
		_exit(fd < 0 ? errno : 0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return 255;
	return WEXITSTATUS(status);
}

int main(void)
{
	struct test_reader *skel;
	struct bpf_link *link;
	int err, fd;

	setvbuf(stdout, NULL, _IOLBF, 0);
	skel = test_reader__open_and_load();
	CHECK(skel, "load test_reader");
	if (!skel)
		return check_finish();
	link = bpf_map__attach_struct_ops(skel->maps.test_reader);
	CHECK(link, "attach it to the acme event device");
	if (!link)
		goto out;

	CHECK(acme_event_state() == 0, "nobody reads the hot key yet: the firmware's event is off");
	err = open_as(1000, 0);
	CHECK(err == EACCES, "uid 1000, granted the node, is refused by the program: EACCES (%s)",
	      strerror(err));
	CHECK(skel->bss->refused == 1 && skel->bss->last_uid == 1000 &&
	      skel->bss->last_gid == 1000 && skel->bss->last_caps == 0,
	      "the program saw the opener: uid %u, gid %u, capabilities 0x%llx",
	      skel->bss->last_uid, skel->bss->last_gid,
	      (unsigned long long)skel->bss->last_caps);
	CHECK(acme_event_state() == 0, "a refused opener turned nothing on in the firmware");

	err = open_as(1000, 1001);
	CHECK(err == 0, "in group 1001 it may read the events (%s)", strerror(err));
	CHECK(acme_event_state() == 1, "and its open turned the event on");

	fd = open(EVENT_NODE, O_RDONLY);
	CHECK(fd >= 0, "root may read them too");
	CHECK(skel->bss->last_is_open && skel->bss->last_from_user &&
	      skel->bss->last_notify_id == 0xd0 && skel->bss->last_uid == 0 &&
	      skel->bss->last_pid == (__u32)getpid() &&
	      !strcmp(skel->bss->last_comm, "wmi-bpf-readers") &&
	      (skel->bss->last_caps & (1ull << CAP_SYS_ADMIN)) && skel->bss->last_flags == 0,
	      "an open as programs see it: kind %s, origin %s, notify id 0x%x, pid %u, comm %s, flags 0x%x",
	      skel->bss->last_is_open ? "event open" : "other",
	      skel->bss->last_from_user ? "user" : "kernel", skel->bss->last_notify_id,
	      skel->bss->last_pid, skel->bss->last_comm, skel->bss->last_flags);
	CHECK(skel->bss->refusals == 31,
	      "an open has nothing to alter: every kfunc that would alters refused (bits 0x%x of 0x1f)",
	      skel->bss->refusals);
	CHECK(skel->bss->opens == 3, "the program judged each of the 3 opens (%u)",
	      skel->bss->opens);
	if (fd >= 0)
		close(fd);

	bpf_link__destroy(link);
	err = open_as(1000, 0);
	CHECK(err == 0, "once it is detached, the node's mode alone decides: uid 1000 reads (%s)",
	      strerror(err));
out:
	test_reader__destroy(skel);
	return check_finish();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * WMI events read from /dev/wmi/<event device> on the fake laptop. The
 * acme hot key simulator raises event 0xD0 with the data method 12 of the
 * acme method block stored (vmtest/acpi/acme.asl).
 *
 *   wmi-event-test basic     records, readers, poll, O_NONBLOCK, sizes
 *   wmi-event-test readers   the places users without CAP_SYS_ADMIN may
 *                            take (the node must be granted to all)
 *   wmi-event-test storm N   N events: a reader that keeps up, one that
 *                            does not read, readers that come and go
 *   wmi-event-test gone      readers blocked in read() and poll() when
 *                            the device is removed
 *   wmi-event-test renew     remove the event device and bring it back, its
 *                            event off, its node new and nobody's reader
 *   wmi-event-test read DEVICE COUNT TIMEOUT_S
 *                            print COUNT records, one line each
 */

#include <dirent.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <sys/wait.h>

#include "check.h"
#include "wmi_util.h"

#define ACME_HOTKEY	"769356C8-76CA-4F3D-B856-3AAE62AEF4D4"
#define EVENT_NODE	"/dev/wmi/" ACME_EVENT
#define ACME_NOTIFY	0xd0
#define MAPPER		"/sys/bus/platform/drivers/acpi-wmi/"
#define TESTDRV_COUNT	"/sys/kernel/debug/wmi-testdrv/event_count"

static uint8_t buf[WMI_EVENT_READ_SIZE];

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static int open_events(int flags)
{
	int fd = open(EVENT_NODE, O_RDONLY | flags);

	if (fd < 0)
		printf("open %s: %s\n", EVENT_NODE, strerror(errno));
	return fd;
}

/* Raise event 0xD0 with DATA: two raw calls, through the method nodes. */
static int raise_event(uint32_t data)
{
	int methods = wmi_open(ACME_METHODS), hotkey = wmi_open(ACME_HOTKEY);
	uint32_t v;
	int ret = -ENODEV;

	if (methods >= 0 && hotkey >= 0) {
		ret = wmi_call_u32(methods, 0, 12, &data, &v);
		if (!ret)
			ret = wmi_call_u32(hotkey, 0, 1, NULL, &v);
	}
	if (methods >= 0)
		close(methods);
	if (hotkey >= 0)
		close(hotkey);
	return ret;
}

static const struct wmi_event *record(const uint8_t *p)
{
	return (const struct wmi_event *)p;
}

/* Wait up to MS for FD to become readable; the poll() revents. */
static short wait_readable(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, ms) > 0 ? p.revents : 0;
}

/* Read exactly one record with a buffer of SIZE; its size, or -errno. */
static ssize_t read_one(int fd, size_t size)
{
	ssize_t n = read(fd, buf, size);

	return n < 0 ? -errno : n;
}

static uint32_t event_data(const struct wmi_event *e)
{
	return le32((const uint8_t *)e + e->header_size);
}

static void test_basic(void)
{
	const struct wmi_event *e = record(buf);
	struct wmi_method_call c;
	uint64_t seq, ts, before;
	int r1, r2, m;
	ssize_t n;

	r1 = open_events(0);
	r2 = open_events(O_NONBLOCK);
	CHECK(r1 >= 0 && r2 >= 0, "two readers open the event node");
	CHECK(read_one(r2, sizeof(buf)) == -EAGAIN, "nothing queued: O_NONBLOCK read is EAGAIN");
	CHECK(wait_readable(r1, 0) == 0, "nothing queued: poll says not readable");

	before = now_ns();
	CHECK(raise_event(0x2a) == 0, "raise the hot key with data 0x2a");
	CHECK(wait_readable(r1, 10000) & POLLIN, "poll wakes the first reader");
	n = read_one(r1, sizeof(buf));
	CHECK(n == 48 && e->size == 48, "one record of 48 bytes (%zd, %u)", n, n > 0 ? e->size : 0);
	CHECK(e->header_size == WMI_EVENT_SIZE_VER0, "header_size %u", e->header_size);
	CHECK(e->notify_id == ACME_NOTIFY, "notify id 0x%x", e->notify_id);
	CHECK(e->data_type == WMI_RESULT_INTEGER && e->data_size == 4,
	      "integer data of 4 bytes (type %u, %u bytes)", e->data_type, e->data_size);
	CHECK(event_data(e) == 0x2a, "data 0x%x", event_data(e));
	CHECK(e->flags == 0 && e->lost == 0, "flags 0x%x, lost %u", e->flags, e->lost);
	CHECK(e->timestamp_ns >= before && e->timestamp_ns <= now_ns(),
	      "timestamp between raising and reading");
	seq = e->seq;
	ts = e->timestamp_ns;
	CHECK(seq >= 1, "event number %llu", (unsigned long long)seq);

	CHECK(wait_readable(r2, 10000) & POLLIN, "the second reader has it too");
	n = read_one(r2, sizeof(buf));
	CHECK(n == 48 && e->seq == seq && e->timestamp_ns == ts && event_data(e) == 0x2a,
	      "the same event: number, time and data");
	CHECK(read_one(r2, sizeof(buf)) == -EAGAIN, "and only it");

	/*
	 * One at a time: _WED reads the data the last raise stored, so a
	 * raise before the previous event was fetched would change its data.
	 */
	for (int i = 0; i < 2; i++) {
		CHECK(raise_event(0x107 + i) == 0, "raise 0x%x", 0x107 + i);
		CHECK(wait_readable(r2, 10000) & POLLIN, "second reader: event %d", i + 1);
		CHECK(read_one(r2, 48) == 48, "read it alone");
	}
	CHECK(read_one(r1, 47) == -EINVAL, "a buffer one byte short of a record: EINVAL");
	/* A page no one mapped: the copy faults, and the record must stay queued. */
	CHECK(read(r1, (void *)4096, 48) < 0 && errno == EFAULT, "a bad buffer: EFAULT");
	n = read_one(r1, 48 + 47);
	CHECK(n == 48 && e->seq == seq + 1 && event_data(e) == 0x107,
	      "the record was kept: read alone with room for 1.9 records (%zd, #%llu, 0x%x)",
	      n, n > 0 ? (unsigned long long)e->seq : 0ull, n > 0 ? event_data(e) : 0);
	n = read_one(r1, sizeof(buf));
	CHECK(n == 48 && e->seq == seq + 2 && event_data(e) == 0x108, "then the next one");

	for (int i = 0; i < 3; i++) {
		CHECK(raise_event(0x200 + i) == 0, "raise 0x%x", 0x200 + i);
		CHECK(wait_readable(r2, 10000) & POLLIN, "second reader has it");
		CHECK(read_one(r2, 48) == 48, "read it alone");
	}
	n = read_one(r1, sizeof(buf));
	CHECK(n == 3 * 48, "three records in one read (%zd bytes)", n);
	for (int i = 0; n == 3 * 48 && i < 3; i++) {
		e = record(buf + 48 * i);
		CHECK(e->seq == seq + 3 + i && event_data(e) == 0x200u + i,
		      "record %d: number and data in order", i);
	}

	CHECK(ioctl(r1, WMI_IOC_METHOD_CALL, &c) < 0 && errno == ENOTTY,
	      "no method calls on an event node: ENOTTY");
	m = wmi_open(ACME_METHODS);
	CHECK(m >= 0 && read(m, buf, sizeof(buf)) < 0 && errno == EINVAL,
	      "no read() on a method node: EINVAL");
	close(m);

	/* Readers that never read pin memory: a node takes 64 of them. */
	{
		int fds[70], nr = 0, err = 0;

		while (nr < 70) {
			fds[nr] = open(EVENT_NODE, O_RDONLY);
			if (fds[nr] < 0) {
				err = errno;
				break;
			}
			nr++;
		}
		CHECK(nr + 2 == 64 && err == EMFILE, "64 readers at most, then EMFILE (%d, %s)",
		      nr + 2, strerror(err));
		while (nr > 0)
			close(fds[--nr]);
		nr = open(EVENT_NODE, O_RDONLY);
		CHECK(nr >= 0, "a closed reader's place is free again");
		close(nr);
	}
	close(r1);
	close(r2);
}

/*
 * Readers held by a child running as one user, without capabilities: it
 * opens the node until an open fails (or it holds 20), and keeps them open
 * until release_readers() kills it. (Not until a pipe closes: the holders
 * forked after it would keep the pipe open.)
 */
struct holder {
	pid_t pid;
	int opened;	/* how many it holds */
	int err;	/* errno of the open that failed */
};

static int hold_readers(uid_t uid, struct holder *h)
{
	int report[2], res[2] = { -1, 0 };

	if (pipe(report))
		return -1;
	h->pid = fork();
	if (h->pid < 0) {
		close(report[0]);
		close(report[1]);
		return -1;
	}
	if (h->pid == 0) {
		int n = 0;

		close(report[0]);
		if (setgroups(0, NULL) || setresgid(uid, uid, uid) || setresuid(uid, uid, uid))
			_exit(1);
		while (n < 20 && open(EVENT_NODE, O_RDONLY) >= 0)
			n++;
		res[0] = n;
		res[1] = n < 20 ? errno : 0;
		if (write(report[1], res, sizeof(res)) != sizeof(res))
			_exit(1);
		for (;;)
			pause();
	}
	close(report[1]);
	if (read(report[0], res, sizeof(res)) != sizeof(res))
		res[0] = -1;
	close(report[0]);
	h->opened = res[0];
	h->err = res[1];
	return 0;
}

/* Its files are closed once waitpid() returns: the exit closes them first. */
static void release_readers(struct holder *h)
{
	kill(h->pid, SIGKILL);
	waitpid(h->pid, NULL, 0);
}

/* Opens by root until one fails, at most @max; returns how many, kept in @fds. */
static int root_readers(int *fds, int max, int *err)
{
	int n = 0;

	*err = 0;
	while (n < max && (fds[n] = open(EVENT_NODE, O_RDONLY)) >= 0)
		n++;
	if (n < max)
		*err = errno;
	return n;
}

/* Opens by the current process until one fails, at most 20: how many. */
static int open_all(void)
{
	int n = 0;

	while (n < 20 && open(EVENT_NODE, O_RDONLY) >= 0)
		n++;
	return n;
}

/*
 * A user with subordinate ids (here uid 3000, whose namespace root maps to
 * ids 5000 to 5002, as newuidmap would) opens as each of them: it is still
 * one user, with 8 places in all. Return: how many the three opened, -2
 * if no user namespace could be made (a kernel without USER_NS).
 */
static int unshare_err;	/* why userns_readers() could make no namespace */

static int userns_readers(void)
{
	int ready[2], mapped[2], total[2], n = -1;
	char path[64], c = 0;
	pid_t pid;

	if (pipe(ready) || pipe(mapped) || pipe(total))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int hold[2], sum = 0;

		close(mapped[1]);
		if (setgroups(0, NULL) || setresgid(3000, 3000, 3000) ||
		    setresuid(3000, 3000, 3000))
			_exit(1);
		if (unshare(CLONE_NEWUSER)) {
			/* No user namespace here: say why. */
			int err = errno;

			c = 'u';
			if (write(ready[1], &c, 1) != 1 || write(ready[1], &err, sizeof(err)) < 0)
				_exit(1);
			_exit(1);
		}
		if (write(ready[1], &c, 1) != 1 || read(mapped[0], &c, 1) != 1 || pipe(hold))
			_exit(1);
		for (uid_t u = 0; u < 3; u++) {
			int opened[2], k = -1;

			if (pipe(opened))
				_exit(1);
			if (fork() == 0) {
				/* Opens as ns uid u, and holds them while hold is open. */
				close(hold[1]);
				k = setresuid(u, u, u) ? -1 : open_all();
				if (write(opened[1], &k, sizeof(k)) != sizeof(k))
					_exit(1);
				while (read(hold[0], &c, 1) > 0)
					;
				_exit(0);
			}
			if (read(opened[0], &k, sizeof(k)) != sizeof(k) || k < 0)
				_exit(1);
			close(opened[0]);
			close(opened[1]);
			sum += k;
		}
		if (write(total[1], &sum, sizeof(sum)) != sizeof(sum))
			_exit(1);
		/* Until the parent has the count; then no reader is left. */
		while (read(mapped[0], &c, 1) > 0)
			;
		close(hold[1]);
		while (wait(NULL) > 0)
			;
		_exit(0);
	}
	close(ready[1]);
	close(mapped[0]);
	close(total[1]);
	snprintf(path, sizeof(path), "/proc/%d/uid_map", pid);
	if (read(ready[0], &c, 1) != 1)
		n = -1;
	else if (c == 'u' && read(ready[0], &unshare_err, sizeof(unshare_err)) == sizeof(unshare_err))
		n = -2;
	else if (write_file(path, "0 5000 3") || write(mapped[1], &c, 1) != 1 ||
		 read(total[0], &n, sizeof(n)) != sizeof(n))
		n = -1;
	close(mapped[1]);
	waitpid(pid, NULL, 0);
	close(ready[0]);
	close(total[0]);
	return n;
}

/*
 * Users granted the node share 48 of its 64 places, 8 each at most; root
 * keeps the other 16 (userspace.rst, "Receiving events").
 */
static void test_readers(void)
{
	struct holder users[7];
	int fds[70], nr, err;

	for (int i = 0; i < 7; i++) {
		if (hold_readers(1000 + i, &users[i])) {
			CHECK(0, "start a reader as uid %d: %s", 1000 + i, strerror(errno));
			while (i > 0)
				release_readers(&users[--i]);
			return;
		}
		if (i == 0)
			CHECK(users[0].opened == 8 && users[0].err == EMFILE,
			      "one user: 8 readers, then EMFILE (%d, %s)",
			      users[0].opened, strerror(users[0].err));
		else if (i < 6)
			CHECK(users[i].opened == 8 && users[i].err == EMFILE,
			      "uid %d: 8 more (%d, %s)", 1000 + i, users[i].opened,
			      strerror(users[i].err));
	}
	CHECK(users[6].opened == 0 && users[6].err == EMFILE,
	      "with 48 held by users, a seventh gets none: EMFILE (%d, %s)",
	      users[6].opened, strerror(users[6].err));

	nr = root_readers(fds, 70, &err);
	CHECK(nr == 16 && err == EMFILE, "root still gets the 16 places kept for it (%d, %s)",
	      nr, strerror(err));
	while (nr > 0)
		close(fds[--nr]);

	release_readers(&users[0]);
	release_readers(&users[6]);
	if (hold_readers(1006, &users[6]) == 0) {
		CHECK(users[6].opened == 8 && users[6].err == EMFILE,
		      "once one user closes its 8, another gets 8 (%d, %s)",
		      users[6].opened, strerror(users[6].err));
		release_readers(&users[6]);
	}
	for (int i = 1; i < 6; i++)
		release_readers(&users[i]);

	/* Only a kernel without user namespaces may skip it. */
	nr = userns_readers();
	if (nr == -2 && access("/proc/self/ns/user", F_OK))
		printf("skip: a user in a user namespace: this kernel has none (%s)\n",
		       strerror(unshare_err));
	else
		CHECK(nr == 8, "a user opening as 3 of its ids in a user namespace is one user: "
		      "8 (%d%s%s)", nr, nr == -2 ? ", unshare: " : "",
		      nr == -2 ? strerror(unshare_err) : "");

	nr = root_readers(fds, 70, &err);
	CHECK(nr == 64 && err == EMFILE, "root alone: all 64 (%d, %s)", nr, strerror(err));
	while (nr > 0)
		close(fds[--nr]);
}

/* One reader's view of a run of events, checked as it goes. */
struct tally {
	uint64_t events, lost, lost_records, last_seq, bad_seq, bad_data;
	uint32_t want_data;
};

/* Account for the records in BUF[0..N); the event numbers must add up. */
static void tally_records(struct tally *t, const uint8_t *p, ssize_t n)
{
	while (n >= (ssize_t)sizeof(struct wmi_event)) {
		const struct wmi_event *e = record(p);
		uint64_t want = t->last_seq + e->lost + !(e->flags & WMI_EVENT_F_LOST);

		if (t->last_seq && e->seq != want)
			t->bad_seq++;
		if (e->flags & WMI_EVENT_F_LOST) {
			t->lost_records++;
		} else {
			t->events++;
			if (e->notify_id != ACME_NOTIFY || event_data(e) != t->want_data)
				t->bad_data++;
		}
		t->lost += e->lost;
		t->last_seq = e->seq;
		p += e->size;
		n -= e->size;
	}
}

static atomic_bool storm_over;
static atomic_long reopened;

/* Keeps up: reads as fast as it can until it has accounted for every event. */
static void *fast_reader(void *arg)
{
	struct tally *t = arg;
	static uint8_t fbuf[64 * 1024];
	int fd = open_events(0);

	while (fd >= 0) {
		ssize_t n;

		if (atomic_load(&storm_over) && !(wait_readable(fd, 3000) & POLLIN))
			break;
		if (!atomic_load(&storm_over) && !(wait_readable(fd, 200) & POLLIN))
			continue;
		n = read(fd, fbuf, sizeof(fbuf));
		if (n <= 0)
			break;
		tally_records(t, fbuf, n);
	}
	if (fd >= 0)
		close(fd);
	return NULL;
}

/* Comes and goes while events arrive: a reader closed during delivery. */
static void *churn_reader(void *arg)
{
	(void)arg;
	while (!atomic_load(&storm_over)) {
		int fd = open_events(O_NONBLOCK);
		uint8_t small[256];

		if (fd < 0)
			break;
		for (int i = 0; i < 3; i++)
			(void)!read(fd, small, sizeof(small));
		close(fd);
		reopened++;
	}
	return NULL;
}

static long read_count(const char *path)
{
	FILE *f = fopen(path, "r");
	long v = -1;

	if (f) {
		if (fscanf(f, "%ld", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

static void test_storm(long count)
{
	struct tally fast = { .want_data = 0x5a }, slow = { .want_data = 0x5a };
	long driver_before = read_count(TESTDRV_COUNT), driver_after = -1;
	pthread_t ft, ct[2];
	uint32_t data = 0x5a, v;
	int s, methods, hotkey;
	ssize_t n;
	long i;

	s = open_events(O_NONBLOCK);	/* the slow reader: does not read until the end */
	methods = wmi_open(ACME_METHODS);
	hotkey = wmi_open(ACME_HOTKEY);
	CHECK(s >= 0 && methods >= 0 && hotkey >= 0, "open the nodes");
	CHECK(driver_before >= 0, "wmi-testdrv counts its events (%ld so far)", driver_before);
	CHECK(wmi_call_u32(methods, 0, 12, &data, &v) == 0, "event data 0x5a");

	pthread_create(&ft, NULL, fast_reader, &fast);
	for (i = 0; i < 2; i++)
		pthread_create(&ct[i], NULL, churn_reader, NULL);
	usleep(100000);
	for (i = 0; i < count; i++)
		if (wmi_call_u32(hotkey, 0, 1, NULL, &v))
			break;
	CHECK(i == count, "raised %ld events", i);

	/* Delivery runs behind the raising: wait for the driver to have all. */
	for (int t = 0; t < 600; t++) {
		driver_after = read_count(TESTDRV_COUNT);
		if (driver_after - driver_before >= count)
			break;
		usleep(100000);
	}
	atomic_store(&storm_over, true);
	pthread_join(ft, NULL);
	for (i = 0; i < 2; i++)
		pthread_join(ct[i], NULL);

	CHECK(driver_after - driver_before == count, "the kernel driver got all %ld (%ld)", count,
	      driver_after - driver_before);
	printf("fast reader: %llu events, %llu lost in %llu records; %ld readers came and went\n",
	       (unsigned long long)fast.events, (unsigned long long)fast.lost,
	       (unsigned long long)fast.lost_records, (long)atomic_load(&reopened));
	CHECK(fast.events + fast.lost == (uint64_t)count,
	      "the reader keeping up: read + counted lost = %ld", count);
	CHECK(fast.bad_seq == 0 && fast.bad_data == 0, "its event numbers add up, data intact");
	CHECK(atomic_load(&reopened) > 0, "readers opened and closed during the storm");

	while ((n = read(s, buf, sizeof(buf))) > 0)
		tally_records(&slow, buf, n);
	CHECK(n < 0 && errno == EAGAIN, "the slow reader drained its queue");
	printf("slow reader: %llu events, %llu lost in %llu loss records\n",
	       (unsigned long long)slow.events, (unsigned long long)slow.lost,
	       (unsigned long long)slow.lost_records);
	CHECK(slow.events == 256, "the slow reader's queue held 256 events");
	CHECK(slow.lost == (uint64_t)count - 256, "and it was told it lost the other %ld",
	      count - 256);
	CHECK(slow.lost_records == 1 && slow.bad_seq == 0,
	      "in one record of the loss, its numbers adding up");
	CHECK(slow.last_seq == fast.last_seq, "the loss ends at the last event (%llu)",
	      (unsigned long long)slow.last_seq);
	close(s);
	close(methods);
	close(hotkey);
}

static int mapper_of(const char *wmidev, char *name, size_t size)
{
	char path[256], real[PATH_MAX];
	const char *p;

	snprintf(path, sizeof(path), "/sys/bus/wmi/devices/%s", wmidev);
	if (!realpath(path, real) || !(p = strstr(real, "/PNP0C14:")))
		return -1;
	snprintf(name, size, "%.10s", p + 1);
	return 0;
}

/*
 * Rebind every WMI mapper, in name order, as at boot. The WMI core names a
 * device with a GUID another mapper also has "GUID-N" by counting the
 * devices that exist: bound again alone, the first mapper would take the
 * second's "GUID-1" and sysfs refuse the duplicate name.
 */
static int rebind_mappers(void)
{
	struct dirent **names;
	int n, ret = 0;

	n = scandir("/sys/bus/platform/devices", &names, NULL, alphasort);
	if (n < 0)
		return -errno;
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < n; i++) {
			const char *d = names[i]->d_name;
			char link[PATH_MAX];
			bool bound;

			if (strncmp(d, "PNP0C14:", 8))
				continue;
			snprintf(link, sizeof(link), MAPPER "%s", d);
			bound = access(link, F_OK) == 0;
			if (pass == 0 && bound && write_file(MAPPER "unbind", d))
				ret = -EIO;
			if (pass == 1 && !bound && write_file(MAPPER "bind", d))
				ret = -EIO;
		}
	}
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

struct blocked {
	int fd;
	bool poller;
	int result;		/* read: -errno; poll: revents */
	atomic_bool done;
};

static void *blocked_reader(void *arg)
{
	struct blocked *b = arg;
	struct pollfd p = { .fd = b->fd, .events = POLLIN };
	uint8_t rbuf[256];

	if (b->poller)
		b->result = poll(&p, 1, 30000) > 0 ? p.revents : 0;
	else
		b->result = read(b->fd, rbuf, sizeof(rbuf)) < 0 ? -errno : 0;
	atomic_store(&b->done, true);
	return NULL;
}

static void test_gone(void)
{
	struct blocked rd = { .poller = false }, pl = { .poller = true };
	pthread_t t1, t2;
	char mapper[16];
	int fd, queued;

	CHECK(mapper_of(ACME_EVENT, mapper, sizeof(mapper)) == 0, "mapper of the event device: %s",
	      mapper);
	/* No driver binds the event device in this boot: readers alone turn it on. */
	CHECK(acme_event_state() == 0, "no reader yet: the firmware's event is off");
	fd = open_events(0);
	CHECK(acme_event_state() == 1, "the first reader turns it on (WED0)");
	close(fd);
	for (int i = 0; i < 50; i++)
		close(open_events(0));
	CHECK(acme_event_state() == 1, "it stays on across closes: no firmware call per open");
	rd.fd = open_events(0);
	pl.fd = open_events(0);
	queued = open_events(0);
	CHECK(rd.fd >= 0 && pl.fd >= 0 && queued >= 0, "three readers");
	CHECK(raise_event(0x77) == 0 && (wait_readable(queued, 10000) & POLLIN),
	      "one event queued for all three");
	CHECK(read_one(rd.fd, sizeof(buf)) == 48 && read_one(pl.fd, sizeof(buf)) == 48,
	      "two of them read it");
	pthread_create(&t1, NULL, blocked_reader, &rd);
	pthread_create(&t2, NULL, blocked_reader, &pl);
	usleep(300000);
	CHECK(!atomic_load(&rd.done) && !atomic_load(&pl.done), "one blocks in read(), one in poll()");

	CHECK(write_file(MAPPER "unbind", mapper) == 0, "unbind the WMI mapper");
	for (int i = 0; i < 100 && !(atomic_load(&rd.done) && atomic_load(&pl.done)); i++)
		usleep(50000);
	CHECK(atomic_load(&rd.done), "read() woke up");
	CHECK(atomic_load(&pl.done), "poll() woke up");
	if (!atomic_load(&rd.done) || !atomic_load(&pl.done)) {
		printf("readers still blocked; not rebinding\n");
		return;
	}
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	CHECK(rd.result == -ENODEV, "read() failed with ENODEV (%d)", rd.result);
	CHECK((pl.result & (POLLHUP | POLLERR)) == (POLLHUP | POLLERR),
	      "poll() said POLLHUP | POLLERR (0x%x)", pl.result);
	CHECK(access(EVENT_NODE, F_OK) < 0, "the node is gone");
	CHECK(read_one(queued, sizeof(buf)) == 48 && event_data(record(buf)) == 0x77,
	      "a reader still gets what was queued");
	CHECK(read_one(queued, sizeof(buf)) == -ENODEV, "then ENODEV");
	CHECK(wait_readable(queued, 0) & POLLHUP, "and poll says POLLHUP");
	close(rd.fd);
	close(pl.fd);
	close(queued);

	CHECK(rebind_mappers() == 0, "bind the WMI mappers again, in order");
	CHECK(acme_event_state() == 0, "the removal turned the event off: the readers' hold ended");
	fd = open_events(0);
	CHECK(fd >= 0 && raise_event(0x78) == 0 && (wait_readable(fd, 10000) & POLLIN) &&
	      read_one(fd, sizeof(buf)) == 48 && event_data(record(buf)) == 0x78,
	      "the new node delivers events");
	close(fd);
}

/* A new event device: the mappers bound again, the firmware's event off. */
static void test_renew(void)
{
	/* All of them: see rebind_mappers(). */
	CHECK(rebind_mappers() == 0, "unbind the WMI mappers and bind them again, in order");
	for (int i = 0; i < 100 && access(EVENT_NODE, F_OK); i++)
		usleep(50000);
	CHECK(access(EVENT_NODE, F_OK) == 0, "the event device's node is back");
	CHECK(acme_event_state() == 0, "with the firmware's event off");
}

/*
 * A reader's queue holds 64 KiB of records: of twenty events with 4000
 * bytes of data a reader that does not read keeps sixteen, and the small
 * event after them, which carries the count of the four lost. ACPI runs
 * notify handlers on an unordered work queue: read until every one of the
 * twenty is kept or counted as lost.
 */
static void test_big(void)
{
	const struct wmi_event *e;
	int fd = open_events(O_NONBLOCK), big = 0, raised = 0;
	long handled = read_count(TESTDRV_COUNT);
	bool marker = false;
	uint32_t lost = 0, size = 0;

	CHECK(fd >= 0, "a reader that does not read yet");
	CHECK(handled >= 0, "wmi-testdrv counts the events it gets");
	for (int i = 0; i < 20; i++)
		raised += raise_event(0xb16) == 0;
	CHECK(raised == 20, "twenty big events");
	/*
	 * The firmware keeps one event's data, which _WED reads when the
	 * event is handled, from a work queue: the small event's data may
	 * only be set once the driver got all twenty big ones.
	 */
	handled += 20;
	for (int i = 0; i < 200 && read_count(TESTDRV_COUNT) < handled; i++)
		usleep(50000);
	CHECK(read_count(TESTDRV_COUNT) == handled, "the driver got the twenty");
	CHECK(raise_event(0x1) == 0, "then a small one");
	for (int tries = 0; (!marker || big + lost < 20) && tries < 100; tries++) {
		ssize_t n = read(fd, buf, sizeof(buf));

		if (n < 0) {
			wait_readable(fd, 100);
			continue;
		}
		for (ssize_t off = 0; off < n; off += e->size) {
			e = record(buf + off);
			if (e->data_type == WMI_RESULT_BUFFER && !(e->flags & WMI_EVENT_F_LOST)) {
				big++;
				size = e->size;
			} else if (!(e->flags & WMI_EVENT_F_LOST) && event_data(e) == 0x1) {
				marker = true;
			}
			lost += e->lost;
		}
	}
	CHECK(size > 4000 && size <= 4096 + WMI_EVENT_SIZE_VER0, "a big record is %u bytes", size);
	CHECK(big == 16, "the queue kept 16 big records (64 KiB): %d", big);
	CHECK(marker, "and the small event after them");
	CHECK(lost == 4, "which says 4 were lost (%u)", lost);
	close(fd);
}

/* For shell tests: COUNT records of DEVICE, one line each. */
static int print_records(const char *dev, long count, int timeout_s)
{
	char path[128];
	int fd;

	snprintf(path, sizeof(path), "/dev/wmi/%s", dev);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		printf("open %s: %s\n", path, strerror(errno));
		return 1;
	}
	printf("ready\n");
	fflush(stdout);
	while (count > 0) {
		const uint8_t *p = buf;
		ssize_t n;

		if (!(wait_readable(fd, timeout_s * 1000) & POLLIN)) {
			printf("timeout\n");
			close(fd);
			return 1;
		}
		n = read(fd, buf, sizeof(buf));
		if (n < 0) {
			printf("read: %s\n", strerror(errno));
			close(fd);
			return 1;
		}
		while (n > 0 && count > 0) {
			const struct wmi_event *e = record(p);

			printf("notify 0x%x type %u size %u flags 0x%x lost %u data", e->notify_id,
			       e->data_type, e->data_size, e->flags, e->lost);
			for (uint32_t i = 0; i < e->data_size; i++)
				printf(" %02x", p[e->header_size + i]);
			printf("\n");
			fflush(stdout);
			p += e->size;
			n -= e->size;
			count--;
		}
	}
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 2 && !strcmp(argv[1], "basic"))
		test_basic();
	else if (argc == 2 && !strcmp(argv[1], "readers"))
		test_readers();
	else if (argc == 3 && !strcmp(argv[1], "storm"))
		test_storm(atol(argv[2]));
	else if (argc == 2 && !strcmp(argv[1], "big"))
		test_big();
	else if (argc == 2 && !strcmp(argv[1], "gone"))
		test_gone();
	else if (argc == 2 && !strcmp(argv[1], "renew"))
		test_renew();
	else if (argc == 5 && !strcmp(argv[1], "read"))
		return print_records(argv[2], atol(argv[3]), atoi(argv[4]));
	else
		goto usage;
	return check_finish();

usage:
	fprintf(stderr, "usage: wmi-event-test basic | readers | storm N | big | gone | renew | "
		"read DEVICE COUNT TIMEOUT_S\n");
	return 64;
}

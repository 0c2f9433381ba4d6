// SPDX-License-Identifier: GPL-2.0
/*
 * events: the events of a WMI event device, as they arrive, read from its
 * node /dev/wmi/<device>. Each reader sees every event; the kernel counts
 * what a reader too slow for its queue lost and says so in the stream.
 */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "event_record.h"
#include "wmibpf.h"

static volatile sig_atomic_t stopping;

static void on_signal(int sig)
{
	(void)sig;
	stopping = 1;
}

static double mono_to_real(void)
{
	struct timespec real, mono;

	clock_gettime(CLOCK_REALTIME, &real);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	return (real.tv_sec - mono.tv_sec) + (real.tv_nsec - mono.tv_nsec) / 1e9;
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static int open_node(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	int err = errno;

	if (fd >= 0)
		return fd;
	errmsg("%s: %s%s", path, strerror(err),
	       err == EACCES ? " (the WMI nodes are root's unless the admin granted them, "
			       "and a policy may refuse readers; see wmibpf show)" :
	       err == EPERM ? " (a policy refused this reader; see wmibpf show)" :
	       err == EMFILE ? " (the node has all the readers it takes, 8 a user and 48 for "
			       "users without CAP_SYS_ADMIN, 64 in all; or this process has all "
			       "the files open it may)" :
	       err == ENOENT ? " (no such WMI device; see wmibpf devices)" : "");
	return err == ENOENT ? -EXIT_NOT_FOUND : -EXIT_FAILED;
}

/* Print the records in buf[0..n); how many were events, or -1 if malformed. */
static long print_records(struct app *a, const uint8_t *buf, size_t n, double m2r)
{
	const struct wmi_event *e;
	const uint8_t *data;
	size_t off = 0;
	long events = 0;

	while (off < n) {
		long size = event_record_next(buf + off, n - off, &e, &data);

		if (size < 0) {
			errmsg("%s: a malformed record at byte %zu of a %zu-byte read; stopping",
			       a->cli->target, off, n);
			return -1;
		}
		event_record_print(&a->json, stdout, a->cli->json, a->cli->target, e, data, m2r);
		if (!(e->flags & WMI_EVENT_F_LOST))
			events++;
		off += size;
	}
	return events;
}

int cmd_events(struct app *a)
{
	const struct cli *c = a->cli;
	unsigned long seen = 0;
	bool announced = false;
	double deadline, m2r;
	char path[512];
	uint8_t *buf;
	int fd, ret = EXIT_OK;

	if (strchr(c->target, '/') || !strcmp(c->target, ".") || !strcmp(c->target, "..")) {
		errmsg("%s: not a WMI device name (a GUID, with -N for duplicates)", c->target);
		return EXIT_USAGE;
	}
	snprintf(path, sizeof(path), "%s/%s", c->devdir, c->target);
	fd = open_node(path);
	if (fd < 0)
		return -fd;
	buf = malloc(WMI_EVENT_READ_SIZE);
	if (!buf) {
		close(fd);
		return EXIT_FAILED;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	m2r = mono_to_real();
	deadline = c->timeout_s ? now_s() + c->timeout_s : 0;
	/*
	 * Read before waiting: a node that is not an event device says so on
	 * the first read, and "listening" is said only for one that is. Every
	 * event from the open on is seen.
	 */
	while (!stopping && (!c->count || seen < c->count)) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int ms = 200;
		ssize_t n;
		long events;

		n = read(fd, buf, WMI_EVENT_READ_SIZE);
		if (n < 0 && errno == EINTR)
			continue;
		if (!n)
			errno = ENODEV;	/* no end of file but for a removed device */
		if (n <= 0 && errno != EAGAIN) {
			int err = errno;

			errmsg("%s: %s%s", path, strerror(err),
			       err == ENODEV ? " (the device went away)" :
			       err == EINVAL ? " (not an event device: its node has methods or "
					       "a data block; see wmibpf devices)" : "");
			ret = EXIT_FAILED;
			break;
		}
		if (!announced && !c->quiet)
			fprintf(stderr, "wmibpf: listening to the events of %s; Ctrl-C to stop\n",
				c->target);
		announced = true;
		if (n > 0) {
			events = print_records(a, buf, n, m2r);
			if (events < 0) {
				ret = EXIT_FAILED;
				break;
			}
			seen += events;
			continue;
		}
		if (deadline) {
			double left = deadline - now_s();

			if (left <= 0)
				break;
			if (left * 1000 < ms)
				ms = left * 1000 + 1;
		}
		if (poll(&p, 1, ms) < 0 && errno != EINTR) {
			errmsg("%s: poll: %s", path, strerror(errno));
			ret = EXIT_FAILED;
			break;
		}
	}
	if (!ret && c->count && seen < c->count && !stopping) {
		errmsg("%s: %lu of %lu event%s in %u s", c->target, seen, c->count,
		       c->count == 1 ? "" : "s", c->timeout_s);
		ret = EXIT_FAILED;
	}
	free(buf);
	close(fd);
	return ret;
}

enum { OPT_COUNT = CLI_OPT_VERB, OPT_TIMEOUT };

static const struct option events_options[] = {
	{ "count", required_argument, NULL, OPT_COUNT },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ }
};

static int events_option(struct cli *c, int opt, const char *arg, char **err)
{
	uint32_t v;

	if (opt == OPT_COUNT) {
		if (cli_parse_u32(arg, &v) || !v)
			return cli_usage_error(err, "events: --count: expected a positive number, "
					       "found '%s'", arg);
		c->count = v;
		return EXIT_OK;
	}
	if (cli_parse_u32(arg, &c->timeout_s) || !c->timeout_s || c->timeout_s > 86400 * 365)
		return cli_usage_error(err, "events: --timeout: expected seconds, from 1 to "
				       "31536000, found '%s'", arg);
	return EXIT_OK;
}

static int events_args(struct cli *c, char **args, size_t nargs, char **err)
{
	if (nargs != 1)
		return cli_usage_error(err, "events: expected one event DEVICE");
	c->target = args[0];
	return EXIT_OK;
}

const struct cli_verb verb_events = {
	.name = "events",
	.summary = "  events DEVICE            stream a WMI event device's events, until Ctrl-C\n",
	.usage =
	"Usage: wmibpf events DEVICE [--count N] [--timeout SECONDS] [--json]\n"
	"\n"
	"Print the events of the WMI event device DEVICE as they arrive, read\n"
	"from /dev/wmi/DEVICE: number, notify id, data. Every reader sees every\n"
	"event; one too slow for its queue of 256 is told how many it lost.\n"
	"--count stops after N events, --timeout after SECONDS (exit 1 if the\n"
	"N events did not come by then).\n",
	.options = events_options,
	.option = events_option,
	.args = events_args,
	.run = cmd_events,
};

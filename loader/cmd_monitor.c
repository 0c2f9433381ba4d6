// SPDX-License-Identifier: GPL-2.0
/*
 * monitor: the calls the loaded policies report, live, from a ring buffer
 * of this monitor's own (see monitors.h).
 */

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bpffs.h"
#include "mof_bus.h"
#include "monitors.h"
#include "policy.h"
#include "report.h"
#include "store.h"
#include "wmibpf.h"

static volatile sig_atomic_t stopping;

static void on_signal(int sig)
{
	(void)sig;
	stopping = 1;
}

struct stream {
	struct app *a;
	const char *only;	/* the policy to show, or NULL for all */
	unsigned long seen;
	double mono_to_real;	/* CLOCK_REALTIME - CLOCK_MONOTONIC, in seconds */
	const struct policy_names *names;	/* this machine's bMOF's, or NULL */
};

static int on_report(void *ctx, void *data, size_t size)
{
	struct stream *s = ctx;
	const struct wmi_audit_event *e = data;
	char policy[sizeof(e->policy) + 1];

	if (size < sizeof(*e))
		return 0;
	memcpy(policy, e->policy, sizeof(e->policy));
	policy[sizeof(e->policy)] = '\0';
	if (s->only && strcmp(s->only, policy))
		return 0;
	report_print(&s->a->json, stdout, s->a->cli->json, policy, e, s->mono_to_real,
		     s->names);
	fflush(stdout);
	s->seen++;
	return 0;
}

/* Say how many reports this monitor's ring had no room for, when it changes. */
static void report_lost(int slots, int slot, uint64_t *told)
{
	uint64_t lost = monitors_lost(slots, slot);

	if (lost == *told)
		return;
	errmsg("%llu event%s lost so far: this monitor's ring buffer was full (the kernel "
	       "counts them)", (unsigned long long)lost, lost == 1 ? "" : "s");
	*told = lost;
}

/*
 * Register a ring buffer of our own in a free slot of the shared monitors
 * map: from then on every table policy, loaded now or later, delivers to it.
 */
static int attach_monitor(struct app *a, int *outer, int *slots, int *ring, int *slot)
{
	int lock, err, ret;

	*outer = *slots = *ring = *slot = -1;
	ret = store_lock(a->cli->bpffs, a->cli->quiet, &lock);
	if (ret)
		return ret;
	err = monitors_open(a->cli->bpffs, outer, slots);
	if (!err) {
		*ring = bpf_map_create(BPF_MAP_TYPE_RINGBUF, "wmibpf_monitor", 0, 0,
				       a->cli->ring_size ? a->cli->ring_size : WMI_MONITOR_RING_SIZE,
				       NULL);
		err = *ring < 0 ? -errno : 0;
	}
	if (!err) {
		*slot = monitors_claim(*outer, *slots, *ring);
		err = *slot < 0 ? *slot : 0;
	}
	store_unlock(lock);
	if (err == -EBUSY) {
		errmsg("%d monitors run already, the most there may be", WMI_MONITOR_SLOTS);
		return EXIT_FAILED;
	}
	return err ? bpf_failure("registering the monitor", err) : EXIT_OK;
}

static void detach_monitor(struct app *a, int outer, int slots, int slot)
{
	int lock;

	if (slot >= 0 && !store_lock(a->cli->bpffs, true, &lock)) {
		monitors_release(outer, slots, slot);
		store_unlock(lock);
	}
}

int cmd_monitor(struct app *a)
{
	struct timespec real, mono, last, now;
	struct ring_buffer *rb = NULL;
	struct stream s = { .a = a, .only = a->cli->name };
	struct policy_names names;
	struct mof_bus bus;
	int outer, slots, ring, slot, err, ret;
	uint64_t told = 0;

	ret = a->cli->name ? store_find(a->cli->bpffs, a->cli->name) :
			     bpffs_require(a->cli->bpffs);
	if (ret)
		return ret;
	/* Read once, before the first report: a monitor must keep up. */
	s.names = mof_bus_names(&bus, a->cli->sysfs, &names);
	ret = attach_monitor(a, &outer, &slots, &ring, &slot);
	if (!ret) {
		rb = ring_buffer__new(ring, on_report, &s, NULL);
		if (!rb)
			ret = bpf_failure("reading the monitor's ring buffer", -errno);
	}

	if (!ret) {
		clock_gettime(CLOCK_REALTIME, &real);
		clock_gettime(CLOCK_MONOTONIC, &mono);
		s.mono_to_real = (real.tv_sec - mono.tv_sec) + (real.tv_nsec - mono.tv_nsec) / 1e9;
		signal(SIGINT, on_signal);
		signal(SIGTERM, on_signal);
		/* Said once the slot is ours: every call from now on is seen. */
		if (!a->cli->quiet)
			fprintf(stderr, "wmibpf: monitoring %s%s; Ctrl-C to stop\n",
				a->cli->name ? "policy " : "all policies",
				a->cli->name ? a->cli->name : "");
		last = mono;
		while (!stopping && (!a->cli->count || s.seen < a->cli->count)) {
			err = ring_buffer__poll(rb, 200);
			if (err < 0 && err != -EINTR) {
				ret = bpf_failure("reading the monitor's ring buffer", err);
				break;
			}
			clock_gettime(CLOCK_MONOTONIC, &now);
			if (now.tv_sec != last.tv_sec) {
				report_lost(slots, slot, &told);
				last = now;
			}
		}
		report_lost(slots, slot, &told);
	}
	ring_buffer__free(rb);
	detach_monitor(a, outer, slots, slot);
	if (ring >= 0)
		close(ring);
	if (outer >= 0)
		close(outer);
	if (slots >= 0)
		close(slots);
	mof_bus_free(&bus);
	return ret;
}

enum { OPT_COUNT = CLI_OPT_VERB, OPT_RING_SIZE };

static const struct option monitor_options[] = {
	{ "count", required_argument, NULL, OPT_COUNT },
	{ "ring-size", required_argument, NULL, OPT_RING_SIZE },
	{ }
};

static int monitor_option(struct cli *c, int opt, const char *arg, char **err)
{
	uint32_t v;

	if (opt == OPT_COUNT) {
		if (cli_parse_u32(arg, &v) || !v)
			return cli_usage_error(err, "monitor: --count: expected a positive number, "
					       "found '%s'", arg);
		c->count = v;
		return EXIT_OK;
	}
	if (cli_parse_u32(arg, &v) || v < 4096 || v > (1u << 30) || (v & (v - 1)))
		return cli_usage_error(err, "monitor: --ring-size: expected a power of two "
				       "from 4096 to 1073741824, found '%s'", arg);
	c->ring_size = v;
	return EXIT_OK;
}

static int monitor_args(struct cli *c, char **args, size_t nargs, char **err)
{
	if (nargs > 1)
		return cli_usage_error(err, "monitor: expected at most one policy NAME");
	c->name = nargs ? args[0] : NULL;
	return c->name ? cli_check_name("monitor", "", c->name, err) : EXIT_OK;
}

const struct cli_verb verb_monitor = {
	.name = "monitor",
	.summary = "  monitor [NAME]           stream the calls policies report, until Ctrl-C\n",
	.usage =
	"Usage: wmibpf monitor [NAME] [--json] [--count N] [--ring-size BYTES]\n"
	"\n"
	"Print the calls the loaded policies (or NAME) report as they happen:\n"
	"time, device, method, origin, uid, pid, command, rule, action, who\n"
	"answered, error, duration. Runs until Ctrl-C, or N events. Sees every\n"
	"call from its start on, also of policies loaded or replaced meanwhile;\n"
	"says how many its ring buffer (256 KiB, or BYTES: a power of two of at\n"
	"least 4096) had no room for.\n",
	.options = monitor_options,
	.option = monitor_option,
	.args = monitor_args,
	.run = cmd_monitor,
};

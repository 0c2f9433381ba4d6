// SPDX-License-Identifier: GPL-2.0
/* monitor: the audit stream of the loaded policies, live. */

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "policy.h"
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
	unsigned long seen;
	double mono_to_real;	/* CLOCK_REALTIME - CLOCK_MONOTONIC, in seconds */
};

/* Each ring buffer's callback context: the stream and the policy's name. */
struct stream_ctx {
	struct stream *s;
	char name[POLICY_NAME_MAX + 1];
};

static const char *origin_text(uint32_t origin)
{
	return origin == WMI_POLICY_ORIGIN_KERNEL ? "kernel" : "user";
}

/* enum wmi_call_verdict, as the tracepoint prints it */
static const char *verdict_text(uint32_t v)
{
	static const char *const names[] = {
		"firmware", "driver", "refused", "failed", "bpf", "denied",
	};

	return v < sizeof(names) / sizeof(names[0]) ? names[v] : "?";
}

static int on_event(void *ctx, void *data, size_t size)
{
	struct stream_ctx *sc = ctx;
	struct stream *s = sc->s;
	const char *policy = sc->name;
	const struct wmi_audit_event *e = data;
	struct json *j = &s->a->json;
	char when[64], guid[WMI_GUID_STR_LEN + 1], err[32];
	struct wmi_guid g;
	double t = e->time_ns / 1e9 + s->mono_to_real;
	time_t secs = t;
	struct tm tm;

	if (size < sizeof(*e))
		return 0;
	localtime_r(&secs, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(when + strlen(when), sizeof(when) - strlen(when), ".%03d",
		 (int)((t - secs) * 1000));
	memcpy(g.b, e->guid, 16);
	wmi_guid_format(&g, guid);
	if (e->error && policy_errno_name(-e->error))
		snprintf(err, sizeof(err), "%d (%s)", e->error, policy_errno_name(-e->error));
	else
		snprintf(err, sizeof(err), "%d", e->error);

	if (s->a->cli->json) {
		json_object_begin(j);
		json_kv_string(j, "time", when);
		json_kv_string(j, "policy", policy);
		json_kv_string(j, "device", e->device);
		json_kv_string(j, "guid", guid);
		json_kv_uint(j, "instance", e->instance);
		json_kv_uint(j, "method", e->method_id);
		json_kv_string(j, "origin", origin_text(e->origin));
		json_kv_uint(j, "uid", e->uid);
		json_kv_uint(j, "gid", e->gid);
		json_kv_uint(j, "pid", e->pid);
		json_kv_string(j, "comm", e->comm);
		json_kv_uint(j, "rule", e->rule);
		json_kv_string(j, "action", policy_action_name(e->action));
		json_kv_string(j, "verdict", verdict_text(e->verdict));
		json_kv_int(j, "error", e->error);
		json_kv_uint(j, "duration_ns", e->duration_ns);
		json_object_end(j);
		json_end_line(j);
	} else {
		char rule[16] = "default";

		if (e->rule)
			snprintf(rule, sizeof(rule), "rule %u", e->rule);
		printf("%s %s %s method %u inst %u %s uid %u pid %u %s %s: %s -> %s "
		       "error %s %.3f ms\n", when, policy, e->device, e->method_id, e->instance,
		       origin_text(e->origin), e->uid, e->pid, e->comm, rule,
		       policy_action_name(e->action), verdict_text(e->verdict), err,
		       e->duration_ns / 1e6);
		fflush(stdout);
	}
	s->seen++;
	return 0;
}

int cmd_monitor(struct app *a)
{
	struct timespec real, mono;
	struct ring_buffer *rb = NULL;
	struct stream s = { .a = a };
	char **names = NULL, path[STORE_PATH_MAX];
	struct stream_ctx *ctxs = NULL;
	size_t nr = 0, i, used = 0;
	int err, fd, ret = EXIT_OK;

	if (a->cli->name) {
		if (!store_exists(a->cli->bpffs, a->cli->name)) {
			errmsg("no policy named %s is loaded", a->cli->name);
			return EXIT_NOT_FOUND;
		}
		names = malloc(sizeof(*names));
		if (!names || !(names[0] = strdup(a->cli->name)))
			return EXIT_FAILED;
		nr = 1;
	} else {
		err = store_list(a->cli->bpffs, &names, &nr);
		if (err)
			return bpf_failure(a->cli->bpffs, err);
	}
	ctxs = calloc(nr ? nr : 1, sizeof(*ctxs));
	if (!ctxs) {
		free_names(names, nr);
		return EXIT_FAILED;
	}

	for (i = 0; i < nr; i++) {
		store_path(path, a->cli->bpffs, names[i], "audit");
		fd = bpf_obj_get(path);
		if (fd < 0)
			continue;	/* a bare BPF object reports nothing */
		ctxs[used].s = &s;
		snprintf(ctxs[used].name, sizeof(ctxs[used].name), "%s", names[i]);
		if (!rb)
			rb = ring_buffer__new(fd, on_event, &ctxs[used], NULL);
		else if (ring_buffer__add(rb, fd, on_event, &ctxs[used]))
			ret = bpf_failure(path, -errno);
		close(fd);
		if (!rb) {
			ret = bpf_failure(path, -errno);
			break;
		}
		used++;
	}
	if (!ret && !used) {
		errmsg("no loaded policy reports calls%s%s", a->cli->name ? " in " : "",
		       a->cli->name ? a->cli->name : "");
		ret = EXIT_NOT_FOUND;
	}

	if (!ret) {
		clock_gettime(CLOCK_REALTIME, &real);
		clock_gettime(CLOCK_MONOTONIC, &mono);
		s.mono_to_real = (real.tv_sec - mono.tv_sec) + (real.tv_nsec - mono.tv_nsec) / 1e9;
		signal(SIGINT, on_signal);
		signal(SIGTERM, on_signal);
		if (!a->cli->json && !a->cli->quiet)
			fprintf(stderr, "wmibpf: monitoring %zu polic%s; Ctrl-C to stop\n", used,
				used == 1 ? "y" : "ies");
		while (!stopping && (!a->cli->count || s.seen < a->cli->count)) {
			err = ring_buffer__poll(rb, 200);
			if (err < 0 && err != -EINTR) {
				ret = bpf_failure("reading the audit ring buffer", err);
				break;
			}
		}
	}
	ring_buffer__free(rb);
	free(ctxs);
	free_names(names, nr);
	return ret;
}

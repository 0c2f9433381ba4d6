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

#include "bpffs.h"
#include "event.h"
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

static int on_event(void *ctx, void *data, size_t size)
{
	struct stream_ctx *sc = ctx;
	struct stream *s = sc->s;

	if (size < sizeof(struct wmi_audit_event))
		return 0;
	event_print(&s->a->json, stdout, s->a->cli->json, sc->name, data, s->mono_to_real);
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
		ret = store_find(a->cli->bpffs, a->cli->name);
		if (ret)
			return ret;
		names = malloc(sizeof(*names));
		if (!names || !(names[0] = strdup(a->cli->name)))
			return EXIT_FAILED;
		nr = 1;
	} else {
		ret = bpffs_require(a->cli->bpffs);
		if (ret)
			return ret;
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

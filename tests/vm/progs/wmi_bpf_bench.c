// SPDX-License-Identifier: GPL-2.0
/*
 * wmi-bpf-bench: what WMI-BPF costs a method call, for `make bench`.
 *
 * With no program, with an allow-all program, and with the table-driven
 * policy holding 1 000 and 100 000 rules, it measures in one boot the
 * per-call cost of a method call from a kernel module loop (wmi-bench.ko),
 * from user space through /dev/wmi, and of the dispatch alone (a call the
 * core refuses before any firmware runs). Each figure is the median of
 * several runs; the ratios to the no-program case are what to read, as
 * absolute times under TCG mean little. It asserts nothing.
 */

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <stdlib.h>
#include <time.h>

#include "wmi_util.h"
#include "wmi_policy.h"

#include "allow_all.skel.h"
#include "wmi_policy.skel.h"

#define BENCH "/sys/kernel/debug/wmi-bench/run"

static const uint8_t guid_methods[16] = {
	0x90, 0x34, 0x73, 0xfe, 0x22, 0x2e, 0xdb, 0x4e,
	0xa7, 0xb5, 0xbc, 0x24, 0x88, 0x74, 0xd3, 0x83,
};

/* Median ns per call of a wmi-bench loop, or 0 on error. */
static double kernel_loop(const char *mode, unsigned int iterations, unsigned int runs)
{
	char req[64], res[64] = "";
	unsigned long long median = 0, min;
	FILE *f = fopen(BENCH, "r+");

	if (!f)
		return 0;
	snprintf(req, sizeof(req), "%s %u %u", mode, iterations, runs);
	if (fputs(req, f) >= 0 && !fflush(f)) {
		rewind(f);
		if (!fgets(res, sizeof(res), f) || sscanf(res, "%llu %llu", &median, &min) != 2)
			median = 0;
	}
	fclose(f);
	return median;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Median ns per call of method 1 through /dev/wmi. */
static double user_loop(unsigned int iterations, unsigned int runs)
{
	double t[64], start;
	unsigned int i, r;
	uint32_t v;
	int fd = wmi_open(ACME_METHODS);

	if (fd < 0 || runs > 64)
		return 0;
	for (r = 0; r < runs; r++) {
		start = now_ns();
		for (i = 0; i < iterations; i++)
			if (wmi_call_u32(fd, 0, 1, NULL, &v))
				return 0;
		t[r] = (now_ns() - start) / iterations;
	}
	close(fd);
	qsort(t, runs, sizeof(double), cmp_double);
	return t[runs / 2];
}

struct result {
	const char *name;
	double kernel, user, hook;
};

static void measure(struct result *r)
{
	r->kernel = kernel_loop("method", 100, 11);
	r->user = user_loop(100, 11);
	r->hook = kernel_loop("hook", 20000, 11);
}

/* The policy with n rules: n - 1 that never match, one that allows the call. */
static struct bpf_link *load_policy(struct wmi_policy **skelp, unsigned int n)
{
	struct wmi_policy *skel = wmi_policy__open();
	struct wmi_rule_key *keys;
	struct wmi_rule *vals;
	unsigned int i, count;
	struct bpf_link *link;
	int err;

	if (!skel)
		return NULL;
	bpf_map__set_max_entries(skel->maps.rules, n);
	bpf_map__set_max_entries(skel->maps.hits, n + 1);
	skel->rodata->pattern_mask = 1u << (WMI_PAT_ANY_ORIGIN | WMI_PAT_ANY_UID | WMI_PAT_ANY_GID);
	skel->rodata->default_action = WMI_ACTION_DENY;
	if (wmi_policy__load(skel))
		goto err;

	keys = calloc(n, sizeof(*keys));
	vals = calloc(n, sizeof(*vals));
	if (!keys || !vals)
		goto err_free;
	srand(42);
	for (i = 0; i < n; i++) {
		int b;

		for (b = 0; b < 16; b++)
			keys[i].guid[b] = rand();
		keys[i].method_id = rand() % 64;
		keys[i].origin = WMI_POLICY_ORIGIN_ANY;
		keys[i].uid = WMI_POLICY_ANY;
		keys[i].gid = WMI_POLICY_ANY;
		vals[i].id = i + 1;
		vals[i].action = WMI_ACTION_ALLOW;
	}
	memcpy(keys[n - 1].guid, guid_methods, 16);
	keys[n - 1].method_id = 1;

	count = n;
	err = bpf_map_update_batch(bpf_map__fd(skel->maps.rules), keys, vals, &count, NULL);
	free(keys);
	free(vals);
	if (err || count != n) {
		fprintf(stderr, "wmi-bpf-bench: filling %u rules: %s\n", n, strerror(-err));
		goto err;
	}

	link = bpf_map__attach_struct_ops(skel->maps.wmi_policy);
	if (!link)
		goto err;
	*skelp = skel;
	return link;

err_free:
	free(keys);
	free(vals);
err:
	wmi_policy__destroy(skel);
	return NULL;
}

int main(void)
{
	struct result res[4] = {
		{ .name = "no program" }, { .name = "allow-all program" },
		{ .name = "table policy, 1 000 rules" }, { .name = "table policy, 100 000 rules" },
	};
	struct allow_all *allow = allow_all__open_and_load();
	struct wmi_policy *policy = NULL;
	struct bpf_link *link;
	double empty;
	int i;

	if (!allow) {
		fprintf(stderr, "wmi-bpf-bench: cannot load allow_all\n");
		return 1;
	}

	empty = kernel_loop("empty", 1000000, 11);
	measure(&res[0]);

	link = bpf_map__attach_struct_ops(allow->maps.allow_all);
	measure(&res[1]);
	bpf_link__destroy(link);

	for (i = 0; i < 2; i++) {
		link = load_policy(&policy, i ? 100000 : 1000);
		if (!link) {
			fprintf(stderr, "wmi-bpf-bench: cannot load the policy\n");
			return 1;
		}
		measure(&res[2 + i]);
		bpf_link__destroy(link);
		wmi_policy__destroy(policy);
	}
	allow_all__destroy(allow);

	printf("Per-call cost of a WMI method call, median of 11 runs, one boot\n\n");
	printf("%-30s %21s %21s %21s\n", "", "kernel driver call", "user call (/dev/wmi)",
	       "dispatch only");
	printf("%-30s %12s %8s %12s %8s %12s %8s\n", "", "ns", "ratio", "ns", "ratio", "ns",
	       "ratio");
	for (i = 0; i < 4; i++)
		printf("%-30s %12.0f %8.3f %12.0f %8.3f %12.0f %8.3f\n", res[i].name,
		       res[i].kernel, res[i].kernel / res[0].kernel, res[i].user,
		       res[i].user / res[0].user, res[i].hook, res[i].hook / res[0].hook);
	printf("\nThe hook with no program attached costs %.0f ns per call, %.1f times an\n"
	       "empty function call (%.1f ns); a call into the firmware costs %.0f ns.\n",
	       res[0].hook, res[0].hook / empty, empty, res[0].kernel);
	printf("(\"dispatch only\": wmidev_evaluate_method() on a data block, refused by the\n"
	       "WMI core after its hooks and before any firmware runs.)\n");
	return 0;
}

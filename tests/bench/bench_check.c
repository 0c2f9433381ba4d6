// SPDX-License-Identifier: GPL-2.0
/*
 * What `wmibpf check` and rule encoding cost as policies grow: for 10,
 * 1 000, 10 000 and 100 000 rules, the CPU time to read, check and
 * encode a generated policy file, and the memory of its map entries;
 * then the same for rules with input conditions, in chains of the most a
 * key may have (each rule checked against those before it).
 * Run with `make bench-loader`; all numbers come from one run.
 */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "encode.h"
#include "policy.h"

/*
 * Distinct rules, as an admin would write them: method, uid, a deny now
 * and then; or, with conds, WMI_RULE_MAX_CHAIN rules per method, each for
 * another value of the input's first u16.
 */
static int write_policy(const char *path, size_t nr, bool conds)
{
	FILE *f = fopen(path, "w");
	size_t i;

	if (!f)
		return -1;
	fprintf(f, "name: bench\ndevice: all\ndefault: audit\nrules:\n");
	for (i = 0; i < nr; i++) {
		if (conds)
			fprintf(f, "  - method: %zu\n    input: [{ offset: 0, width: 2, "
				"value: %zu }]\n", i / WMI_RULE_MAX_CHAIN, i % WMI_RULE_MAX_CHAIN);
		else
			fprintf(f, "  - method: %zu\n    origin: user\n    uid: %zu\n", i % 1000,
				i / 1000);
		if (i % 3)
			fprintf(f, "    action: allow\n");
		else
			fprintf(f, "    action: deny\n    errno: EACCES\n");
	}
	return fclose(f);
}

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int bench(const char *path, size_t nr, bool conds, long ncpus)
{
	struct policy_tables t;
	struct policy p;
	char *err = NULL;
	double t0, t1, t2;
	long size;
	FILE *f;

	if (write_policy(path, nr, conds)) {
		perror(path);
		return 1;
	}
	f = fopen(path, "r");
	if (!f) {
		perror(path);
		return 1;
	}
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fclose(f);

	t0 = cpu_seconds();
	if (policy_parse_file(path, &p, &err)) {
		fprintf(stderr, "%s\n", err ? err : "out of memory");
		free(err);
		return 1;
	}
	t1 = cpu_seconds();
	if (encode_policy(&p, &t)) {
		fprintf(stderr, "encoding failed\n");
		policy_free(&p);
		return 1;
	}
	t2 = cpu_seconds();
	/*
	 * The rules map holds key and value per key, conds a rule with
	 * conditions per entry (the kernel adds its own per-entry overhead);
	 * hits is a per-CPU u64 per rule and the default.
	 */
	printf("%8zu %9ldK %12.2f %12.2f %13zuK %13zuK\n", nr, size / 1024, (t1 - t0) * 1e3,
	       (t2 - t1) * 1e3, (t.nr_keys * (sizeof(t.keys[0]) + sizeof(t.values[0])) +
				 t.nr_conds * sizeof(t.conds[0])) / 1024,
	       (t.nr + 1) * sizeof(uint64_t) * (size_t)ncpus / 1024);
	encode_free(&t);
	policy_free(&p);
	return 0;
}

int main(void)
{
	static const size_t sizes[] = { 10, 1000, 10000, 100000 };
	char path[] = "/tmp/wmibpf-bench-XXXXXX";
	long ncpus = sysconf(_SC_NPROCESSORS_CONF);
	int fd, ret = 0, conds;
	size_t i;

	fd = mkstemp(path);
	if (fd < 0) {
		perror("mkstemp");
		return 1;
	}
	close(fd);
	for (conds = 0; conds < 2 && !ret; conds++) {
		printf("%s\n%8s %10s %12s %12s %14s %14s\n",
		       conds ? "rules with an input condition, 64 per method:" :
		       "rules by method and uid:", "RULES", "FILE", "CHECK ms", "ENCODE ms",
		       "MAP ENTRIES", "HITS (x CPUs)");
		for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]) && !ret; i++)
			ret = bench(path, sizes[i], conds, ncpus);
	}
	unlink(path);
	return ret;
}

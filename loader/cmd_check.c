// SPDX-License-Identifier: GPL-2.0
/* check: validate policy files offline. */

#include <stdlib.h>

#include "policy.h"
#include "wmibpf.h"

int cmd_check(struct app *a)
{
	int ret = EXIT_OK;
	size_t i;

	for (i = 0; i < a->cli->nr_files; i++) {
		struct policy p;
		char *err = NULL;

		if (policy_parse_file(a->cli->files[i], &p, &err)) {
			fprintf(stderr, "%s\n", err ? err : "out of memory");
			free(err);
			ret = EXIT_BAD_POLICY;
			continue;
		}
		if (!a->cli->quiet)
			printf("%s: policy %s, %zu rule%s, %zu BPF object%s: ok\n",
			       a->cli->files[i], p.name, p.nr_rules, p.nr_rules == 1 ? "" : "s",
			       p.nr_bpf, p.nr_bpf == 1 ? "" : "s");
		policy_free(&p);
	}
	return ret;
}

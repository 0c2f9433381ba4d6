// SPDX-License-Identifier: GPL-2.0
/*
 * check: validate policy files offline. The exit status is 3 if a file is
 * not a valid policy, 1 if one could not be read at all (a missing file
 * is not an invalid policy: it is a failed check), as wmibpf(8) says.
 * The BPF objects a policy lists are opened, never loaded, to find one
 * its device cannot bind (bind.h).
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bind.h"
#include "policy.h"
#include "wmibpf.h"

int cmd_check(struct app *a)
{
	int ret = EXIT_OK, err, code;
	size_t i;

	for (i = 0; i < a->cli->nr_files; i++) {
		struct policy p;
		char *msg = NULL;

		err = policy_parse_file(a->cli->files[i], &p, &msg);
		if (err) {
			fprintf(stderr, "%s\n", msg ? msg : "out of memory");
			free(msg);
			code = policy_exit_code(err);
			/* A file that could not be checked outweighs an invalid one. */
			if (ret != EXIT_FAILED)
				ret = code;
			continue;
		}
		/* What load would refuse of the objects, as far as opening them tells. */
		err = policy_bind_check(&p, &msg);
		if (err) {
			fprintf(stderr, "%s\n", msg ? msg : strerror(-err));
			free(msg);
			code = err == -EINVAL ? EXIT_BAD_POLICY : EXIT_FAILED;
			if (ret != EXIT_FAILED)
				ret = code;
			policy_free(&p);
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

static int check_args(struct cli *c, char **args, size_t nargs, char **err)
{
	if (!nargs)
		return cli_usage_error(err, "check: expected one or more FILEs");
	c->files = calloc(nargs, sizeof(*c->files));
	if (!c->files)
		return cli_usage_error(err, "out of memory");
	memcpy(c->files, args, nargs * sizeof(*c->files));
	c->nr_files = nargs;
	return EXIT_OK;
}

const struct cli_verb verb_check = {
	.name = "check",
	.summary = "  check FILE...            validate policy files without loading them\n",
	.usage =
	"Usage: wmibpf check FILE...\n"
	"\n"
	"Check policy files without loading them. Errors name the file, line and\n"
	"column. Exits 3 if any file is invalid.\n",
	.args = check_args,
	.run = cmd_check,
};

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
#include "bmof.h"
#include "mof_bus.h"
#include "policy.h"
#include "wmibpf.h"

/*
 * The names the policies may use: --mof FILE's, or this machine's. EXIT_OK
 * with *names (NULL: none), or the blob's fault said.
 */
static int check_names(struct app *a, struct mof_bus *bus, struct mof_source *src,
		       struct policy_names *buf, const struct policy_names **names)
{
	char msg[MOF_ERR_LEN];

	if (!a->cli->mof_file) {
		*names = mof_bus_names(bus, a->cli->sysfs, buf);
		return EXIT_OK;
	}
	if (mof_load(src, a->cli->mof_file, a->cli->mof_file, msg, sizeof(msg))) {
		errmsg("check: --mof: %s", msg);
		return EXIT_FAILED;
	}
	*buf = (struct policy_names){ .src = src, .nsrc = 1, .where = a->cli->mof_file };
	*names = buf;
	return EXIT_OK;
}

int cmd_check(struct app *a)
{
	const struct policy_names *names = NULL;
	struct mof_source src = { };
	struct policy_names buf;
	struct mof_bus bus = { };
	int ret, err, code;
	size_t i;

	ret = check_names(a, &bus, &src, &buf, &names);
	if (ret)
		return ret;
	for (i = 0; i < a->cli->nr_files; i++) {
		struct policy p;
		char *msg = NULL;

		err = policy_parse_file_names(a->cli->files[i], names, &p, &msg);
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
	bmof_free(src.b);
	mof_bus_free(&bus);
	return ret;
}

enum { OPT_MOF = CLI_OPT_VERB };

static const struct option check_options[] = {
	{ "mof", required_argument, NULL, OPT_MOF },
	{ }
};

static int check_option(struct cli *c, int opt, const char *arg, char **err)
{
	(void)opt;
	(void)err;
	c->mof_file = arg;
	return EXIT_OK;
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
	"Usage: wmibpf check [--mof FILE] FILE...\n"
	"\n"
	"Check policy files without loading them. Errors name the file, line and\n"
	"column. Exits 3 if any file is invalid.\n"
	"\n"
	"Class and method names (device: Class, method: Class.Method) are those\n"
	"of this machine's bMOF (wmibpf mof), or with --mof of the bMOF blob\n"
	"FILE, to check a policy for another machine.\n",
	.options = check_options,
	.option = check_option,
	.args = check_args,
	.run = cmd_check,
};

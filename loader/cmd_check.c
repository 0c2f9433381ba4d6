// SPDX-License-Identifier: GPL-2.0
/*
 * check: validate policy files offline. The exit status is 3 if a file is
 * not a valid policy, 1 if one could not be read at all (a missing file
 * is not an invalid policy: it is a failed check), as wmibpf(8) says.
 * The BPF objects a policy lists are opened, never loaded, to find one
 * its device cannot bind (bind.h). Rules are checked against this
 * machine's aliases as load checks them (encode_same_devices()), unless
 * --mof says the policy is for another machine, whose aliases are unknown.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bind.h"
#include "bmof.h"
#include "device_info.h"
#include "encode.h"
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

/* This machine's aliases, as load reads them; none for another machine's policies. */
static int check_aliases(struct app *a, struct wmi_alias **aliases, size_t *nr)
{
	int err;

	*aliases = NULL;
	*nr = 0;
	if (a->cli->mof_file)
		return EXIT_OK;
	err = device_aliases(a->cli->sysfs, aliases, nr);
	if (err) {
		errmsg("check: %s/bus/wmi/devices: %s (the devices' aliases cannot be known)",
		       a->cli->sysfs, strerror(-err));
		return EXIT_FAILED;
	}
	return EXIT_OK;
}

/* One policy file: EXIT_OK, or its exit status, said. */
static int check_file(const char *file, const struct policy_names *names,
		      const struct wmi_alias *aliases, size_t nr_aliases, bool quiet)
{
	char *msg = NULL, same[256];
	struct policy p;
	int err, ret = EXIT_OK;

	err = policy_parse_file_names(file, names, &p, &msg);
	if (err) {
		fprintf(stderr, "%s\n", msg ? msg : "out of memory");
		free(msg);
		return policy_exit_code(err);
	}
	/* What load would refuse of the objects, as far as opening them tells. */
	err = policy_bind_check(&p, &msg);
	if (err) {
		fprintf(stderr, "%s\n", msg ? msg : strerror(-err));
		free(msg);
		ret = err == -EINVAL ? EXIT_BAD_POLICY : EXIT_FAILED;
		goto out;
	}
	/* And of the rules, on this machine. */
	err = encode_same_devices(&p, aliases, nr_aliases, same, sizeof(same));
	if (err) {
		if (err == -EEXIST)
			fprintf(stderr, "%s:%s\n", file, same);
		else
			fprintf(stderr, "%s: %s\n", file, strerror(-err));
		ret = err == -EEXIST ? EXIT_BAD_POLICY : EXIT_FAILED;
		goto out;
	}
	if (!quiet)
		printf("%s: policy %s, %zu rule%s, %zu BPF object%s: ok\n", file, p.name,
		       p.nr_rules, p.nr_rules == 1 ? "" : "s", p.nr_bpf, p.nr_bpf == 1 ? "" : "s");
out:
	policy_free(&p);
	return ret;
}

int cmd_check(struct app *a)
{
	const struct policy_names *names = NULL;
	struct wmi_alias *aliases = NULL;
	struct mof_source src = { };
	struct policy_names buf;
	struct mof_bus bus = { };
	size_t i, nr_aliases = 0;
	int ret, code;

	ret = check_names(a, &bus, &src, &buf, &names);
	if (ret)
		return ret;
	/* Unknown aliases fail the check; the files are checked still. */
	ret = check_aliases(a, &aliases, &nr_aliases);
	for (i = 0; i < a->cli->nr_files; i++) {
		code = check_file(a->cli->files[i], names, aliases, nr_aliases, a->cli->quiet);
		/* A file that could not be checked outweighs an invalid one. */
		if (code && ret != EXIT_FAILED)
			ret = code;
	}
	free(aliases);
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

// SPDX-License-Identifier: GPL-2.0
/*
 * unload: detach a policy and remove its pins, after finishing any load
 * of it that was interrupted (transaction_recover()).
 */

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "bpffs.h"
#include "store.h"
#include "transaction.h"
#include "wmibpf.h"

enum { OPT_ALL = CLI_OPT_VERB };

/* Unload one policy, or what an interrupted load of it left. */
static int unload_one(struct app *a, const char *name)
{
	const char *bpffs = a->cli->bpffs;
	char dir[STORE_PATH_MAX];
	int err, how;

	how = transaction_recover(bpffs, name);
	if (how < 0)
		return EXIT_FAILED;
	store_path(dir, bpffs, name, NULL);
	err = store_trusted(dir);
	if (err == -ENOENT && how) {
		/* Only an interrupted first load, now undone. */
		if (!a->cli->quiet)
			printf("unloaded %s (an interrupted load)\n", name);
		return EXIT_OK;
	}
	if (err == -ENOENT) {
		errmsg("no policy named %s is loaded", name);
		return EXIT_NOT_FOUND;
	}
	if (err)
		return store_untrusted(dir, err);
	err = store_remove(bpffs, name);
	if (err)
		return bpf_failure(name, err);
	if (!a->cli->quiet)
		printf("unloaded %s\n", name);
	return EXIT_OK;
}

int cmd_unload(struct app *a)
{
	const char *bpffs = a->cli->bpffs;
	char **names = NULL, **broken = NULL;
	size_t nr = 0, nr_broken = 0, i, k;
	int err, fd, ret, r;

	ret = bpffs_require(bpffs);
	if (ret)
		return ret;
	if (!a->cli->all) {
		char staging[STORE_PATH_MAX];

		/* Permission denied, not "not loaded", for users who may not look. */
		store_staging_path(staging, bpffs, a->cli->name, NULL);
		ret = access(staging, F_OK) ? store_find(bpffs, a->cli->name) : EXIT_OK;
		if (ret)
			return ret;
	}
	ret = store_lock(bpffs, a->cli->quiet, &fd);
	if (ret)
		return ret;
	if (!a->cli->all) {
		ret = unload_one(a, a->cli->name);
		store_unlock(fd);
		return ret;
	}

	err = store_list_interrupted(bpffs, &broken, &nr_broken);
	if (!err)
		err = store_list(bpffs, &names, &nr);
	if (err) {
		free_names(broken, nr_broken);
		store_unlock(fd);
		return bpf_failure(bpffs, err);
	}
	for (i = 0; i < nr_broken; i++) {
		bool listed = false;

		for (k = 0; k < nr; k++)
			listed |= !strcmp(names[k], broken[i]);
		if (!listed) {
			r = unload_one(a, broken[i]);
			if (r && !ret)
				ret = r;
		}
	}
	for (i = 0; i < nr; i++) {
		r = unload_one(a, names[i]);
		if (r && !ret)
			ret = r;
	}
	free_names(broken, nr_broken);
	free_names(names, nr);
	store_unlock(fd);
	return ret;
}

static const struct option unload_options[] = {
	{ "all", no_argument, NULL, OPT_ALL },
	{ }
};

static int unload_option(struct cli *c, int opt, const char *arg, char **err)
{
	(void)opt;
	(void)arg;
	(void)err;
	c->all = true;
	return EXIT_OK;
}

static int unload_args(struct cli *c, char **args, size_t nargs, char **err)
{
	if (c->all == (nargs == 1) || nargs > 1)
		return cli_usage_error(err, "unload: expected a policy NAME or --all");
	c->name = nargs ? args[0] : NULL;
	return c->name ? cli_check_name("unload", "", c->name, err) : EXIT_OK;
}

const struct cli_verb verb_unload = {
	.name = "unload",
	.summary = "  unload NAME | --all      remove a policy\n",
	.usage =
	"Usage: wmibpf unload NAME\n"
	"       wmibpf unload --all\n"
	"\n"
	"Detach a policy and remove its pins; calls go back to the default.\n",
	.options = unload_options,
	.option = unload_option,
	.args = unload_args,
	.run = cmd_unload,
	.root = true,
};

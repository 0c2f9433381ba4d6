// SPDX-License-Identifier: GPL-2.0
/* mode: a policy's mode, audit or enforce, read or switched. */

#include <string.h>

#include "store.h"
#include "wmibpf.h"

int cmd_mode(struct app *a)
{
	const char *name = a->cli->name;
	struct wmi_policy_meta m = { };
	int ret, err, fd;

	ret = store_find(a->cli->bpffs, name);
	if (ret)
		return ret;
	err = store_read_meta(a->cli->bpffs, name, &m);
	if (err)
		return bpf_failure(name, err);
	if (!m.has_table) {
		errmsg("%s: a bare BPF object has no mode: only a policy file's rules do", name);
		return EXIT_FAILED;
	}
	if (a->cli->mode >= 0) {
		/* Not during a load or replace of it, which carries the mode over. */
		ret = store_lock(a->cli->bpffs, a->cli->quiet, &fd);
		if (ret)
			return ret;
		err = store_write_mode(a->cli->bpffs, name, a->cli->mode);
		store_unlock(fd);
		if (err)
			return bpf_failure(name, err);
	}
	if (a->cli->json) {
		json_object_begin(&a->json);
		json_kv_string(&a->json, "name", name);
		json_kv_string(&a->json, "mode", store_mode_name(store_read_mode(a->cli->bpffs, name)));
		json_object_end(&a->json);
		json_end_line(&a->json);
	} else if (!a->cli->quiet) {
		printf("%s: %s\n", name, store_read_mode(a->cli->bpffs, name) == WMI_MODE_AUDIT ?
		       "audit mode: changes no call, reports what enforcing would change" :
		       "enforce mode");
	}
	return EXIT_OK;
}

static int mode_args(struct cli *c, char **args, size_t nargs, char **err)
{
	int ret;

	if (nargs < 1 || nargs > 2)
		return cli_usage_error(err, "mode: expected a policy NAME, and audit or enforce");
	c->name = args[0];
	ret = cli_check_name("mode", "", c->name, err);
	if (ret || nargs == 1)
		return ret;
	if (!strcmp(args[1], "audit"))
		c->mode = WMI_MODE_AUDIT;
	else if (!strcmp(args[1], "enforce"))
		c->mode = WMI_MODE_ENFORCE;
	else
		return cli_usage_error(err, "mode: expected audit or enforce, found '%s'", args[1]);
	return EXIT_OK;
}

const struct cli_verb verb_mode = {
	.name = "mode",
	.summary = "  mode NAME [audit|enforce] a policy's mode: audit changes no call\n",
	.usage =
	"Usage: wmibpf mode NAME [audit|enforce]\n"
	"\n"
	"Print a loaded policy's mode, or switch it at once, without reloading:\n"
	"in audit mode the policy changes no call (what it would deny, intercept\n"
	"or emulate goes on as without it, and is reported as such); in enforce\n"
	"mode it acts. A replace keeps the mode.\n",
	.args = mode_args,
	.run = cmd_mode,
};

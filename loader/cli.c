// SPDX-License-Identifier: GPL-2.0
/* wmibpf's command line. */

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "wmi_policy.h"
#include "text.h"

/* The tool's usage: this head, each verb's summary, this tail. */
static const char usage_head[] =
	"Usage: wmibpf [OPTIONS] VERB [ARGS]\n"
	"\n"
	"Load and inspect WMI-BPF policies, the BPF programs the kernel's WMI core\n"
	"runs on every WMI method call.\n"
	"\n"
	"Verbs:\n";

static const char usage_tail[] =
	"\n"
	"Options:\n"
	"  -j, --json               JSON output (listing verbs and monitor)\n"
	"  -p, --pretty             indented JSON (implies --json)\n"
	"  -q, --quiet              no output on success\n"
	"  -h, --help               help; after a verb, that verb's\n"
	"  -V, --version            version\n"
	"      --bpffs DIR          where policies are pinned [/sys/fs/bpf/wmi]\n"
	"\n"
	"Exit status: 0 done, 1 failed, 2 bad usage, 3 invalid policy or object,\n"
	"4 no such policy or device. See wmibpf(8).\n";

const struct cli_verb cli_verb_help = {
	.name = "help",
	.usage = "Usage: wmibpf help [VERB]\n",
};

const struct cli_verb cli_verb_version = {
	.name = "version",
	.usage = "Usage: wmibpf version\n",
};

const char *cli_usage(const struct cli_verb *const *verbs, const struct cli_verb *verb)
{
	static const struct cli_verb *const *built_for;
	static char usage[4096];
	size_t n;

	if (verb && verb != &cli_verb_help)
		return verb->usage;
	if (built_for == verbs)
		return usage;
	built_for = verbs;
	n = snprintf(usage, sizeof(usage), "%s", usage_head);
	for (; *verbs && n < sizeof(usage); verbs++)
		n += snprintf(usage + n, sizeof(usage) - n, "%s", (*verbs)->summary);
	if (n < sizeof(usage))
		snprintf(usage + n, sizeof(usage) - n, "%s", usage_tail);
	return usage;
}

int cli_usage_error(char **err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(err, fmt, ap) < 0)
		*err = NULL;
	va_end(ap);
	return EXIT_USAGE;
}

int cli_parse_u32(const char *s, uint32_t *v)
{
	return text_parse_u32(s, v) ? -EINVAL : 0;
}

/* Every name of a policy on the command line is checked here, before use. */
int cli_check_name(const char *verb, const char *what, const char *name, char **err)
{
	if (policy_name_valid(name))
		return EXIT_OK;
	return cli_usage_error(err, "%s: %s'%s' is not a policy name: expected " POLICY_NAME_RULE,
			   verb, what, name);
}

int cli_parse_hex(const char *s, uint8_t **out, size_t *len)
{
	size_t n = 0, i;
	uint8_t *buf;
	int hi = -1;

	buf = malloc(strlen(s) / 2 + 1);
	if (!buf)
		return -ENOMEM;
	for (i = 0; s[i]; i++) {
		int v;

		if (s[i] == ' ' || s[i] == ':')
			continue;
		if (s[i] >= '0' && s[i] <= '9')
			v = s[i] - '0';
		else if (s[i] >= 'a' && s[i] <= 'f')
			v = s[i] - 'a' + 10;
		else if (s[i] >= 'A' && s[i] <= 'F')
			v = s[i] - 'A' + 10;
		else
			goto bad;
		if (hi < 0) {
			hi = v;
		} else {
			buf[n++] = hi << 4 | v;
			hi = -1;
		}
	}
	if (hi >= 0)
		goto bad;
	*out = buf;
	*len = n;
	return 0;
bad:
	free(buf);
	return -EINVAL;
}

int cli_marshal_string(const char *s, uint8_t **out, size_t *len)
{
	size_t n = strlen(s), i;
	uint8_t *buf;

	if ((n + 1) * 2 > 0xffff)
		return -E2BIG;
	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] > 0x7f)
			return -EINVAL;
	buf = calloc(1, 2 + (n + 1) * 2);
	if (!buf)
		return -ENOMEM;
	buf[0] = (n + 1) * 2 & 0xff;
	buf[1] = (n + 1) * 2 >> 8;
	for (i = 0; i < n; i++)
		buf[2 + 2 * i] = s[i];
	*out = buf;
	*len = 2 + (n + 1) * 2;
	return 0;
}

enum {
	OPT_BPFFS = 256, OPT_SYSFS, OPT_DEVDIR,
	/* a verb's option in the merged table: OPT_VERB_ANY + its index there */
	OPT_VERB_ANY = 4096,
};

/* The options every verb takes. */
static const struct option global_options[] = {
	{ "json", no_argument, NULL, 'j' },
	{ "pretty", no_argument, NULL, 'p' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ "bpffs", required_argument, NULL, OPT_BPFFS },
	{ "sysfs", required_argument, NULL, OPT_SYSFS },
	{ "devdir", required_argument, NULL, OPT_DEVDIR },
	{ }
};

static size_t count_options(const struct option *o)
{
	size_t n = 0;

	while (o && o[n].name)
		n++;
	return n;
}

static const struct option *find_option(const struct option *o, const char *name)
{
	for (; o && o->name; o++)
		if (!strcmp(o->name, name))
			return o;
	return NULL;
}

/*
 * The global options and every verb's, each name once, for getopt_long:
 * options may come before the verb is known. A verb's option comes back
 * as OPT_VERB_ANY + its index here, and goes to the verb later. Two
 * verbs' options of one name must agree on taking a value. NULL if out
 * of memory or if they do not.
 */
static struct option *merge_options(const struct cli_verb *const *verbs)
{
	const struct cli_verb *const *v;
	struct option *all;
	size_t n = count_options(global_options), i;

	for (v = verbs; *v; v++)
		n += count_options((*v)->options);
	all = calloc(n + 1, sizeof(*all));
	if (!all)
		return NULL;
	n = count_options(global_options);
	memcpy(all, global_options, n * sizeof(*all));
	for (v = verbs; *v; v++) {
		for (i = 0; i < count_options((*v)->options); i++) {
			const struct option *o = &(*v)->options[i], *seen;

			all[n].name = NULL;
			seen = find_option(all, o->name);
			if (seen && seen->has_arg != o->has_arg) {
				free(all);
				return NULL;
			}
			if (seen)
				continue;
			all[n] = *o;
			all[n].val = OPT_VERB_ANY + n;
			n++;
		}
	}
	all[n] = (struct option){ };
	return all;
}

/* The name of an option, for messages: getopt leaves only its val in optopt. */
static const char *option_name(const struct option *options, int val)
{
	for (; options->name; options++)
		if (options->val == val)
			return options->name;
	return "?";
}

static const struct cli_verb *find_verb(const struct cli_verb *const *verbs, const char *s)
{
	if (!strcmp(s, cli_verb_help.name))
		return &cli_verb_help;
	if (!strcmp(s, cli_verb_version.name))
		return &cli_verb_version;
	for (; *verbs; verbs++)
		if (!strcmp(s, (*verbs)->name))
			return *verbs;
	return NULL;
}

/* A verb's option met before the verb was known. */
struct later_option {
	const char *name;
	const char *arg;
};

/* help [VERB]: that verb's usage, or the tool's. */
static int help_args(const struct cli_verb *const *verbs, struct cli *c, char **args,
		     size_t nargs, char **err)
{
	if (nargs > 1)
		return cli_usage_error(err, "help takes at most one verb");
	c->help = true;
	if (!nargs)
		return EXIT_OK;
	c->verb = find_verb(verbs, args[0]);
	return c->verb ? EXIT_OK : cli_usage_error(err, "unknown verb '%s'", args[0]);
}

int cli_parse(int argc, char **argv, const struct cli_verb *const *verbs, struct cli *c,
	      char **err)
{
	struct later_option *later = NULL;
	struct option *options;
	size_t npos = 0, nlater = 0, i;
	bool version = false;
	char **pos = NULL;
	int opt, ret;

	memset(c, 0, sizeof(*c));
	c->bpffs = "/sys/fs/bpf/wmi";
	c->sysfs = "/sys";
	c->devdir = "/dev/wmi";
	c->output_size = 4096;
	c->mode = -1;
	*err = NULL;

	options = merge_options(verbs);
	pos = calloc(argc + 1, sizeof(*pos));
	later = calloc(argc + 1, sizeof(*later));
	if (!options || !pos || !later) {
		ret = cli_usage_error(err, options ? "out of memory" :
				      "two verbs' options of one name disagree on taking a value");
		goto out;
	}

	/* 0, not 1: GNU getopt then resets all its state (the tests parse often). */
	optind = 0;
	opterr = 0;
	/*
	 * "-" first: positional arguments come back in order, as 1. Then ":":
	 * an option without its value comes back as ':', not as unknown.
	 */
	while ((opt = getopt_long(argc, argv, "-:jpqhV", options, NULL)) != -1) {
		switch (opt) {
		case 1:
			pos[npos++] = optarg;
			break;
		case 'p':
			c->pretty = true;
			/* fall through */
		case 'j':
			c->json = true;
			break;
		case 'q':
			c->quiet = true;
			break;
		case 'h':
			c->help = true;
			break;
		case 'V':
			version = true;
			break;
		case OPT_BPFFS:
			c->bpffs = optarg;
			break;
		case OPT_SYSFS:
			c->sysfs = optarg;
			break;
		case OPT_DEVDIR:
			c->devdir = optarg;
			break;
		case ':':
			ret = cli_usage_error(err, "option --%s needs a value; see wmibpf --help",
					      option_name(options, optopt));
			goto out;
		default:
			if (opt < OPT_VERB_ANY) {
				ret = cli_usage_error(err, "unknown option '%s'; see wmibpf --help",
						      argv[optind - 1]);
				goto out;
			}
			later[nlater].name = options[opt - OPT_VERB_ANY].name;
			later[nlater++].arg = optarg;
		}
	}

	if (version) {
		c->verb = &cli_verb_version;
		ret = EXIT_OK;
		goto out;
	}
	if (!npos) {
		c->verb = &cli_verb_help;
		ret = c->help ? EXIT_OK : cli_usage_error(err, "no verb given; see wmibpf --help");
		goto out;
	}
	c->verb = find_verb(verbs, pos[0]);
	if (!c->verb) {
		ret = cli_usage_error(err, "unknown verb '%s'; see wmibpf --help", pos[0]);
		goto out;
	}

	/* The verb's own options, in command line order. */
	for (i = 0; i < nlater; i++) {
		const struct option *o = find_option(c->verb->options, later[i].name);

		if (!o) {
			ret = cli_usage_error(err, "%s: option --%s is not for this verb; see wmibpf "
					      "%s --help", pos[0], later[i].name, pos[0]);
			goto out;
		}
		ret = c->verb->option(c, o->val, later[i].arg, err);
		if (ret)
			goto out;
	}
	if (c->help) {
		ret = EXIT_OK;
		goto out;
	}

	if (c->verb == &cli_verb_help)
		ret = help_args(verbs, c, pos + 1, npos - 1, err);
	else if (c->verb->args)
		ret = c->verb->args(c, pos + 1, npos - 1, err);
	else
		ret = npos > 1 ? cli_usage_error(err, "%s takes no arguments", pos[0]) : EXIT_OK;

out:
	free(later);
	free(pos);
	free(options);
	if (ret)
		cli_free(c);
	return ret;
}

void cli_free(struct cli *c)
{
	free(c->files);
	free(c->input);
	free(c->params);
	c->files = NULL;
	c->input = NULL;
	c->params = NULL;
}

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

static const char *const verb_names[] = {
	[VERB_NONE] = "",
	[VERB_DEVICES] = "devices",
	[VERB_LOAD] = "load",
	[VERB_UNLOAD] = "unload",
	[VERB_LIST] = "list",
	[VERB_SHOW] = "show",
	[VERB_MONITOR] = "monitor",
	[VERB_CHECK] = "check",
	[VERB_CALL] = "call",
	[VERB_MODE] = "mode",
	[VERB_STATUS] = "status",
	[VERB_EVENTS] = "events",
	[VERB_MOF] = "mof",
	[VERB_HELP] = "help",
	[VERB_VERSION] = "version",
};

static const char *const usages[] = {
	[VERB_NONE] =
	"Usage: wmibpf [OPTIONS] VERB [ARGS]\n"
	"\n"
	"Load and inspect WMI-BPF policies, the BPF programs the kernel's WMI core\n"
	"runs on every WMI method call.\n"
	"\n"
	"Verbs:\n"
	"  devices                  WMI devices: class, driver, claimed methods, policies\n"
	"  load FILE                load a policy file or a BPF object, or replace it\n"
	"  load --dir DIR           load every policy in DIR (at boot)\n"
	"  unload NAME | --all      remove a policy\n"
	"  list                     loaded policies\n"
	"  show NAME                a policy's rules and how often each matched\n"
	"  monitor [NAME]           stream the calls policies report, until Ctrl-C\n"
	"  check FILE...            validate policy files without loading them\n"
	"  call DEVICE METHOD       call a WMI method through /dev/wmi, for debugging\n"
	"  events DEVICE            stream a WMI event device's events, until Ctrl-C\n"
	"  mode NAME [audit|enforce] a policy's mode: audit changes no call\n"
	"  status                   what the kernel supports, policies, programs, losses\n"
	"  mof [FILE | DEVICE]      the firmware's WMI classes and methods (its bMOF)\n"
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
	"4 no such policy or device. See wmibpf(8).\n",
	[VERB_DEVICES] =
	"Usage: wmibpf devices [--json]\n"
	"\n"
	"List the WMI devices: name (GUID), the class of that GUID in the\n"
	"firmware's bMOF, kind, instances, bound driver, the methods the driver\n"
	"claims, whether /dev/wmi has a node, and the loaded policies that act\n"
	"on it.\n",
	[VERB_LOAD] =
	"Usage: wmibpf load FILE [--name NAME] [--device GUID]\n"
	"       wmibpf load --dir DIR [--for-device GUID]\n"
	"\n"
	"Load a policy file (YAML), or a BPF object of wmi_bpf_ops programs such\n"
	"as a vendor translator. A policy already loaded under the same name is\n"
	"replaced in one step: there is no moment without it. A file or object\n"
	"with an error changes nothing.\n"
	"\n"
	"  --name NAME        name of a BPF object's policy [the file's name]\n"
	"  --device GUID      bind a BPF object's programs to this device\n"
	"  --dir DIR          load every *.yaml and *.bpf.o in DIR, in name order\n"
	"  --for-device GUID  with --dir: only the policies bound to this device\n"
	"                     (udev runs this when a WMI device appears)\n",
	[VERB_UNLOAD] =
	"Usage: wmibpf unload NAME\n"
	"       wmibpf unload --all\n"
	"\n"
	"Detach a policy and remove its pins; calls go back to the default.\n",
	[VERB_LIST] =
	"Usage: wmibpf list [--json]\n"
	"\n"
	"List the loaded policies: name, device, rules, default, BPF objects.\n",
	[VERB_SHOW] =
	"Usage: wmibpf show NAME [--json]\n"
	"\n"
	"Show a policy's rules, where each came from, and its hit counter.\n",
	[VERB_MONITOR] =
	"Usage: wmibpf monitor [NAME] [--json] [--count N] [--ring-size BYTES]\n"
	"\n"
	"Print the calls the loaded policies (or NAME) report as they happen:\n"
	"time, device, method, origin, uid, pid, command, rule, action, who\n"
	"answered, error, duration. Runs until Ctrl-C, or N events. Sees every\n"
	"call from its start on, also of policies loaded or replaced meanwhile;\n"
	"says how many its ring buffer (256 KiB, or BYTES: a power of two of at\n"
	"least 4096) had no room for.\n",
	[VERB_CHECK] =
	"Usage: wmibpf check FILE...\n"
	"\n"
	"Check policy files without loading them. Errors name the file, line and\n"
	"column. Exits 3 if any file is invalid.\n",
	[VERB_MODE] =
	"Usage: wmibpf mode NAME [audit|enforce]\n"
	"\n"
	"Print a loaded policy's mode, or switch it at once, without reloading:\n"
	"in audit mode the policy changes no call (what it would deny, intercept\n"
	"or emulate goes on as without it, and is reported as such); in enforce\n"
	"mode it acts. A replace keeps the mode.\n",
	[VERB_STATUS] =
	"Usage: wmibpf status [--json]\n"
	"\n"
	"What the running kernel supports (the WMI-BPF struct_ops type, kfuncs,\n"
	"lockdown), the loaded policies and their modes, the programs on each\n"
	"device, the monitors and the events they lost.\n",
	[VERB_CALL] =
	"Usage: wmibpf call DEVICE METHOD [--instance N]\n"
	"                   [--input HEX | --u32 N | --string TEXT] [--output-size N]\n"
	"\n"
	"Call a WMI method through /dev/wmi/DEVICE and print the result, for\n"
	"debugging. DEVICE is a WMI device name (a GUID, with -N for duplicates).\n"
	"Input is raw bytes in hex, a little-endian dword, or a string\n"
	"marshalled as Windows does.\n",
	[VERB_EVENTS] =
	"Usage: wmibpf events DEVICE [--count N] [--timeout SECONDS] [--json]\n"
	"\n"
	"Print the events of the WMI event device DEVICE as they arrive, read\n"
	"from /dev/wmi/DEVICE: number, notify id, data. Every reader sees every\n"
	"event; one too slow for its queue of 256 is told how many it lost.\n"
	"--count stops after N events, --timeout after SECONDS (exit 1 if the\n"
	"N events did not come by then).\n",
	[VERB_MOF] = cmd_mof_usage,
	[VERB_HELP] = "Usage: wmibpf help [VERB]\n",
	[VERB_VERSION] = "Usage: wmibpf version\n",
};

const char *cli_usage(enum verb verb)
{
	return usages[verb];
}

const char *cli_verb_name(enum verb verb)
{
	return verb_names[verb];
}

__attribute__((format(printf, 2, 3)))
static int usage_error(char **err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(err, fmt, ap) < 0)
		*err = NULL;
	va_end(ap);
	return EXIT_USAGE;
}

/* Numbers as in policy files: decimal or 0x hex, never octal. */
static int parse_u32(const char *s, uint32_t *v)
{
	return text_parse_u32(s, v) ? -EINVAL : 0;
}

/* Every name of a policy on the command line is checked here, before use. */
static int check_name(const char *verb, const char *what, const char *name, char **err)
{
	if (policy_name_valid(name))
		return EXIT_OK;
	return usage_error(err, "%s: %s'%s' is not a policy name: expected " POLICY_NAME_RULE,
			   verb, what, name);
}

/*
 * The name of an option, for messages: getopt leaves only its value in
 * optopt. Only long options take values.
 */
static const char *option_name(const struct option *options, int val)
{
	for (; options->name; options++)
		if (options->val == val)
			return options->name;
	return "?";
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
	OPT_BPFFS = 256, OPT_SYSFS, OPT_DEVDIR, OPT_NAME, OPT_DEVICE, OPT_FOR_DEVICE, OPT_DIR,
	OPT_ALL, OPT_COUNT, OPT_RING_SIZE, OPT_INSTANCE, OPT_INPUT, OPT_U32, OPT_STRING, OPT_OUTPUT_SIZE,
	OPT_TIMEOUT,
};

/* Which verbs take which verb-specific option: one line per verb. */
static const struct {
	int opt;
	const char *name;
	enum verb verb;
} verb_options[] = {
	{ OPT_NAME, "--name", VERB_LOAD },
	{ OPT_DEVICE, "--device", VERB_LOAD },
	{ OPT_FOR_DEVICE, "--for-device", VERB_LOAD },
	{ OPT_DIR, "--dir", VERB_LOAD },
	{ OPT_ALL, "--all", VERB_UNLOAD },
	{ OPT_COUNT, "--count", VERB_MONITOR },
	{ OPT_COUNT, "--count", VERB_EVENTS },
	{ OPT_TIMEOUT, "--timeout", VERB_EVENTS },
	{ OPT_RING_SIZE, "--ring-size", VERB_MONITOR },
	{ OPT_INSTANCE, "--instance", VERB_CALL },
	{ OPT_INPUT, "--input", VERB_CALL },
	{ OPT_U32, "--u32", VERB_CALL },
	{ OPT_STRING, "--string", VERB_CALL },
	{ OPT_OUTPUT_SIZE, "--output-size", VERB_CALL },
};

/* Does some line of verb_options give opt to verb? */
static bool option_for_verb(int opt, enum verb verb)
{
	size_t i;

	for (i = 0; i < sizeof(verb_options) / sizeof(verb_options[0]); i++)
		if (verb_options[i].opt == opt && verb_options[i].verb == verb)
			return true;
	return false;
}

static enum verb find_verb(const char *s)
{
	size_t i;

	for (i = 1; i < sizeof(verb_names) / sizeof(verb_names[0]); i++)
		if (!strcmp(s, verb_names[i]))
			return i;
	return VERB_NONE;
}

static int set_input(struct cli *c, enum call_input kind, const char *arg, char **err)
{
	uint32_t v;
	int ret;

	if (c->input_kind != CALL_INPUT_NONE)
		return usage_error(err, "call: give one of --input, --u32, --string");
	c->input_kind = kind;
	switch (kind) {
	case CALL_INPUT_HEX:
		ret = cli_parse_hex(arg, &c->input, &c->input_size);
		if (ret)
			return usage_error(err, "call: --input: expected hex bytes such as "
					   "'2a000000', found '%s'", arg);
		return EXIT_OK;
	case CALL_INPUT_U32:
		if (parse_u32(arg, &v))
			return usage_error(err, "call: --u32: expected a number from 0 to %u, "
					   "found '%s'", UINT32_MAX, arg);
		c->input = malloc(4);
		if (!c->input)
			return usage_error(err, "out of memory");
		c->input[0] = v;
		c->input[1] = v >> 8;
		c->input[2] = v >> 16;
		c->input[3] = v >> 24;
		c->input_size = 4;
		return EXIT_OK;
	default:
		ret = cli_marshal_string(arg, &c->input, &c->input_size);
		if (ret)
			return usage_error(err, "call: --string: expected ASCII text of at most "
					   "32766 characters");
		return EXIT_OK;
	}
}

int cli_parse(int argc, char **argv, struct cli *c, char **err)
{
	static const struct option options[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "pretty", no_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "bpffs", required_argument, NULL, OPT_BPFFS },
		{ "sysfs", required_argument, NULL, OPT_SYSFS },
		{ "devdir", required_argument, NULL, OPT_DEVDIR },
		{ "name", required_argument, NULL, OPT_NAME },
		{ "device", required_argument, NULL, OPT_DEVICE },
		{ "for-device", required_argument, NULL, OPT_FOR_DEVICE },
		{ "dir", required_argument, NULL, OPT_DIR },
		{ "all", no_argument, NULL, OPT_ALL },
		{ "count", required_argument, NULL, OPT_COUNT },
		{ "ring-size", required_argument, NULL, OPT_RING_SIZE },
		{ "instance", required_argument, NULL, OPT_INSTANCE },
		{ "input", required_argument, NULL, OPT_INPUT },
		{ "u32", required_argument, NULL, OPT_U32 },
		{ "string", required_argument, NULL, OPT_STRING },
		{ "output-size", required_argument, NULL, OPT_OUTPUT_SIZE },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ }
	};
	int used[sizeof(verb_options) / sizeof(verb_options[0])] = { 0 };
	bool version = false, for_device = false;
	char **pos;
	size_t npos = 0, i;
	uint32_t v;
	int opt, ret;

	memset(c, 0, sizeof(*c));
	c->bpffs = "/sys/fs/bpf/wmi";
	c->sysfs = "/sys";
	c->devdir = "/dev/wmi";
	c->output_size = 4096;
	*err = NULL;

	pos = calloc(argc + 1, sizeof(*pos));
	if (!pos)
		return usage_error(err, "out of memory");

	/* 0, not 1: GNU getopt then resets all its state (the tests parse often). */
	optind = 0;
	opterr = 0;
	/*
	 * "-" first: positional arguments come back in order, as 1. Then ":":
	 * an option without its value comes back as ':', not as unknown.
	 */
	while ((opt = getopt_long(argc, argv, "-:jpqhV", options, NULL)) != -1) {
		for (i = 0; i < sizeof(verb_options) / sizeof(verb_options[0]); i++)
			if (verb_options[i].opt == opt)
				used[i] = 1;
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
		case OPT_NAME:
			ret = check_name("load", "--name: ", optarg, err);
			if (ret)
				goto out;
			c->name = optarg;
			break;
		case OPT_FOR_DEVICE:
			for_device = true;
			/* fall through */
		case OPT_DEVICE:
			if (c->has_device) {
				ret = usage_error(err, "load: give --device or --for-device once");
				goto out;
			}
			if (wmi_guid_parse(optarg, &c->device)) {
				ret = usage_error(err, "%s: expected a GUID such as "
						  "FE733490-2E22-4EDB-A7B5-BC248874D383, found '%s'",
						  for_device ? "--for-device" : "--device", optarg);
				goto out;
			}
			c->has_device = true;
			break;
		case OPT_DIR:
			c->dir = optarg;
			break;
		case OPT_ALL:
			c->all = true;
			break;
		case OPT_COUNT:
			if (parse_u32(optarg, &v) || !v) {
				ret = usage_error(err, "%s: --count: expected a positive number, "
						  "found '%s'", npos ? pos[0] : "wmibpf", optarg);
				goto out;
			}
			c->count = v;
			break;
		case OPT_TIMEOUT:
			if (parse_u32(optarg, &c->timeout_s) || !c->timeout_s ||
			    c->timeout_s > 86400 * 365) {
				ret = usage_error(err, "events: --timeout: expected seconds, from 1 to "
						  "31536000, found '%s'", optarg);
				goto out;
			}
			break;
		case OPT_RING_SIZE:
			if (parse_u32(optarg, &v) || v < 4096 || v > (1u << 30) || (v & (v - 1))) {
				ret = usage_error(err, "monitor: --ring-size: expected a power of two "
						  "from 4096 to 1073741824, found '%s'", optarg);
				goto out;
			}
			c->ring_size = v;
			break;
		case OPT_INSTANCE:
			if (parse_u32(optarg, &c->instance) || c->instance > 255) {
				ret = usage_error(err, "call: --instance: expected 0 to 255, found '%s'",
						  optarg);
				goto out;
			}
			break;
		case OPT_OUTPUT_SIZE:
			if (parse_u32(optarg, &c->output_size)) {
				ret = usage_error(err, "call: --output-size: expected a number, "
						  "found '%s'", optarg);
				goto out;
			}
			break;
		case OPT_INPUT:
		case OPT_U32:
		case OPT_STRING:
			ret = set_input(c, opt == OPT_INPUT ? CALL_INPUT_HEX :
					   opt == OPT_U32 ? CALL_INPUT_U32 : CALL_INPUT_STRING,
					optarg, err);
			if (ret)
				goto out;
			break;
		case ':':
			ret = usage_error(err, "option --%s needs a value; see wmibpf --help",
					  option_name(options, optopt));
			goto out;
		default:
			ret = usage_error(err, "unknown option '%s'; see wmibpf --help",
					  argv[optind - 1]);
			goto out;
		}
	}

	if (version) {
		c->verb = VERB_VERSION;
		ret = EXIT_OK;
		goto out;
	}
	if (!npos) {
		c->verb = c->help ? VERB_HELP : VERB_NONE;
		ret = c->help ? EXIT_OK : usage_error(err, "no verb given; see wmibpf --help");
		goto out;
	}

	c->verb = find_verb(pos[0]);
	if (c->verb == VERB_NONE) {
		ret = usage_error(err, "unknown verb '%s'; see wmibpf --help", pos[0]);
		goto out;
	}
	for (i = 0; i < sizeof(verb_options) / sizeof(verb_options[0]); i++) {
		if (used[i] && !option_for_verb(verb_options[i].opt, c->verb)) {
			ret = usage_error(err, "%s: option %s is not for this verb; see wmibpf %s "
					  "--help", pos[0], verb_options[i].name, pos[0]);
			goto out;
		}
	}
	if (c->help) {
		ret = EXIT_OK;
		goto out;
	}

	npos--;
	switch (c->verb) {
	case VERB_DEVICES:
	case VERB_LIST:
	case VERB_STATUS:
	case VERB_VERSION:
		ret = npos ? usage_error(err, "%s takes no arguments", pos[0]) : EXIT_OK;
		break;
	case VERB_HELP:
		if (npos > 1) {
			ret = usage_error(err, "help takes at most one verb");
		} else if (npos) {
			c->verb = find_verb(pos[1]);
			c->help = true;
			ret = c->verb == VERB_NONE ?
			      usage_error(err, "unknown verb '%s'", pos[1]) : EXIT_OK;
		} else {
			ret = EXIT_OK;
		}
		break;
	case VERB_LOAD:
		if (c->dir && npos)
			ret = usage_error(err, "load: give a FILE or --dir, not both");
		else if (!c->dir && npos != 1)
			ret = usage_error(err, "load: expected one FILE (or --dir DIR)");
		else if (for_device && !c->dir)
			ret = usage_error(err, "load: --for-device goes with --dir");
		else if (c->dir && (c->name || (c->has_device && !for_device)))
			ret = usage_error(err, "load: --name and --device go with a FILE");
		else
			ret = EXIT_OK;
		if (!ret && npos)
			c->file = pos[1];
		break;
	case VERB_UNLOAD:
		if (c->all == (npos == 1) || npos > 1)
			ret = usage_error(err, "unload: expected a policy NAME or --all");
		else
			ret = EXIT_OK;
		c->name = npos ? pos[1] : NULL;
		if (!ret && c->name)
			ret = check_name("unload", "", c->name, err);
		break;
	case VERB_SHOW:
		ret = npos != 1 ? usage_error(err, "show: expected one policy NAME") : EXIT_OK;
		c->name = npos ? pos[1] : NULL;
		if (!ret)
			ret = check_name("show", "", c->name, err);
		break;
	case VERB_MODE:
		c->mode = -1;
		if (npos < 1 || npos > 2) {
			ret = usage_error(err, "mode: expected a policy NAME, and audit or enforce");
			break;
		}
		c->name = pos[1];
		ret = check_name("mode", "", c->name, err);
		if (!ret && npos == 2) {
			if (!strcmp(pos[2], "audit"))
				c->mode = WMI_MODE_AUDIT;
			else if (!strcmp(pos[2], "enforce"))
				c->mode = WMI_MODE_ENFORCE;
			else
				ret = usage_error(err, "mode: expected audit or enforce, found '%s'",
						  pos[2]);
		}
		break;
	case VERB_MONITOR:
		ret = npos > 1 ? usage_error(err, "monitor: expected at most one policy NAME") :
				 EXIT_OK;
		c->name = npos ? pos[1] : NULL;
		if (!ret && c->name)
			ret = check_name("monitor", "", c->name, err);
		break;
	case VERB_CHECK:
		if (!npos) {
			ret = usage_error(err, "check: expected one or more FILEs");
			break;
		}
		c->files = calloc(npos, sizeof(*c->files));
		if (!c->files) {
			ret = usage_error(err, "out of memory");
			break;
		}
		for (i = 0; i < npos; i++)
			c->files[i] = pos[i + 1];
		c->nr_files = npos;
		ret = EXIT_OK;
		break;
	case VERB_EVENTS:
		if (npos != 1) {
			ret = usage_error(err, "events: expected one event DEVICE");
			break;
		}
		c->target = pos[1];
		ret = EXIT_OK;
		break;
	case VERB_MOF:
		ret = cmd_mof_args(c, pos + 1, npos, err);
		break;
	case VERB_CALL:
		if (npos != 2) {
			ret = usage_error(err, "call: expected DEVICE and METHOD");
			break;
		}
		c->target = pos[1];
		if (parse_u32(pos[2], &c->method_id)) {
			ret = usage_error(err, "call: METHOD: expected a number, found '%s'", pos[2]);
			break;
		}
		ret = EXIT_OK;
		break;
	default:
		ret = EXIT_OK;
	}

out:
	free(pos);
	if (ret)
		cli_free(c);
	return ret;
}

void cli_free(struct cli *c)
{
	free(c->files);
	free(c->input);
	c->files = NULL;
	c->input = NULL;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Policy files, parsed with libyaml's document API: every node keeps its
 * position, so semantic errors point at the value that is wrong, not only
 * syntax errors.
 */

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <yaml.h>

#include "bmof.h"
#include "mof_names.h"
#include "policy.h"
#include "policy_parse.h"
#include "text.h"

static const char *const action_names[WMI_ACTION_MAX] = {
	[WMI_ACTION_ALLOW] = "allow",
	[WMI_ACTION_DENY] = "deny",
	[WMI_ACTION_INTERCEPT] = "intercept",
	[WMI_ACTION_EMULATE] = "emulate",
	[WMI_ACTION_RAW] = "raw",
	[WMI_ACTION_AUDIT] = "audit",
	[WMI_ACTION_DROP] = "drop",
};

static const char *const origin_names[] = {
	[WMI_POLICY_ORIGIN_KERNEL] = "kernel",
	[WMI_POLICY_ORIGIN_USER] = "user",
	[WMI_POLICY_ORIGIN_ANY] = "any",
	[WMI_POLICY_ORIGIN_EVENT] = "event",
	[WMI_POLICY_ORIGIN_READER] = "reader",
};

/* A rule's or a report's kind of call, as policy files name it. */
static const char *const kind_names[] = {
	[WMI_POLICY_KIND_METHOD] = "method",
	[WMI_POLICY_KIND_QUERY] = "query",
	[WMI_POLICY_KIND_SET] = "set",
	[WMI_POLICY_KIND_ANY] = "any",
};

/*
 * The errors a WMI-BPF program may fail a call with: the kernel turns any
 * other into EPERM (Documentation/wmi/wmi-bpf.rst, "Errors"), so a policy
 * naming another would not do what it says.
 */
static const struct {
	const char *name;
	int value;
} errno_names[] = {
	{ "EPERM", EPERM }, { "ENOENT", ENOENT }, { "EIO", EIO }, { "ENXIO", ENXIO },
	{ "EAGAIN", EAGAIN }, { "EACCES", EACCES }, { "EBUSY", EBUSY },
	{ "ENODEV", ENODEV }, { "EINVAL", EINVAL }, { "ENODATA", ENODATA },
	{ "EPROTO", EPROTO }, { "EOPNOTSUPP", EOPNOTSUPP }, { "ETIMEDOUT", ETIMEDOUT },
};

#define ERRNO_LIST "EPERM, ENOENT, EIO, ENXIO, EAGAIN, EACCES, EBUSY, ENODEV, EINVAL, " \
	"ENODATA, EPROTO, EOPNOTSUPP or ETIMEDOUT"

const char *policy_action_name(uint32_t action)
{
	return action < WMI_ACTION_MAX ? action_names[action] : "?";
}

const char *policy_origin_name(uint32_t origin)
{
	return origin <= WMI_POLICY_ORIGIN_READER ? origin_names[origin] : "?";
}

const char *policy_kind_name(uint32_t kind)
{
	return kind <= WMI_POLICY_KIND_ANY ? kind_names[kind] : "?";
}

const char *policy_errno_name(int error)
{
	size_t i;

	for (i = 0; i < sizeof(errno_names) / sizeof(errno_names[0]); i++)
		if (errno_names[i].value == error)
			return errno_names[i].name;
	return NULL;
}

/* Record the first error at node n (or at the start when n is NULL). */
__attribute__((format(printf, 3, 4)))
int parse_fail(struct parse_ctx *c, const yaml_node_t *n, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (c->err)
		return -EINVAL;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (asprintf(&c->err, "%s:%zu:%zu: %s", c->path, n ? n->start_mark.line + 1 : 1,
		     n ? n->start_mark.column + 1 : 1, msg) < 0)
		c->err = NULL;
	return -EINVAL;
}

const char *parse_scalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

const char *parse_kind(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_SCALAR_NODE:
		return "a value";
	case YAML_SEQUENCE_NODE:
		return "a list";
	case YAML_MAPPING_NODE:
		return "a mapping";
	default:
		return "nothing";
	}
}

int parse_expect_scalar(struct parse_ctx *c, const yaml_node_t *n, const char *what)
{
	if (n->type != YAML_SCALAR_NODE)
		return parse_fail(c, n, "%s: expected a value, found %s", what, parse_kind(n));
	return 0;
}

/*
 * A number in decimal or 0x hexadecimal. A leading zero is refused rather
 * than read as octal, as C would ("uid: 0100" is not uid 64), or as
 * decimal, which YAML 1.1 tools would not all agree on.
 */
int parse_number(struct parse_ctx *c, const yaml_node_t *n, const char *what, uint64_t *v)
{
	const char *s = parse_scalar(n);
	int ret;

	if (parse_expect_scalar(c, n, what))
		return -EINVAL;
	ret = text_parse_u64(s, v);
	if (ret == -EDOM)
		return parse_fail(c, n, "%s: '%s' has a leading zero; numbers are decimal, or "
				  "hexadecimal after 0x, never octal", what, s);
	return ret ? -ERANGE : 0;
}

/* A number from min to max. */
static int parse_range(struct parse_ctx *c, const yaml_node_t *n, const char *what, uint32_t min,
		       uint32_t max, const char *or_any, uint32_t *out)
{
	uint64_t v = 0;
	int ret;

	ret = parse_number(c, n, what, &v);
	if (ret == -EINVAL)
		return ret;
	if (ret || v < min || v > max)
		return parse_fail(c, n, "%s: expected a number from %u to %u%s, found '%s'", what,
				  min, max, or_any, parse_scalar(n));
	*out = v;
	return 0;
}

static int parse_u32(struct parse_ctx *c, const yaml_node_t *n, const char *what, uint32_t max,
		     uint32_t *out)
{
	return parse_range(c, n, what, 0, max, "", out);
}

/* A number, or "any" for WMI_POLICY_ANY. */
static int parse_u32_any(struct parse_ctx *c, const yaml_node_t *n, const char *what, uint32_t *out)
{
	const char *s = parse_scalar(n);

	if (s && !strcmp(s, "any")) {
		*out = WMI_POLICY_ANY;
		return 0;
	}
	return parse_range(c, n, what, 0, WMI_POLICY_ANY - 1, ", or 'any'", out);
}

static int parse_bool(struct parse_ctx *c, const yaml_node_t *n, const char *what, bool *out)
{
	const char *s = parse_scalar(n);

	if (parse_expect_scalar(c, n, what))
		return -EINVAL;
	if (!strcmp(s, "true") || !strcmp(s, "yes")) {
		*out = true;
		return 0;
	}
	if (!strcmp(s, "false") || !strcmp(s, "no")) {
		*out = false;
		return 0;
	}
	return parse_fail(c, n, "%s: expected true or false, found '%s'", what, s);
}

static int parse_action(struct parse_ctx *c, const yaml_node_t *n, uint32_t *out)
{
	const char *s = parse_scalar(n);
	uint32_t i;

	if (parse_expect_scalar(c, n, "action"))
		return -EINVAL;
	for (i = 0; i < WMI_ACTION_MAX; i++) {
		if (!strcmp(s, action_names[i])) {
			*out = i;
			return 0;
		}
	}
	return parse_fail(c, n, "action: expected allow, deny, intercept, emulate, audit, raw or "
			  "(for events) drop, found '%s'", s);
}

static int parse_origin(struct parse_ctx *c, const yaml_node_t *n, uint32_t *out)
{
	const char *s = parse_scalar(n);
	uint32_t i;

	if (parse_expect_scalar(c, n, "origin"))
		return -EINVAL;
	for (i = 0; i <= WMI_POLICY_ORIGIN_ANY; i++) {
		if (!strcmp(s, origin_names[i])) {
			*out = i;
			return 0;
		}
	}
	return parse_fail(c, n, "origin: expected user, kernel or any, found '%s'", s);
}

static int parse_errno(struct parse_ctx *c, const yaml_node_t *n, int32_t *out)
{
	const char *s = parse_scalar(n);
	uint32_t v;
	size_t i;

	if (parse_expect_scalar(c, n, "errno"))
		return -EINVAL;
	for (i = 0; i < sizeof(errno_names) / sizeof(errno_names[0]); i++) {
		if (!strcmp(s, errno_names[i].name)) {
			*out = errno_names[i].value;
			return 0;
		}
	}
	if (s[0] == 'E')
		return parse_fail(c, n, "errno: '%s' is not an error a policy may deny with; "
				  "expected " ERRNO_LIST, s);
	if (parse_range(c, n, "errno", 1, 4095, "", &v))
		return -EINVAL;
	for (i = 0; i < sizeof(errno_names) / sizeof(errno_names[0]); i++) {
		if (errno_names[i].value == (int)v) {
			*out = v;
			return 0;
		}
	}
	return parse_fail(c, n, "errno: %u is not an error a policy may deny with; expected the "
			  "number of " ERRNO_LIST, v);
}

static const char no_names[] = "no bMOF is known here to say what it is (wmibpf check "
				"--mof FILE checks against a firmware's bMOF)";

/* A class of the firmware's bMOF, for its GUID. */
static int parse_class(struct parse_ctx *c, const yaml_node_t *n, const char *name,
		       struct wmi_guid *g)
{
	char g1[WMI_GUID_STR_LEN + 1], g2[WMI_GUID_STR_LEN + 1];
	const struct bmof_object *cls, *twin;

	if (!c->names)
		return parse_fail(c, n, "device: '%s' is a class name, and %s", name, no_names);
	cls = mof_find_class(c->names->src, c->names->nsrc, name);
	if (!cls)
		return parse_fail(c, n, "device: no class %s in %s (see wmibpf mof)", name,
				  c->names->where);
	twin = mof_class_twin(c->names->src, c->names->nsrc, cls);
	if (twin)
		return parse_fail(c, n, "device: %s names two classes of two devices (%s, %s)",
				  name, mof_class_guid(cls, g1, sizeof(g1)),
				  mof_class_guid(twin, g2, sizeof(g2)));
	if (wmi_guid_parse(cls->guid, g) || wmi_guid_is_null(g))
		return parse_fail(c, n, "device: class %s has no guid qualifier: it names no WMI "
				  "device", cls->name);
	return 0;
}

/*
 * "FE733490" is a GUID cut short more likely than a class: hex digits
 * alone make a class name only if the bMOF has such a class.
 */
static bool looks_like_guid(struct parse_ctx *c, const char *s)
{
	if (strspn(s, "0123456789abcdefABCDEF") != strlen(s))
		return false;
	return !c->names || !mof_find_class(c->names->src, c->names->nsrc, s);
}

/* "all", a GUID, or a class name. */
static int parse_device(struct parse_ctx *c, const yaml_node_t *n, bool *all, struct wmi_guid *g)
{
	const char *s = parse_scalar(n);

	if (parse_expect_scalar(c, n, "device"))
		return -EINVAL;
	if (!strcmp(s, "all")) {
		*all = true;
		return 0;
	}
	*all = false;
	if (wmi_guid_parse(s, g) && mof_is_name(s) && !looks_like_guid(c, s))
		return parse_class(c, n, s, g);
	if (wmi_guid_parse(s, g))
		return parse_fail(c, n, "device: expected a GUID such as "
				  "FE733490-2E22-4EDB-A7B5-BC248874D383, a class name, or 'all', "
				  "found '%s'", s);
	/* The rule table and the bindings use the null GUID for "every device". */
	if (wmi_guid_is_null(g))
		return parse_fail(c, n, "device: the null GUID is no device's; write 'all' for "
				  "every device");
	*all = false;
	return 0;
}

/* "name, device, ..." for messages; only built for one, as rules are many. */
static const char *expected_keys(const char *const *keys, char *buf, size_t size)
{
	size_t i;

	buf[0] = '\0';
	for (i = 0; keys[i]; i++) {
		strncat(buf, i ? ", " : "", size - strlen(buf) - 1);
		strncat(buf, keys[i], size - strlen(buf) - 1);
	}
	return buf;
}

int parse_walk_mapping(struct parse_ctx *c, yaml_node_t *map, const char *what,
		       const char *const *keys, key_fn fn, void *arg)
{
	yaml_node_pair_t *pair, *other;
	yaml_node_t *k, *v;
	char expected[256];
	size_t i;

	if (map->type != YAML_MAPPING_NODE)
		return parse_fail(c, map, "%s: expected a mapping of keys to values, found %s",
				  what, parse_kind(map));

	for (pair = map->data.mapping.pairs.start; pair < map->data.mapping.pairs.top; pair++) {
		const char *key;

		k = yaml_document_get_node(c->doc, pair->key);
		v = yaml_document_get_node(c->doc, pair->value);
		key = parse_scalar(k);
		if (!key)
			return parse_fail(c, k, "%s: keys must be plain names, expected one of: %s",
					  what, expected_keys(keys, expected, sizeof(expected)));
		for (i = 0; keys[i] && strcmp(keys[i], key); i++)
			;
		if (!keys[i])
			return parse_fail(c, k, "%s: unknown key '%s', expected one of: %s", what,
					  key, expected_keys(keys, expected, sizeof(expected)));
		for (other = map->data.mapping.pairs.start; other < pair; other++) {
			const char *o = parse_scalar(yaml_document_get_node(c->doc, other->key));

			if (o && !strcmp(o, key))
				return parse_fail(c, k, "%s: '%s' given twice", what, key);
		}
		if (fn(c, key, k, v, arg))
			return -EINVAL;
	}
	return 0;
}

const yaml_node_t *parse_lookup(struct parse_ctx *c, yaml_node_t *map, const char *key)
{
	yaml_node_pair_t *pair;

	for (pair = map->data.mapping.pairs.start; pair < map->data.mapping.pairs.top; pair++) {
		const char *k = parse_scalar(yaml_document_get_node(c->doc, pair->key));

		if (k && !strcmp(k, key))
			return yaml_document_get_node(c->doc, pair->value);
	}
	return NULL;
}

struct rule_arg {
	struct policy_rule *r;
	const yaml_node_t *errno_node, *answer_node, *action_node, *origin_node, *cap_node;
	const yaml_node_t *method_node, *event_node, *uid_node, *gid_node;
	const yaml_node_t *read_node, *min_size_node;
	const yaml_node_t *block_node;	/* query: or set: */
	uint32_t block_kind;		/* which of the two */
	/* method: Class.Method: the class's device, which the rule's must be */
	const char *method_class;
	struct wmi_guid method_guid;
	/* and the method, whose parameters input fields may name (arg:) */
	struct cond_method method;
	char method_name[2 * MOF_NAME_MAX + 2];
	yaml_node_t *input_node;
};

/* method: Class.Method, for its WmiMethodId. */
static int parse_method_name(struct parse_ctx *c, const yaml_node_t *v, const char *s,
			     struct rule_arg *a)
{
	char class_name[MOF_NAME_MAX + 1], msg[MOF_NAME_ERR_LEN];
	const struct bmof_object *cls;
	const struct bmof_method *m;
	const char *dot = strchr(s, '.');

	if (!c->names)
		return parse_fail(c, v, "method: '%s' is a method name, and %s", s, no_names);
	if ((size_t)(dot - s) > MOF_NAME_MAX)
		return parse_fail(c, v, "method: expected Class.Method, each a MOF identifier");
	memcpy(class_name, s, dot - s);
	class_name[dot - s] = '\0';
	if (mof_find_method(c->names->src, c->names->nsrc, c->names->where, class_name, dot + 1,
			    &cls, &m, msg, sizeof(msg)))
		return parse_fail(c, v, "method: %s", msg);
	if (wmi_guid_parse(cls->guid, &a->method_guid) || wmi_guid_is_null(&a->method_guid))
		return parse_fail(c, v, "method: class %s has no guid qualifier: its methods are "
				  "no WMI device's", cls->name);
	/* the rule table's wildcard: such a rule would be for every method */
	if (m->id == WMI_POLICY_ANY)
		return parse_fail(c, v, "method: %s.%s has WmiMethodId %u, which a rule cannot "
				  "name (it is the rules' 'any')", cls->name, m->name,
				  WMI_POLICY_ANY);
	a->method_class = cls->name;
	a->r->method_id = m->id;
	snprintf(a->method_name, sizeof(a->method_name), "%s.%s", cls->name, m->name);
	a->method = (struct cond_method) { .m = m, .name = a->method_name };
	return 0;
}

/*
 * A method named by its class is that class's device's: the rule's
 * device, or the policy's, must be it; a rule of a policy for all
 * devices that names none gets it.
 */
static int check_method_device(struct parse_ctx *c, struct rule_arg *a)
{
	struct policy_rule *r = a->r;
	char want[WMI_GUID_STR_LEN + 1], have[WMI_GUID_STR_LEN + 1];
	const struct wmi_guid *dev;

	if (!r->any_device)
		dev = &r->device;
	else if (!c->p->all_devices)
		dev = &c->p->device;
	else {
		r->device = a->method_guid;
		r->any_device = false;
		return 0;
	}
	if (wmi_guid_equal(dev, &a->method_guid))
		return 0;
	wmi_guid_format(&a->method_guid, want);
	wmi_guid_format(dev, have);
	return parse_fail(c, a->method_node, "method: %s is a method of %s, device %s; this "
			  "rule is for device %s", parse_scalar(a->method_node), a->method_class,
			  want, have);
}

static int rule_key(struct parse_ctx *c, const char *key, yaml_node_t *k, yaml_node_t *v, void *arg)
{
	struct rule_arg *a = arg;
	struct policy_rule *r = a->r;
	bool all;

	(void)k;
	if (!strcmp(key, "method")) {
		a->method_node = v;
		r->kind = WMI_POLICY_KIND_METHOD;
		if (parse_scalar(v) && strchr(parse_scalar(v), '.'))
			return parse_method_name(c, v, parse_scalar(v), a);
		return parse_u32_any(c, v, "method", &r->method_id);
	}
	if (!strcmp(key, "event")) {
		a->event_node = v;
		if (parse_scalar(v) && !strcmp(parse_scalar(v), "any")) {
			r->method_id = WMI_POLICY_ANY;
			return 0;
		}
		return parse_range(c, v, "event", 0, WMI_POLICY_NOTIFY_MAX,
				   " (a notify id), or 'any'", &r->method_id);
	}
	/* A block's queries or sets, of one instance or any: a method id's place in the key. */
	if (!strcmp(key, "query") || !strcmp(key, "set")) {
		if (a->block_node)
			return parse_fail(c, v, "%s: a rule is for a block's queries or for its "
					  "sets, not both; write two rules", key);
		a->block_node = v;
		a->block_kind = !strcmp(key, "query") ? WMI_POLICY_KIND_QUERY : WMI_POLICY_KIND_SET;
		if (parse_scalar(v) && !strcmp(parse_scalar(v), "any")) {
			r->method_id = WMI_POLICY_ANY;
			return 0;
		}
		/* A block has at most 255 instances (a byte of its _WDG entry). */
		return parse_range(c, v, key, 0, 254, " (an instance of the block), or 'any'",
				   &r->method_id);
	}
	if (!strcmp(key, "read")) {
		a->read_node = v;
		if (parse_expect_scalar(c, v, "read"))
			return -EINVAL;
		if (strcmp(parse_scalar(v), "events"))
			return parse_fail(c, v, "read: expected 'events' (a rule for who may open "
					  "the device's event node and read its events), found '%s'",
					  parse_scalar(v));
		r->method_id = WMI_POLICY_ANY;
		return 0;
	}
	if (!strcmp(key, "device")) {
		if (parse_device(c, v, &all, &r->device))
			return -EINVAL;
		if (all)
			return parse_fail(c, v, "device: a rule names one device (a GUID); leave "
					  "it out to use the policy's");
		if (!c->p->all_devices && !wmi_guid_equal(&r->device, &c->p->device))
			return parse_fail(c, v, "device: the policy is bound to one device; a rule "
					  "can only name another in a policy for 'all' devices");
		/* Naming the policy's own device is leaving it out: the same calls. */
		r->any_device = !c->p->all_devices;
		return 0;
	}
	if (!strcmp(key, "origin")) {
		a->origin_node = v;
		return parse_origin(c, v, &r->origin);
	}
	if (!strcmp(key, "uid")) {
		a->uid_node = v;
		return parse_u32_any(c, v, "uid", &r->uid);
	}
	if (!strcmp(key, "gid")) {
		a->gid_node = v;
		return parse_u32_any(c, v, "gid", &r->gid);
	}
	if (!strcmp(key, "action")) {
		a->action_node = v;
		return parse_action(c, v, &r->action);
	}
	if (!strcmp(key, "errno")) {
		a->errno_node = v;
		return parse_errno(c, v, &r->error);
	}
	if (!strcmp(key, "answer")) {
		a->answer_node = v;
		return parse_u32(c, v, "answer", UINT32_MAX, &r->answer);
	}
	/* read once the method is known, wherever it is written: arg: names its parameters */
	if (!strcmp(key, "input")) {
		a->input_node = v;
		return 0;
	}
	if (!strcmp(key, "min_size")) {
		a->min_size_node = v;
		return parse_cond_min_size(c, v, r);
	}
	if (!strcmp(key, "cap")) {
		a->cap_node = v;
		return parse_cond_caps(c, v, r);
	}
	return parse_bool(c, v, "audit", &r->audit);
}

static const char *const rule_keys[] = {
	"method", "event", "read", "query", "set", "device", "origin", "uid", "gid", "input", "min_size", "cap", "action",
	"errno", "answer", "audit", NULL,
};

/*
 * An event rule: it matches the device, the notify id and the event's
 * data (input, min_size), as events have no caller; it allows, drops or
 * reports.
 */
static int check_event_rule(struct parse_ctx *c, const yaml_node_t *n, struct rule_arg *a)
{
	static const char why[] = "an event has no caller; an event rule matches the device, "
				  "the notify id and the event's data (input, min_size)";
	const struct {
		const yaml_node_t *node;
		const char *key;
	} callers[] = {
		{ a->origin_node, "origin" }, { a->uid_node, "uid" }, { a->gid_node, "gid" },
		{ a->cap_node, "cap" },
	};
	struct policy_rule *r = a->r;
	size_t i;

	if (a->method_node)
		return parse_fail(c, a->method_node, "method: a rule is for a method or for an "
				  "event, not both");
	for (i = 0; i < sizeof(callers) / sizeof(callers[0]); i++)
		if (callers[i].node)
			return parse_fail(c, callers[i].node, "%s: %s", callers[i].key, why);
	if (!a->action_node)
		return parse_fail(c, n, "rule: 'action' missing; expected one of allow, drop, "
				  "audit");
	if (r->action != WMI_ACTION_ALLOW && r->action != WMI_ACTION_DROP &&
	    r->action != WMI_ACTION_AUDIT)
		return parse_fail(c, a->action_node, "action: an event rule allows, drops or "
				  "audits an event, found '%s'", policy_action_name(r->action));
	if (a->errno_node)
		return parse_fail(c, a->errno_node, "errno: only a 'deny' rule takes an errno");
	if (a->answer_node)
		return parse_fail(c, a->answer_node, "answer: only an 'emulate' rule takes an "
				  "answer");
	r->origin = WMI_POLICY_ORIGIN_EVENT;
	r->kind = WMI_POLICY_KIND_METHOD;
	if (r->action == WMI_ACTION_AUDIT)
		r->audit = true;
	return 0;
}

/*
 * A read rule: it matches the opening of an event device's node by the
 * opener's uid, gid and capabilities (an open has no method, origin or
 * input); it allows, refuses or reports the open.
 */
static int check_read_rule(struct parse_ctx *c, const yaml_node_t *n, struct rule_arg *a)
{
	static const char why[] = "a read rule matches who opens the device's event node, "
				  "by uid, gid and cap";
	const struct {
		const yaml_node_t *node;
		const char *key;
	} others[] = {
		{ a->origin_node, "origin" }, { a->input_node, "input" },
		{ a->min_size_node, "min_size" },
	};
	struct policy_rule *r = a->r;
	size_t i;

	if (a->method_node)
		return parse_fail(c, a->method_node, "method: a rule is for a method or for "
				  "reading events, not both");
	if (a->event_node)
		return parse_fail(c, a->event_node, "event: a rule is for an event or for reading "
				  "events, not both");
	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		if (others[i].node)
			return parse_fail(c, others[i].node, "%s: %s", others[i].key, why);
	if (!a->action_node)
		return parse_fail(c, n, "rule: 'action' missing; expected one of allow, deny, "
				  "audit");
	if (r->action != WMI_ACTION_ALLOW && r->action != WMI_ACTION_DENY &&
	    r->action != WMI_ACTION_AUDIT)
		return parse_fail(c, a->action_node, "action: a read rule allows, denies or "
				  "audits an open of the event node, found '%s'",
				  policy_action_name(r->action));
	if (a->errno_node && r->action != WMI_ACTION_DENY)
		return parse_fail(c, a->errno_node, "errno: only a 'deny' rule takes an errno");
	/* The kernel refuses an open with these only (Documentation/wmi/wmi-bpf.rst). */
	if (a->errno_node && r->error != EACCES && r->error != EPERM)
		return parse_fail(c, a->errno_node, "errno: a refused open fails with EACCES or "
				  "EPERM, found %s", policy_errno_name(r->error) ?: "another errno");
	if (a->answer_node)
		return parse_fail(c, a->answer_node, "answer: only an 'emulate' rule takes an "
				  "answer");
	r->origin = WMI_POLICY_ORIGIN_READER;
	r->kind = WMI_POLICY_KIND_METHOD;
	r->method_id = WMI_POLICY_ANY;
	if (r->action == WMI_ACTION_AUDIT)
		r->audit = true;
	return 0;
}

/*
 * A query or set rule: keyed and checked as a method rule, its instance
 * in the method's place. A query has no input for fields to match, and
 * returns the block's data, which 'emulate' may answer; a set returns
 * nothing to emulate.
 */
static int check_block_rule(struct parse_ctx *c, struct rule_arg *a)
{
	const char *kind = policy_kind_name(a->block_kind);
	const struct {
		const yaml_node_t *node;
		const char *key;
	} others[] = {
		{ a->method_node, "method" }, { a->event_node, "event" }, { a->read_node, "read" },
	};
	size_t i;

	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		if (others[i].node)
			return parse_fail(c, others[i].node, "%s: a rule is for one kind of call: "
					  "a method's, an event, reading events, or a block's "
					  "queries or sets; this one has '%s:' too", others[i].key,
					  kind);
	a->r->kind = a->block_kind;
	if (a->r->kind == WMI_POLICY_KIND_QUERY && (a->input_node || a->min_size_node))
		return parse_fail(c, a->input_node ? a->input_node : a->min_size_node,
				  "%s: a query has no input to match; a rule for a block's sets "
				  "('set:') matches the data written",
				  a->input_node ? "input" : "min_size");
	if (a->r->kind == WMI_POLICY_KIND_SET && a->action_node &&
	    a->r->action == WMI_ACTION_EMULATE)
		return parse_fail(c, a->action_node, "action: a set returns nothing to emulate; "
				  "deny it, or intercept it for the driver that claims the block");
	return 0;
}

static int parse_rule(struct parse_ctx *c, yaml_node_t *n, struct policy_rule *r)
{
	struct rule_arg a = { .r = r };

	/*
	 * What a rule leaves out matches anything, but for the origin: user
	 * space only, unless 'origin: any' is written out. A 'default: deny'
	 * or a rule for all methods must not break the kernel drivers' own
	 * calls by accident. A rule that names no method, query or set is for
	 * every call of the three kinds.
	 */
	*r = (struct policy_rule) {
		.kind = WMI_POLICY_KIND_ANY,
		.any_device = true,
		.method_id = WMI_POLICY_ANY,
		.origin = WMI_POLICY_ORIGIN_USER,
		.uid = WMI_POLICY_ANY,
		.gid = WMI_POLICY_ANY,
		.error = EPERM,
		.line = n->start_mark.line + 1,
	};
	if (parse_walk_mapping(c, n, "rule", rule_keys, rule_key, &a))
		return -EINVAL;
	if (a.block_node && check_block_rule(c, &a))
		return -EINVAL;
	if (a.read_node)
		return check_read_rule(c, n, &a);
	/* A set's data has no parameters for arg: to name. */
	if (a.input_node && parse_cond_input(c, a.input_node, a.block_node ? NULL : &a.method, r))
		return -EINVAL;
	if (a.method_class && !a.event_node && check_method_device(c, &a))
		return -EINVAL;
	if (a.event_node)
		return check_event_rule(c, n, &a);

	if (!a.action_node)
		return parse_fail(c, n, "rule: 'action' missing; expected one of allow, deny, "
				  "intercept, %saudit, raw",
				  r->kind == WMI_POLICY_KIND_SET ? "" : "emulate, ");
	if (r->action == WMI_ACTION_DROP)
		return parse_fail(c, a.action_node, "action: 'drop' is for events (a rule with "
				  "'event:'); a call is refused with 'deny'");
	if (a.errno_node && r->action != WMI_ACTION_DENY)
		return parse_fail(c, a.errno_node, "errno: only a 'deny' rule takes an errno");
	if (a.answer_node && r->action != WMI_ACTION_EMULATE)
		return parse_fail(c, a.answer_node, "answer: only an 'emulate' rule takes an "
				  "answer");
	if (!a.answer_node && r->action == WMI_ACTION_EMULATE)
		return parse_fail(c, n, "rule: an 'emulate' rule needs an 'answer' (the integer to "
				  "return)");
	/* It would answer queries with an integer and let sets go on, unanswerable. */
	if (r->action == WMI_ACTION_EMULATE && r->kind == WMI_POLICY_KIND_ANY)
		return parse_fail(c, a.action_node, "action: a rule that names no method, query or "
				  "set is for every call, and a set cannot be emulated; write "
				  "'method: any' (or 'query: any')");
	/*
	 * A driver calling through the ACPI-object API cannot take a
	 * program's answer: the kernel refuses it, so such a rule never works.
	 */
	if (r->action == WMI_ACTION_EMULATE && r->origin == WMI_POLICY_ORIGIN_KERNEL &&
	    r->kind == WMI_POLICY_KIND_QUERY)
		return parse_fail(c, a.origin_node, "origin: an 'emulate' rule cannot be for "
				  "kernel calls: a driver's query is to get what its firmware "
				  "holds, not a policy's integer; use origin user");
	if (r->action == WMI_ACTION_EMULATE && r->origin == WMI_POLICY_ORIGIN_KERNEL)
		return parse_fail(c, a.origin_node, "origin: an 'emulate' rule cannot be for "
				  "kernel calls: the kernel refuses a program's answer to a "
				  "driver's ACPI call; use origin user (or any)");
	/* Drivers' own calls reach the firmware anyway: sharing is for user space. */
	if (r->action == WMI_ACTION_RAW && r->origin != WMI_POLICY_ORIGIN_USER)
		return parse_fail(c, a.origin_node ? a.origin_node : n, "origin: a 'raw' rule is "
				  "for user-space calls only (origin user, the default)");
	/*
	 * The capabilities are the calling process', which for a driver's
	 * call is whichever process made the driver call (or a kworker).
	 */
	if (a.cap_node && r->origin != WMI_POLICY_ORIGIN_USER)
		return parse_fail(c, a.origin_node, "origin: a rule with 'cap' is for user-space "
				  "calls only (origin user, the default): a driver's call has no "
				  "caller of its own whose capabilities would count");
	if (r->action == WMI_ACTION_AUDIT)
		r->audit = true;
	return 0;
}

static int parse_rules(struct parse_ctx *c, yaml_node_t *n)
{
	yaml_node_item_t *item;
	size_t count;

	if (n->type != YAML_SEQUENCE_NODE)
		return parse_fail(c, n, "rules: expected a list of rules ('- action: ...'), "
				  "found %s", parse_kind(n));
	count = n->data.sequence.items.top - n->data.sequence.items.start;
	if (count >= WMI_POLICY_MAX_RULES)
		return parse_fail(c, n, "rules: %zu rules, at most %u are supported", count,
				  WMI_POLICY_MAX_RULES - 1);
	c->p->rules = calloc(count ? count : 1, sizeof(*c->p->rules));
	if (!c->p->rules)
		return -ENOMEM;
	for (item = n->data.sequence.items.start; item < n->data.sequence.items.top; item++) {
		if (parse_rule(c, yaml_document_get_node(c->doc, *item),
			       &c->p->rules[c->p->nr_rules])) {
			/* policy_free() frees the rules counted; this one is not. */
			free(c->p->rules[c->p->nr_rules].cond);
			return -EINVAL;
		}
		c->p->nr_rules++;
	}
	return check_rules(c, n);
}

static int default_key(struct parse_ctx *c, const char *key, yaml_node_t *k, yaml_node_t *v,
		       void *arg)
{
	struct policy_action *d = arg;

	(void)k;
	if (!strcmp(key, "action"))
		return parse_action(c, v, &d->action);
	if (!strcmp(key, "errno"))
		return parse_errno(c, v, &d->error);
	if (!strcmp(key, "origin"))
		return parse_origin(c, v, &d->origin);
	return parse_bool(c, v, "audit", &d->audit);
}

/*
 * "default: audit", or "default: { action: deny, errno: EACCES }". Like a
 * rule, it is for user-space calls unless its origin says otherwise.
 */
static int parse_default(struct parse_ctx *c, yaml_node_t *n)
{
	static const char *const keys[] = { "action", "errno", "origin", "audit", NULL };
	struct policy_action *d = &c->p->def;

	if (n->type == YAML_SCALAR_NODE) {
		if (parse_action(c, n, &d->action))
			return -EINVAL;
		if (d->action == WMI_ACTION_EMULATE)
			return parse_fail(c, n, "default: cannot emulate every method");
		if (d->action == WMI_ACTION_DROP)
			return parse_fail(c, n, "default: the default is for calls; 'drop' "
					  "is for events, in a rule with 'event:'");
		return 0;
	}
	if (parse_walk_mapping(c, n, "default", keys, default_key, d))
		return -EINVAL;
	if (!parse_lookup(c, n, "action"))
		return parse_fail(c, n, "default: 'action' missing");
	if (parse_lookup(c, n, "errno") && d->action != WMI_ACTION_DENY)
		return parse_fail(c, parse_lookup(c, n, "errno"), "errno: only a 'deny' default "
				  "takes an errno");
	if (d->action == WMI_ACTION_EMULATE)
		return parse_fail(c, parse_lookup(c, n, "action"), "default: cannot emulate every "
				  "method");
	if (d->action == WMI_ACTION_DROP)
		return parse_fail(c, parse_lookup(c, n, "action"), "default: the default is for "
				  "calls; 'drop' is for events, in a rule with 'event:'");
	return 0;
}

#ifndef WMIBPF_BPFDIR
#define WMIBPF_BPFDIR "/usr/local/lib/wmibpf"
#endif

/*
 * A relative object path is looked up next to the policy file, then in
 * each directory of $WMIBPF_BPF_PATH (colon separated), then in the
 * installed objects' directory.
 */
static char *find_object(const char *policy_path, const char *name)
{
	const char *slash = strrchr(policy_path, '/');
	const char *env = getenv("WMIBPF_BPF_PATH");
	char *dirs = NULL, *dir, *save = NULL, *path;

	if (name[0] == '/')
		return strdup(name);

	if (asprintf(&dirs, "%.*s:%s:%s", slash ? (int)(slash - policy_path) : 1,
		     slash ? policy_path : ".", env ? env : "", WMIBPF_BPFDIR) < 0)
		return NULL;
	for (dir = strtok_r(dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
		if (asprintf(&path, "%s/%s", dir, name) < 0)
			break;
		if (!access(path, R_OK)) {
			free(dirs);
			return path;
		}
		free(path);
	}
	free(dirs);
	return NULL;
}

static int parse_bpf(struct parse_ctx *c, yaml_node_t *n)
{
	yaml_node_item_t *item;

	if (n->type != YAML_SEQUENCE_NODE)
		return parse_fail(c, n, "bpf: expected a list of BPF object files, found %s",
				  parse_kind(n));
	for (item = n->data.sequence.items.start; item < n->data.sequence.items.top; item++) {
		yaml_node_t *v = yaml_document_get_node(c->doc, *item);
		const char *s = parse_scalar(v);
		char *path;

		if (!s || !*s)
			return parse_fail(c, v, "bpf: expected the path of a BPF object file");
		if (c->p->nr_bpf == POLICY_MAX_BPF)
			return parse_fail(c, v, "bpf: at most %d objects per policy",
					  POLICY_MAX_BPF);
		path = find_object(c->path, s);
		if (!path)
			return parse_fail(c, v, "bpf: cannot find %s next to the policy, in "
					  "$WMIBPF_BPF_PATH or in %s", s, WMIBPF_BPFDIR);
		c->p->bpf_line[c->p->nr_bpf] = v->start_mark.line + 1;
		c->p->bpf_column[c->p->nr_bpf] = v->start_mark.column + 1;
		c->p->bpf[c->p->nr_bpf++] = path;
	}
	return 0;
}

static int top_key(struct parse_ctx *c, const char *key, yaml_node_t *k, yaml_node_t *v, void *arg)
{
	struct policy *p = c->p;
	const char *s;

	(void)k;
	(void)arg;
	if (!strcmp(key, "name")) {
		s = parse_scalar(v);
		if (parse_expect_scalar(c, v, "name"))
			return -EINVAL;
		if (!policy_name_valid(s))
			return parse_fail(c, v, "name: expected " POLICY_NAME_RULE ", found '%s'",
					  s);
		strcpy(p->name, s);
		return 0;
	}
	if (!strcmp(key, "device"))
		return parse_device(c, v, &p->all_devices, &p->device);
	if (!strcmp(key, "default"))
		return parse_default(c, v);
	if (!strcmp(key, "rules"))
		return 0;	/* after device, whatever the order in the file */
	return parse_bpf(c, v);
}

static int parse_document(struct parse_ctx *c)
{
	static const char *const keys[] = { "name", "device", "default", "rules", "bpf", NULL };
	yaml_node_t *root = yaml_document_get_root_node(c->doc);
	const yaml_node_t *rules;

	if (!root)
		return parse_fail(c, NULL, "empty policy; expected keys name, device, rules");
	if (parse_walk_mapping(c, root, "policy", keys, top_key, NULL))
		return -EINVAL;
	if (!parse_lookup(c, root, "name"))
		return parse_fail(c, root, "policy: 'name' missing (the name it is loaded under)");
	if (!parse_lookup(c, root, "device"))
		return parse_fail(c, root, "policy: 'device' missing (a GUID, or 'all')");
	rules = parse_lookup(c, root, "rules");
	if (rules)
		return parse_rules(c, (yaml_node_t *)rules);
	return 0;
}

/*
 * Where a byte offset is, as libyaml's marks say it: 1-based line, and
 * column counted in characters. libyaml's reader (bad UTF-8, a control
 * character such as a NUL byte) only gives the offset.
 */
static void offset_position(const char *buf, size_t len, size_t offset, size_t *line,
			    size_t *column)
{
	size_t i;

	*line = 1;
	*column = 1;
	for (i = 0; i < offset && i < len; i++) {
		unsigned char ch = buf[i];

		if (ch == '\n') {
			(*line)++;
			*column = 1;
		} else if ((ch & 0xc0) != 0x80) {	/* not a UTF-8 continuation byte */
			(*column)++;
		}
	}
}

__attribute__((format(printf, 5, 6)))
static int fail_at(struct parse_ctx *c, const char *path, size_t line, size_t column,
		   const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (asprintf(&c->err, "%s:%zu:%zu: %s", path, line, column, msg) < 0)
		c->err = NULL;
	return -EINVAL;
}

static int syntax_error(struct parse_ctx *c, const yaml_parser_t *parser, const char *buf,
			size_t len)
{
	size_t line = parser->problem_mark.line + 1, column = parser->problem_mark.column + 1;

	if (parser->error == YAML_READER_ERROR)
		offset_position(buf, len, parser->problem_offset, &line, &column);
	return fail_at(c, c->path, line, column, "%s%s%s",
		       parser->problem ? parser->problem : "not valid YAML",
		       parser->context ? " " : "", parser->context ? parser->context : "");
}

/* The collections being read, innermost last, and a mapping's key awaiting its value. */
struct builder {
	yaml_document_t *doc;
	int depth;
	int node[POLICY_MAX_DEPTH];
	int key[POLICY_MAX_DEPTH];
};

/* Add node id to the collection it is in: an item, a key, or a key's value. */
static int attach_node(struct builder *b, int id)
{
	int parent, *key;

	if (!id)
		return -ENOMEM;
	if (!b->depth)
		return 0;	/* the root */
	parent = b->node[b->depth - 1];
	key = &b->key[b->depth - 1];
	if (yaml_document_get_node(b->doc, parent)->type == YAML_SEQUENCE_NODE)
		return yaml_document_append_sequence_item(b->doc, parent, id) ? 0 : -ENOMEM;
	if (!*key) {
		*key = id;
		return 0;
	}
	if (!yaml_document_append_mapping_pair(b->doc, parent, *key, id))
		return -ENOMEM;
	*key = 0;
	return 0;
}

static int set_marks(struct builder *b, int id, const yaml_event_t *ev)
{
	yaml_node_t *n = id ? yaml_document_get_node(b->doc, id) : NULL;

	if (n) {
		n->start_mark = ev->start_mark;
		n->end_mark = ev->end_mark;
	}
	return id;
}

static int event_error(struct parse_ctx *c, const yaml_event_t *ev, const char *msg)
{
	return fail_at(c, c->path, ev->start_mark.line + 1, ev->start_mark.column + 1, "%s", msg);
}

/* One event into the document being built. */
static int build_event(struct parse_ctx *c, struct builder *b, const yaml_event_t *ev, int *docs)
{
	int id;

	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		/* They would let a rule appear twice unnoticed. */
		return event_error(c, ev, "aliases (*name) are not supported in policies; write "
				   "the value out");
	case YAML_DOCUMENT_START_EVENT:
		return ++*docs > 1 ? event_error(c, ev, "one policy per file") : 0;
	case YAML_SCALAR_EVENT:
		/* A NUL ("allow\0deny") would cut the C string short without a word. */
		if (memchr(ev->data.scalar.value, '\0', ev->data.scalar.length))
			return event_error(c, ev, "a string with a NUL character (byte 0); "
					   "policies have none");
		id = yaml_document_add_scalar(b->doc, ev->data.scalar.tag, ev->data.scalar.value,
					      (int)ev->data.scalar.length, ev->data.scalar.style);
		return attach_node(b, set_marks(b, id, ev));
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		/* No policy nests deeper; libyaml's time grows faster than the depth. */
		if (b->depth == POLICY_MAX_DEPTH)
			return fail_at(c, c->path, ev->start_mark.line + 1,
				       ev->start_mark.column + 1, "nested more than %d deep; a "
				       "policy needs 3 levels", POLICY_MAX_DEPTH);
		if (ev->type == YAML_SEQUENCE_START_EVENT)
			id = yaml_document_add_sequence(b->doc, ev->data.sequence_start.tag,
							ev->data.sequence_start.style);
		else
			id = yaml_document_add_mapping(b->doc, ev->data.mapping_start.tag,
						       ev->data.mapping_start.style);
		if (attach_node(b, set_marks(b, id, ev)))
			return -ENOMEM;
		b->node[b->depth] = id;
		b->key[b->depth] = 0;
		b->depth++;
		return 0;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		b->depth--;
		return 0;
	default:
		return 0;
	}
}

/*
 * Build the document from libyaml's events in one pass, refusing on the
 * way what a policy may not hold. (yaml_parser_load() would need a
 * second pass over the events for those checks: half the time of a
 * large policy.) Every node keeps its marks, for errors.
 */
static int load_document(struct parse_ctx *c, const char *buf, size_t len, yaml_document_t *doc)
{
	struct builder b = { .doc = doc };
	yaml_parser_t parser;
	yaml_event_t ev;
	int ret = 0, docs = 0;
	bool done = false;

	if (!yaml_document_initialize(doc, NULL, NULL, NULL, 1, 1))
		return -ENOMEM;
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	while (!ret && !done) {
		if (!yaml_parser_parse(&parser, &ev)) {
			ret = syntax_error(c, &parser, buf, len);
			break;
		}
		done = ev.type == YAML_STREAM_END_EVENT;
		ret = build_event(c, &b, &ev, &docs);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	if (ret)
		yaml_document_delete(doc);
	return ret;
}

/*
 * An error as the caller gets it, escaped as text_escape() does: a message
 * quotes the file's own text (a value, a key, a name) and its path, and
 * a double-quoted YAML string may hold any byte ("\e[2J"), so that
 * printing it cannot drive the terminal or forge lines. Frees msg; NULL
 * if there was none or memory ran out.
 */
static char *escaped_error(char *msg)
{
	size_t len, size;
	char *out;

	if (!msg)
		return NULL;
	len = strlen(msg);
	size = TEXT_ESCAPED_SIZE(len);
	out = malloc(size);
	if (out)
		text_escape(msg, len, out, size);
	free(msg);
	return out;
}

int policy_parse_buffer(const char *path, const char *buf, size_t len, struct policy *p,
			char **err)
{
	return policy_parse_buffer_names(path, buf, len, NULL, p, err);
}

int policy_parse_buffer_names(const char *path, const char *buf, size_t len,
			      const struct policy_names *names, struct policy *p, char **err)
{
	struct parse_ctx c = { .path = path, .p = p, .names = names };
	yaml_document_t doc;
	int ret;

	memset(p, 0, sizeof(*p));
	p->def.action = WMI_ACTION_ALLOW;
	p->def.error = EPERM;
	p->def.origin = WMI_POLICY_ORIGIN_USER;
	p->path = strdup(path);
	if (err)
		*err = NULL;
	if (!p->path)
		return -ENOMEM;

	ret = load_document(&c, buf, len, &doc);
	if (!ret) {
		c.doc = &doc;
		ret = parse_document(&c);
		yaml_document_delete(&doc);
	}

	if (ret) {
		policy_free(p);
		if (err)
			*err = escaped_error(c.err);
		else
			free(c.err);
		return ret;
	}
	return 0;
}

static int io_error(const char *path, int error, char **err)
{
	if (err && asprintf(err, "%s: %s", path, strerror(error)) < 0)
		*err = NULL;
	return -error;
}

static const char *file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

/*
 * Read a whole policy file. Only a regular file: a FIFO or a device named
 * *.yaml would block `load --dir` (and the boot unit) or read for ever,
 * so it is opened without blocking and refused. Read up to the size cap,
 * whatever fstat said (a file may grow, /proc files say 0).
 */
static int read_policy_file(const char *path, char **out, size_t *out_len, char **err)
{
	char *buf = NULL, *grown;
	size_t len = 0, cap = 0;
	struct stat st;
	ssize_t n;
	int fd, ret;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return io_error(path, errno, err);
	if (fstat(fd, &st)) {
		ret = io_error(path, errno, err);
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		ret = -EINVAL;
		if (err && asprintf(err, "%s: %s, not a policy file (a regular file)", path,
				    file_kind(st.st_mode)) < 0)
			*err = NULL;
		goto out;
	}
	for (;;) {
		if (len == cap) {
			if (cap > POLICY_MAX_FILE_SIZE) {
				ret = -EFBIG;
				if (err && asprintf(err, "%s: larger than %d MiB, the most a "
						    "policy file may be", path,
						    POLICY_MAX_FILE_SIZE >> 20) < 0)
					*err = NULL;
				goto out;
			}
			cap = cap ? cap * 2 : 4096;
			if (cap > POLICY_MAX_FILE_SIZE + 1)
				cap = POLICY_MAX_FILE_SIZE + 1;
			grown = realloc(buf, cap);
			if (!grown) {
				ret = -ENOMEM;
				goto out;
			}
			buf = grown;
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			ret = io_error(path, errno, err);
			goto out;
		}
		if (!n)
			break;
		len += n;
	}
	close(fd);
	*out = buf;
	*out_len = len;
	return 0;
out:
	close(fd);
	free(buf);
	return ret;
}

int policy_parse_file(const char *path, struct policy *p, char **err)
{
	return policy_parse_file_names(path, NULL, p, err);
}

int policy_parse_file_names(const char *path, const struct policy_names *names,
			    struct policy *p, char **err)
{
	char *buf = NULL;
	size_t len = 0;
	int ret;

	memset(p, 0, sizeof(*p));
	if (err)
		*err = NULL;
	ret = read_policy_file(path, &buf, &len, err);
	if (ret) {
		if (err)
			*err = escaped_error(*err);
		return ret;
	}
	ret = policy_parse_buffer_names(path, buf ? buf : "", len, names, p, err);
	free(buf);
	return ret;
}

void policy_free(struct policy *p)
{
	size_t i;

	free(p->path);
	for (i = 0; i < p->nr_rules; i++)
		free(p->rules[i].cond);
	free(p->rules);
	for (i = 0; i < p->nr_bpf; i++)
		free(p->bpf[i]);
	memset(p, 0, sizeof(*p));
}

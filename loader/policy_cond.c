// SPDX-License-Identifier: GPL-2.0
/*
 * A rule's conditions:
 *
 *	input:				# all must hold
 *	  - offset: 0			# bytes into the call's input
 *	    width: 2			# 1, 2, 4 (the default) or 8, little endian
 *	    mask: 0xffff		# optional, and-ed first
 *	    value: 11			# or min: and/or max:
 *	  - arg: Profile		# or a parameter of method: Class.Method,
 *	    value: 2			# at its offset and width in the input
 *	min_size: 36			# bytes of input at least
 *	cap: CAP_SYS_RAWIO		# or a list; all needed
 *
 * Each is checked here on its own; policy_check.c checks rules against
 * each other.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "mof_layout.h"
#include "mof_names.h"
#include "policy_parse.h"

static struct policy_cond *cond_of(struct policy_rule *r)
{
	if (!r->cond)
		r->cond = calloc(1, sizeof(*r->cond));
	return r->cond;
}

/* The map's fields are __u64, which is not always uint64_t's type. */
static int parse_u64(struct parse_ctx *c, const yaml_node_t *n, const char *what, uint64_t max,
		     __u64 *out)
{
	uint64_t v = 0;
	int ret;

	ret = parse_number(c, n, what, &v);
	if (ret == -EINVAL)
		return ret;
	if (ret || v > max)
		return parse_fail(c, n, "%s: expected a number from 0 to %llu (0x%llx), found '%s'",
				  what, (unsigned long long)max, (unsigned long long)max,
				  parse_scalar(n));
	*out = v;
	return 0;
}

struct field_arg {
	struct wmi_rule_field f;
	const yaml_node_t *node[7];	/* offset, width, mask, value, min, max, arg as written */
};

enum { F_OFFSET, F_WIDTH, F_MASK, F_VALUE, F_MIN, F_MAX, F_ARG };

static const char *const field_keys[] = {
	"offset", "width", "mask", "value", "min", "max", "arg", NULL,
};

static int field_key(struct parse_ctx *c, const char *key, yaml_node_t *k, yaml_node_t *v,
		     void *arg)
{
	struct field_arg *a = arg;
	size_t i;

	(void)k;
	for (i = 0; strcmp(field_keys[i], key); i++)
		;
	a->node[i] = v;
	return parse_expect_scalar(c, v, key);
}

static uint64_t width_max(uint32_t width)
{
	return width == 8 ? UINT64_MAX : (1ull << (8 * width)) - 1;
}

/*
 * The least value from min on that has no bit outside mask, the least
 * masked value the range holds if it is at most max; false if none.
 */
static bool least_masked(uint64_t mask, uint64_t min, uint64_t *out)
{
	uint64_t high, below, up;
	int bit;

	if (!(min & ~mask)) {
		*out = min;
		return true;
	}
	/* Past the highest bit of min outside the mask, min must grow. */
	bit = 63 - __builtin_clzll(min & ~mask);
	below = bit == 63 ? UINT64_MAX : (2ull << bit) - 1;
	high = min & ~below;
	up = mask & ~min & ~below;	/* the bits that can grow it */
	if (!up)
		return false;
	up &= -up;
	*out = (high | up) & ~(up - 1);
	return true;
}

/*
 * "arg: Name": the bytes of the in parameter Name of the rule's method,
 * where wmibpf call would put it (mof_layout.h), so that a rule by name
 * is exactly the rule by offset and width its numbers make.
 */
static int parse_arg(struct parse_ctx *c, struct field_arg *a, const struct cond_method *cm)
{
	const yaml_node_t *n = a->node[F_ARG];
	const char *name = parse_scalar(n);
	char msg[MOF_NAME_ERR_LEN];
	size_t offset, width;
	int ret;

	if (a->node[F_OFFSET] || a->node[F_WIDTH])
		return parse_fail(c, a->node[F_OFFSET] ? a->node[F_OFFSET] : a->node[F_WIDTH],
				  "input field: 'arg' or 'offset'/'width', not both: the "
				  "parameter's place is its offset and width");
	if (!cm)
		return parse_fail(c, n, "arg: '%s': a set's data has no parameters to name; give "
				  "the field's offset and width", name);
	if (!cm->m)
		return parse_fail(c, n, "arg: '%s' is a parameter of the rule's method; name the "
				  "method by its class (method: Class.Method)", name);
	if (!mof_is_name(name) || strlen(name) > MOF_NAME_MAX)
		return parse_fail(c, n, "arg: expected a parameter name (a MOF identifier), found "
				  "'%s'", name);
	ret = mof_layout_in_field(cm->m, name, &offset, &width, msg, sizeof(msg));
	if (ret == -ENOENT)
		return parse_fail(c, n, "arg: %s has no parameter %s (see wmibpf mof)", cm->name,
				  name);
	if (ret)
		return parse_fail(c, n, "arg: %s", msg);
	if (offset > WMI_RULE_INPUT_MAX - width)
		return parse_fail(c, n, "arg: %s lies at byte %zu of the input, past the %u bytes "
				  "a rule looks at", name, offset, WMI_RULE_INPUT_MAX);
	a->f.offset = offset;
	a->f.width = width;
	return 0;
}

/* The place of a field written as offset and width. */
static int parse_place(struct parse_ctx *c, yaml_node_t *n, struct field_arg *a)
{
	__u64 v = 4;

	if (!a->node[F_OFFSET])
		return parse_fail(c, n, "input field: 'offset' missing (bytes into the input)");
	if (a->node[F_WIDTH] && parse_u64(c, a->node[F_WIDTH], "width", 64, &v))
		return -EINVAL;
	if (v != 1 && v != 2 && v != 4 && v != 8)
		return parse_fail(c, a->node[F_WIDTH], "width: expected 1, 2, 4 or 8 (bytes), "
				  "found '%s'", parse_scalar(a->node[F_WIDTH]));
	a->f.width = v;
	if (parse_u64(c, a->node[F_OFFSET], "offset", WMI_RULE_INPUT_MAX - a->f.width, &v))
		return -EINVAL;
	a->f.offset = v;
	return 0;
}

/* One field: its place first, as the width bounds the other numbers. */
static int parse_field(struct parse_ctx *c, yaml_node_t *n, const struct cond_method *cm,
		       struct wmi_rule_field *out)
{
	struct field_arg a = { };
	uint64_t max, least;

	if (parse_walk_mapping(c, n, "input field", field_keys, field_key, &a))
		return -EINVAL;
	if (a.node[F_ARG] ? parse_arg(c, &a, cm) : parse_place(c, n, &a))
		return -EINVAL;
	max = width_max(a.f.width);

	a.f.mask = max;
	if (a.node[F_MASK]) {
		if (parse_u64(c, a.node[F_MASK], "mask", max, &a.f.mask))
			return -EINVAL;
		if (!a.f.mask)
			return parse_fail(c, a.node[F_MASK], "mask: 0 keeps no bit of the field; "
					  "leave the field out to match any value");
	}
	if (a.node[F_VALUE] && (a.node[F_MIN] || a.node[F_MAX]))
		return parse_fail(c, a.node[F_MIN] ? a.node[F_MIN] : a.node[F_MAX],
				  "input field: 'value' or 'min'/'max', not both");
	if (!a.node[F_VALUE] && !a.node[F_MIN] && !a.node[F_MAX])
		return parse_fail(c, n, "input field: expected 'value', or 'min' and/or 'max'");
	a.f.min = 0;
	a.f.max = a.f.mask;
	if (a.node[F_VALUE]) {
		if (parse_u64(c, a.node[F_VALUE], "value", max, &a.f.min))
			return -EINVAL;
		a.f.max = a.f.min;
	}
	if (a.node[F_MIN] && parse_u64(c, a.node[F_MIN], "min", max, &a.f.min))
		return -EINVAL;
	if (a.node[F_MAX] && parse_u64(c, a.node[F_MAX], "max", max, &a.f.max))
		return -EINVAL;

	/* The program compares the masked value: what it can never equal is a mistake. */
	if (a.node[F_VALUE] && (a.f.min & ~a.f.mask))
		return parse_fail(c, a.node[F_VALUE], "value: 0x%llx has bits outside the mask "
				  "0x%llx, so no call matches it", (unsigned long long)a.f.min,
				  (unsigned long long)a.f.mask);
	if (a.f.min > a.f.mask)
		return parse_fail(c, a.node[F_MIN], "min: %llu is above the mask 0x%llx, the "
				  "largest masked value, so no call matches",
				  (unsigned long long)a.f.min, (unsigned long long)a.f.mask);
	if (a.f.min > a.f.max)
		return parse_fail(c, a.node[F_MIN] ? a.node[F_MIN] : n, "min: %llu is above "
				  "max %llu, so no call matches", (unsigned long long)a.f.min,
				  (unsigned long long)a.f.max);
	/* With a mask of some bits only, a range may hold no masked value. */
	if (!least_masked(a.f.mask, a.f.min, &least) || least > a.f.max)
		return parse_fail(c, a.node[F_MIN] ? a.node[F_MIN] : n, "input field: "
				  "no value masked with 0x%llx is from %llu to %llu, so no call "
				  "matches", (unsigned long long)a.f.mask,
				  (unsigned long long)a.f.min, (unsigned long long)a.f.max);
	*out = a.f;
	return 0;
}

/* Two fields of one rule over the same bits whose ranges do not meet. */
static bool disjoint(const struct wmi_rule_field *f, const struct wmi_rule_field *g)
{
	return f->offset == g->offset && f->width == g->width && f->mask == g->mask &&
	       (f->max < g->min || g->max < f->min);
}

/* A field's byte at offset o (within the field), as far as its mask and value go. */
static uint8_t byte_of(uint64_t v, uint32_t o)
{
	return v >> (8 * o);
}

/*
 * Two fields of one rule, each of one value, that want different bits
 * of the bytes they share: as { offset: 0, value: 1 } and { offset: 0,
 * width: 1, value: 2 }.
 */
static bool conflict(const struct wmi_rule_field *f, const struct wmi_rule_field *g)
{
	uint32_t from = f->offset > g->offset ? f->offset : g->offset;
	uint32_t to = f->offset + f->width < g->offset + g->width ?
		      f->offset + f->width : g->offset + g->width;
	uint32_t b;

	if (f->min != f->max || g->min != g->max)
		return false;
	for (b = from; b < to; b++) {
		uint8_t both = byte_of(f->mask, b - f->offset) & byte_of(g->mask, b - g->offset);

		if ((byte_of(f->min, b - f->offset) ^ byte_of(g->min, b - g->offset)) & both)
			return true;
	}
	return false;
}

int parse_cond_input(struct parse_ctx *c, yaml_node_t *n, const struct cond_method *cm,
		     struct policy_rule *r)
{
	struct policy_cond *pc;
	yaml_node_item_t *item;
	size_t count, i, k;

	if (n->type != YAML_SEQUENCE_NODE)
		return parse_fail(c, n, "input: expected a list of fields ('- { offset: 0, value: "
				  "1 }'), found %s", parse_kind(n));
	count = n->data.sequence.items.top - n->data.sequence.items.start;
	if (!count)
		return parse_fail(c, n, "input: an empty list; leave 'input' out to match any "
				  "input");
	if (count > WMI_RULE_MAX_FIELDS)
		return parse_fail(c, n, "input: %zu fields, at most %u per rule", count,
				  WMI_RULE_MAX_FIELDS);
	pc = cond_of(r);
	if (!pc)
		return -ENOMEM;
	for (i = 0, item = n->data.sequence.items.start; i < count; i++, item++) {
		yaml_node_t *f = yaml_document_get_node(c->doc, *item);

		if (parse_field(c, f, cm, &pc->fields[i]))
			return -EINVAL;
		for (k = 0; k < i; k++)
			if (disjoint(&pc->fields[k], &pc->fields[i]) ||
			    conflict(&pc->fields[k], &pc->fields[i]))
				return parse_fail(c, f, "input field: no value is in both this "
						  "range and the one before it for the same bytes, "
						  "so no call matches");
	}
	pc->nr_fields = count;
	return 0;
}

/*
 * "min_size: 36": the call's input has at least that many bytes. A field
 * never matches an input too short for it, so a rule that denies by a
 * field lets shorter inputs by; the rules that allow ask for the size.
 */
int parse_cond_min_size(struct parse_ctx *c, yaml_node_t *n, struct policy_rule *r)
{
	struct policy_cond *pc;
	__u64 v;

	if (parse_u64(c, n, "min_size", WMI_RULE_INPUT_MAX, &v))
		return -EINVAL;
	if (!v)
		return parse_fail(c, n, "min_size: 0 holds for every call; leave it out");
	pc = cond_of(r);
	if (!pc)
		return -ENOMEM;
	pc->min_size = v;
	return 0;
}

static int parse_cap(struct parse_ctx *c, const yaml_node_t *n, uint64_t *caps)
{
	const char *s = parse_scalar(n);
	int cap;

	if (parse_expect_scalar(c, n, "cap"))
		return -EINVAL;
	cap = cap_from_name(s);
	if (cap < 0)
		return parse_fail(c, n, "cap: '%s' is no capability; expected a name such as "
				  "CAP_SYS_RAWIO or CAP_SYS_ADMIN (capabilities(7))", s);
	*caps |= 1ull << cap;
	return 0;
}

/* "cap: CAP_SYS_RAWIO" or "cap: [CAP_SYS_ADMIN, CAP_SYS_RAWIO]". */
int parse_cond_caps(struct parse_ctx *c, yaml_node_t *n, struct policy_rule *r)
{
	struct policy_cond *pc;
	yaml_node_item_t *item;
	uint64_t caps = 0;

	if (n->type == YAML_SEQUENCE_NODE) {
		if (n->data.sequence.items.top == n->data.sequence.items.start)
			return parse_fail(c, n, "cap: an empty list; leave 'cap' out to match any "
					  "caller");
		for (item = n->data.sequence.items.start; item < n->data.sequence.items.top; item++)
			if (parse_cap(c, yaml_document_get_node(c->doc, *item), &caps))
				return -EINVAL;
	} else if (parse_cap(c, n, &caps)) {
		return -EINVAL;
	}
	pc = cond_of(r);
	if (!pc)
		return -ENOMEM;
	pc->caps = caps;
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * What a policy's rules mean together. The program decides a call by
 * its key (device, kind, method or instance, origin, uid, gid; the most
 * specific pattern first), then, among the rules of that key, by the
 * first in file order whose conditions hold. So a rule is refused when it
 * can never decide a call:
 *
 * - it has the key of an earlier rule without conditions (that rule takes
 *   every call of the key first), or of an earlier one with the same
 *   conditions;
 * - its conditions imply an earlier rule's of the same key: every call it
 *   matches, the earlier one matches first. Implication is found for the
 *   forms a policy writes: the earlier rule's capabilities are among its
 *   own, its min_size is at most its own, and each of the earlier rule's
 *   fields has a field of its own at the same offset, width and mask with
 *   a range inside the earlier one's;
 * - it is past the WMI_RULE_MAX_CHAIN rules with conditions a key may
 *   have (the program walks at most that many).
 *
 * The first such rule in the file is the error, naming the one before it.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "policy_parse.h"

bool policy_same_key(const struct policy_rule *a, const struct policy_rule *b)
{
	return a->any_device == b->any_device &&
	       (a->any_device || wmi_guid_equal(&a->device, &b->device)) &&
	       a->kind == b->kind && a->method_id == b->method_id && a->origin == b->origin &&
	       a->uid == b->uid &&
	       a->gid == b->gid;
}

/* Order rules by key (as the map does), then by place in the file. */
static int cmp_key(const void *x, const void *y)
{
	const struct policy_rule *a = *(const struct policy_rule *const *)x;
	const struct policy_rule *b = *(const struct policy_rule *const *)y;
	int d;

	if (a->any_device != b->any_device)
		return a->any_device ? -1 : 1;
	if (!a->any_device) {
		d = memcmp(a->device.b, b->device.b, WMI_GUID_LEN);
		if (d)
			return d;
	}
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->method_id != b->method_id)
		return a->method_id < b->method_id ? -1 : 1;
	if (a->origin != b->origin)
		return a->origin < b->origin ? -1 : 1;
	if (a->uid != b->uid)
		return a->uid < b->uid ? -1 : 1;
	if (a->gid != b->gid)
		return a->gid < b->gid ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* Does every call field f matches also match field g? */
static bool field_implies(const struct wmi_rule_field *f, const struct wmi_rule_field *g)
{
	return f->offset == g->offset && f->width == g->width && f->mask == g->mask &&
	       f->min >= g->min && f->max <= g->max;
}

/* Does every call rule r's conditions hold for also satisfy q's? */
static bool cond_implies(const struct policy_cond *r, const struct policy_cond *q)
{
	uint32_t i, k;

	if ((q->caps & r->caps) != q->caps || q->min_size > r->min_size)
		return false;
	for (i = 0; i < q->nr_fields; i++) {
		for (k = 0; k < r->nr_fields; k++)
			if (field_implies(&r->fields[k], &q->fields[i]))
				break;
		if (k == r->nr_fields)
			return false;
	}
	return true;
}

struct verdict {
	const struct policy_rule *bad;	/* the first refused rule in the file, or NULL */
	const struct policy_rule *before;	/* the rule that makes it so */
	enum { SAME, BEHIND_PLAIN, BEHIND_COND, CHAIN } why;
};

static void refuse(struct verdict *v, const struct policy_rule *bad,
		   const struct policy_rule *before, int why)
{
	if (v->bad && v->bad < bad)
		return;
	v->bad = bad;
	v->before = before;
	v->why = why;
}

/* The rules of one key, rules[0..nr), in file order. */
static void check_key(struct policy_rule *const *rules, size_t nr, struct verdict *v)
{
	const struct policy_rule *plain = NULL;
	size_t i, k, chain = 0;

	for (i = 0; i < nr; i++) {
		const struct policy_rule *r = rules[i];

		if (!r->cond) {
			if (plain) {
				refuse(v, r, plain, SAME);
				return;
			}
			plain = r;
			continue;
		}
		if (plain) {
			refuse(v, r, plain, BEHIND_PLAIN);
			return;
		}
		for (k = 0; k < i; k++) {
			const struct policy_rule *q = rules[k];

			if (!cond_implies(r->cond, q->cond))
				continue;
			refuse(v, r, q, cond_implies(q->cond, r->cond) ? SAME : BEHIND_COND);
			return;
		}
		if (++chain > WMI_RULE_MAX_CHAIN) {
			refuse(v, r, rules[0], CHAIN);
			return;
		}
	}
}

static int check_keys(struct parse_ctx *c, const yaml_node_t *list)
{
	struct policy_rule **sorted;
	struct verdict v = { };
	size_t nr = c->p->nr_rules, i, start;
	const yaml_node_t *node;

	if (nr < 2)
		return 0;
	/* Sorting finds a key's rules in n log n; pairwise took 4 s for 100 000 rules. */
	sorted = malloc(nr * sizeof(*sorted));
	if (!sorted)
		return -ENOMEM;
	for (i = 0; i < nr; i++)
		sorted[i] = &c->p->rules[i];
	qsort(sorted, nr, sizeof(*sorted), cmp_key);
	for (start = 0, i = 1; i <= nr; i++) {
		if (i < nr && policy_same_key(sorted[start], sorted[i]))
			continue;
		if (i - start > 1)
			check_key(sorted + start, i - start, &v);
		start = i;
	}
	free(sorted);
	if (!v.bad)
		return 0;

	node = yaml_document_get_node(c->doc, list->data.sequence.items.start[v.bad -
				      c->p->rules]);
	switch (v.why) {
	case SAME:
		return parse_fail(c, node, "rule: matches the same calls as the rule at line %u; "
				  "merge them", v.before->line);
	case BEHIND_PLAIN:
		return parse_fail(c, node, "rule: can never match: the rule at line %u, for the "
				  "same calls without conditions, decides them first; move this "
				  "rule above it", v.before->line);
	case BEHIND_COND:
		return parse_fail(c, node, "rule: can never match: every call it matches, the "
				  "rule at line %u matches first; move this rule above it or "
				  "narrow that one", v.before->line);
	default:
		return parse_fail(c, node, "rule: more than %u rules with conditions for the same "
				  "calls (from the rule at line %u); the program walks at most %u",
				  WMI_RULE_MAX_CHAIN, v.before->line, WMI_RULE_MAX_CHAIN);
	}
}

/*
 * The program checks the caller's supplementary groups against every gid
 * rules name, so their number is bounded: the first rule naming one too
 * many is the error.
 */
static int check_gids(struct parse_ctx *c, const yaml_node_t *list)
{
	uint32_t gids[WMI_POLICY_MAX_GIDS];
	const yaml_node_t *node;
	size_t nr = 0, i, k;

	for (i = 0; i < c->p->nr_rules; i++) {
		uint32_t gid = c->p->rules[i].gid;

		if (gid == WMI_POLICY_ANY)
			continue;
		for (k = 0; k < nr && gids[k] != gid; k++)
			;
		if (k < nr)
			continue;
		if (nr == WMI_POLICY_MAX_GIDS) {
			node = yaml_document_get_node(c->doc, list->data.sequence.items.start[i]);
			return parse_fail(c, node, "gid: a policy's rules may name at most %u "
					  "different gids", WMI_POLICY_MAX_GIDS);
		}
		gids[nr++] = gid;
	}
	return 0;
}

int check_rules(struct parse_ctx *c, const yaml_node_t *list)
{
	return check_gids(c, list) ?: check_keys(c, list);
}

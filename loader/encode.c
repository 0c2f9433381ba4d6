// SPDX-License-Identifier: GPL-2.0
/* Policy rules into map entries for bpf/wmi_policy.bpf.c. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device_info.h"
#include "encode.h"

uint32_t encode_pattern(const struct policy_rule *r)
{
	uint32_t p = 0;

	if (r->kind == WMI_POLICY_KIND_ANY)
		p |= WMI_PAT_ANY_KIND;
	if (r->any_device)
		p |= WMI_PAT_ANY_GUID;
	if (r->method_id == WMI_POLICY_ANY)
		p |= WMI_PAT_ANY_METHOD;
	if (r->origin == WMI_POLICY_ORIGIN_ANY)
		p |= WMI_PAT_ANY_ORIGIN;
	if (r->uid == WMI_POLICY_ANY)
		p |= WMI_PAT_ANY_UID;
	if (r->gid == WMI_POLICY_ANY)
		p |= WMI_PAT_ANY_GID;
	return p;
}

/* Each gid once, in rule order; -1 past WMI_POLICY_MAX_GIDS of them. */
static int add_gid(struct policy_tables *t, uint32_t gid)
{
	size_t i;

	for (i = 0; i < t->nr_gids; i++)
		if (t->gids[i] == gid)
			return 0;
	if (t->nr_gids == WMI_POLICY_MAX_GIDS)
		return -1;
	t->gids[t->nr_gids++] = gid;
	return 0;
}

/* Rule indexes ordered by their map key, then by place in the file. */
static int cmp_index(const void *x, const void *y, void *arg)
{
	const struct wmi_rule_key *keys = arg;
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	int d = memcmp(&keys[a], &keys[b], sizeof(keys[a]));

	return d ? d : (a > b) - (a < b);
}

struct group {
	size_t start, len;	/* in the sorted indexes */
};

/* Groups in the order of their first rule in the file. */
static int cmp_group(const void *x, const void *y, void *arg)
{
	const size_t *order = arg;
	size_t a = order[((const struct group *)x)->start];
	size_t b = order[((const struct group *)y)->start];

	return (a > b) - (a < b);
}

static void encode_rule(const struct policy_rule *r, size_t i, struct wmi_rule *v)
{
	v->id = i + 1;
	v->action = r->action;
	v->error = r->error;
	v->answer = r->answer;
	v->flags = r->audit ? WMI_RULE_F_AUDIT : 0;
	v->line = r->line;
}

static void encode_key(const struct policy_rule *r, struct wmi_rule_key *k)
{
	/* A rule without a device of its own matches the policy's. */
	if (!r->any_device)
		memcpy(k->guid, r->device.b, sizeof(k->guid));
	k->kind = r->kind;
	k->method_id = r->method_id;
	k->origin = r->origin;
	k->uid = r->uid;
	k->gid = r->gid;
}

/*
 * One map entry per key. Its rules with conditions go to conds, in file
 * order, as its chain; its rule without (policy_check.c allows one, and
 * only before the chain) is the entry's own.
 */
static int encode_group(const struct policy *p, const size_t *idx, size_t len,
			struct policy_tables *t)
{
	struct wmi_rule *v = &t->values[t->nr_keys];
	bool plain = false;
	size_t i;

	v->first_cond = t->nr_conds;
	for (i = 0; i < len; i++) {
		const struct policy_rule *r = &p->rules[idx[i]];
		struct wmi_cond_rule *c;

		if (!r->cond) {
			if (plain)
				return -EINVAL;
			plain = true;
			encode_rule(r, idx[i], v);	/* leaves the chain's fields */
			continue;
		}
		if (v->nr_conds == WMI_RULE_MAX_CHAIN)
			return -E2BIG;
		c = &t->conds[t->nr_conds++];
		encode_rule(r, idx[i], &c->rule);
		c->caps = r->cond->caps;
		c->min_size = r->cond->min_size;
		c->nr_fields = r->cond->nr_fields;
		memcpy(c->fields, r->cond->fields, sizeof(c->fields));
		v->nr_conds++;
	}
	if (!plain)
		v->flags = WMI_RULE_F_CONDS_ONLY;
	encode_key(&p->rules[idx[0]], &t->keys[t->nr_keys++]);
	return 0;
}

int encode_policy(const struct policy *p, struct policy_tables *t)
{
	size_t n = p->nr_rules, nr_groups = 0, i, *order = NULL;
	struct wmi_rule_key *all = NULL;
	struct group *groups = NULL;
	int err = -ENOMEM;

	memset(t, 0, sizeof(*t));
	t->keys = calloc(n ? n : 1, sizeof(*t->keys));
	t->values = calloc(n ? n : 1, sizeof(*t->values));
	t->conds = calloc(n ? n : 1, sizeof(*t->conds));
	all = calloc(n ? n : 1, sizeof(*all));
	order = calloc(n ? n : 1, sizeof(*order));
	groups = calloc(n ? n : 1, sizeof(*groups));
	if (!t->keys || !t->values || !t->conds || !all || !order || !groups)
		goto out;

	err = -E2BIG;
	for (i = 0; i < n; i++) {
		const struct policy_rule *r = &p->rules[i];

		encode_key(r, &all[i]);
		order[i] = i;
		t->pattern_mask |= 1ull << encode_pattern(r);
		if (r->gid != WMI_POLICY_ANY && add_gid(t, r->gid))
			goto out;
	}
	if (n)
		qsort_r(order, n, sizeof(*order), cmp_index, all);
	for (i = 0; i < n; i++) {
		if (i && !memcmp(&all[order[i]], &all[order[i - 1]], sizeof(all[0]))) {
			groups[nr_groups - 1].len++;
			continue;
		}
		groups[nr_groups++] = (struct group){ .start = i, .len = 1 };
	}
	/* Keys in file order: what `show` and the tests see first is the file's first. */
	if (nr_groups)
		qsort_r(groups, nr_groups, sizeof(*groups), cmp_group, order);
	for (i = 0; i < nr_groups; i++) {
		err = encode_group(p, order + groups[i].start, groups[i].len, t);
		if (err)
			goto out;
	}

	t->nr = n;
	t->default_action = p->def.action;
	t->default_error = p->def.error;
	t->default_flags = p->def.audit || p->def.action == WMI_ACTION_AUDIT ?
			   WMI_RULE_F_AUDIT : 0;
	t->default_origin = p->def.origin;
	err = 0;
out:
	free(all);
	free(order);
	free(groups);
	if (err)
		encode_free(t);
	return err;
}

static bool aliased(const struct wmi_guid *a, const struct wmi_guid *b,
		    const struct wmi_alias *aliases, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (wmi_guid_equal(&aliases[i].guid, a) && wmi_guid_equal(&aliases[i].alias, b))
			return true;
	return false;
}

int encode_same_devices(struct policy *p, const struct wmi_alias *aliases, size_t nr,
			char *err, size_t errlen)
{
	struct wmi_guid *named;
	size_t i, j;

	/* The device each rule names in the file. */
	named = calloc(p->nr_rules ? p->nr_rules : 1, sizeof(*named));
	if (!named)
		return -ENOMEM;
	for (i = 0; i < p->nr_rules; i++)
		named[i] = p->rules[i].device;
	/* In file order: the first device of a group its rules name is theirs. */
	for (i = 0; i < p->nr_rules; i++) {
		struct policy_rule *r = &p->rules[i];

		if (r->any_device)
			continue;
		for (j = 0; j < i; j++) {
			const struct policy_rule *o = &p->rules[j];

			if (o->any_device || !aliased(&r->device, &o->device, aliases, nr))
				continue;
			r->device = o->device;
			break;
		}
	}
	/*
	 * Rules of two aliased devices for the same calls: which decides would
	 * hang on how their chains merged, and one of them may never decide.
	 */
	for (i = 0; i < p->nr_rules; i++) {
		for (j = 0; j < i; j++) {
			const struct policy_rule *r = &p->rules[i], *o = &p->rules[j];

			if (r->any_device || o->any_device || wmi_guid_equal(&named[i], &named[j]) ||
			    !policy_same_key(r, o))
				continue;
			snprintf(err, errlen, "%u: this rule and the one at line %u are for the "
				 "same calls: their devices are aliases on this machine (the same "
				 "firmware method); write them for one of the two", r->line,
				 o->line);
			free(named);
			return -EEXIST;
		}
	}
	free(named);
	return 0;
}

int encode_aliases(struct policy_tables *t, const struct wmi_alias *aliases, size_t nr)
{
	static const uint8_t any[16];
	size_t i, a, n = t->nr_keys, room = t->nr_keys;
	struct wmi_rule_key *keys;
	struct wmi_rule *values;

	/* Room for every key under every alias of its device. */
	for (i = 0; i < n; i++)
		for (a = 0; a < nr; a++)
			room += !memcmp(t->keys[i].guid, aliases[a].guid.b, 16);
	if (room == n)
		return 0;
	keys = realloc(t->keys, room * sizeof(*keys));
	if (!keys)
		return -ENOMEM;
	t->keys = keys;
	values = realloc(t->values, room * sizeof(*values));
	if (!values)
		return -ENOMEM;
	t->values = values;
	/*
	 * After encode_same_devices() no key names an alias of another key's
	 * device: each copy is a new key.
	 */
	for (i = 0; i < n; i++) {
		if (!memcmp(t->keys[i].guid, any, 16))
			continue;
		for (a = 0; a < nr; a++) {
			if (memcmp(t->keys[i].guid, aliases[a].guid.b, 16))
				continue;
			t->keys[t->nr_keys] = t->keys[i];
			memcpy(t->keys[t->nr_keys].guid, aliases[a].alias.b, 16);
			t->values[t->nr_keys] = t->values[i];
			t->values[t->nr_keys++].flags |= WMI_RULE_F_ALIAS;
		}
	}
	return 0;
}

void encode_free(struct policy_tables *t)
{
	free(t->keys);
	free(t->values);
	free(t->conds);
	memset(t, 0, sizeof(*t));
}

/* The host's reading of an input field, as field_matches() in the program. */
static bool field_holds(const struct wmi_rule_field *f, const uint8_t *input, size_t len)
{
	uint64_t v = 0;
	uint32_t i;

	if (f->offset > len || len - f->offset < f->width)
		return false;
	for (i = 0; i < f->width; i++)
		v |= (uint64_t)input[f->offset + i] << (8 * i);
	v &= f->mask;
	return v >= f->min && v <= f->max;
}

static bool cond_holds(const struct wmi_cond_rule *c, const struct encode_call *call)
{
	uint32_t i;

	if ((call->caps & c->caps) != c->caps || call->input_len < c->min_size)
		return false;
	for (i = 0; i < c->nr_fields && i < WMI_RULE_MAX_FIELDS; i++)
		if (!field_holds(&c->fields[i], call->input, call->input_len))
			return false;
	return true;
}

/*
 * What a key's entry decides, as decide() in the program: a rule id, or 0.
 * Like the program, it walks at most WMI_RULE_MAX_CHAIN rules, stops past
 * the last chain, and an entry marked as having no rule of its own has none,
 * whatever its chain.
 */
static size_t decide(const struct policy_tables *t, const struct wmi_rule *v,
		     const struct encode_call *call)
{
	uint32_t i, k;

	for (i = 0; i < v->nr_conds && i < WMI_RULE_MAX_CHAIN; i++) {
		k = v->first_cond + i;
		if (k >= t->nr_conds)	/* the program's lookup fails */
			break;
		if (cond_holds(&t->conds[k], call))
			return t->conds[k].rule.id;
	}
	return v->flags & WMI_RULE_F_CONDS_ONLY ? 0 : v->id;
}

size_t encode_match_call(const struct policy_tables *t, const struct encode_call *call)
{
	struct wmi_rule_key key;
	size_t i, id;
	uint32_t p;

	for (p = 0; p < WMI_PAT_COUNT; p++) {
		if (!(t->pattern_mask & (1ull << p)))
			continue;
		/* As the program: an event looks up event keys only. */
		if (call->origin == WMI_POLICY_ORIGIN_EVENT &&
		    (p & WMI_PAT_EVENT_MASK) != WMI_PAT_EVENT)
			continue;
		/* and an open of an event node reader keys only. */
		if (call->origin == WMI_POLICY_ORIGIN_READER &&
		    (p & WMI_PAT_READER_MASK) != WMI_PAT_READER)
			continue;
		memset(&key, 0, sizeof(key));
		if (!(p & WMI_PAT_ANY_GUID))
			memcpy(key.guid, call->guid, sizeof(key.guid));
		key.kind = p & WMI_PAT_ANY_KIND ? WMI_POLICY_KIND_ANY : call->kind;
		key.method_id = p & WMI_PAT_ANY_METHOD ? WMI_POLICY_ANY : call->method_id;
		key.origin = p & WMI_PAT_ANY_ORIGIN ? WMI_POLICY_ORIGIN_ANY : call->origin;
		key.uid = p & WMI_PAT_ANY_UID ? WMI_POLICY_ANY : call->uid;
		key.gid = p & WMI_PAT_ANY_GID ? WMI_POLICY_ANY : call->gid;
		for (i = 0; i < t->nr_keys; i++) {
			if (memcmp(&t->keys[i], &key, sizeof(key)))
				continue;
			id = decide(t, &t->values[i], call);
			if (id)
				return id;
			break;
		}
	}
	return 0;
}

size_t encode_match(const struct policy_tables *t, const uint8_t guid[16], uint32_t method_id,
		    uint32_t origin, uint32_t uid, uint32_t gid)
{
	struct encode_call call = {
		.guid = guid, .method_id = method_id, .origin = origin, .uid = uid, .gid = gid,
	};

	return encode_match_call(t, &call);
}

bool encode_default_applies(const struct policy_tables *t, uint32_t origin)
{
	return t->default_origin == WMI_POLICY_ORIGIN_ANY || t->default_origin == origin;
}

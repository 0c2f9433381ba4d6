// SPDX-License-Identifier: GPL-2.0
/* Policy rules into map entries for bpf/wmi_policy.bpf.c. */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "encode.h"

uint32_t encode_pattern(const struct policy_rule *r)
{
	uint32_t p = 0;

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

int encode_policy(const struct policy *p, struct policy_tables *t)
{
	size_t i;

	memset(t, 0, sizeof(*t));
	t->keys = calloc(p->nr_rules ? p->nr_rules : 1, sizeof(*t->keys));
	t->values = calloc(p->nr_rules ? p->nr_rules : 1, sizeof(*t->values));
	if (!t->keys || !t->values) {
		encode_free(t);
		return -ENOMEM;
	}

	for (i = 0; i < p->nr_rules; i++) {
		const struct policy_rule *r = &p->rules[i];
		struct wmi_rule_key *k = &t->keys[i];
		struct wmi_rule *v = &t->values[i];

		/* A rule without a device of its own matches the policy's. */
		if (!r->any_device)
			memcpy(k->guid, r->device.b, sizeof(k->guid));
		k->method_id = r->method_id;
		k->origin = r->origin;
		k->uid = r->uid;
		k->gid = r->gid;

		v->id = i + 1;
		v->action = r->action;
		v->error = r->error;
		v->answer = r->answer;
		v->flags = r->audit ? WMI_RULE_F_AUDIT : 0;
		v->line = r->line;

		t->pattern_mask |= 1u << encode_pattern(r);
		if (r->gid != WMI_POLICY_ANY && add_gid(t, r->gid)) {
			encode_free(t);
			return -E2BIG;
		}
	}
	t->nr = p->nr_rules;
	t->default_action = p->def.action;
	t->default_error = p->def.error;
	t->default_flags = p->def.audit || p->def.action == WMI_ACTION_AUDIT ?
			   WMI_RULE_F_AUDIT : 0;
	t->default_origin = p->def.origin;
	return 0;
}

void encode_free(struct policy_tables *t)
{
	free(t->keys);
	free(t->values);
	memset(t, 0, sizeof(*t));
}

size_t encode_match(const struct policy_tables *t, const uint8_t guid[16], uint32_t method_id,
		    uint32_t origin, uint32_t uid, uint32_t gid)
{
	struct wmi_rule_key key;
	uint32_t p;
	size_t i;

	for (p = 0; p < WMI_PAT_COUNT; p++) {
		if (!(t->pattern_mask & (1u << p)))
			continue;
		memset(&key, 0, sizeof(key));
		if (!(p & WMI_PAT_ANY_GUID))
			memcpy(key.guid, guid, sizeof(key.guid));
		key.method_id = p & WMI_PAT_ANY_METHOD ? WMI_POLICY_ANY : method_id;
		key.origin = p & WMI_PAT_ANY_ORIGIN ? WMI_POLICY_ORIGIN_ANY : origin;
		key.uid = p & WMI_PAT_ANY_UID ? WMI_POLICY_ANY : uid;
		key.gid = p & WMI_PAT_ANY_GID ? WMI_POLICY_ANY : gid;
		for (i = 0; i < t->nr; i++)
			if (!memcmp(&t->keys[i], &key, sizeof(key)))
				return i + 1;
	}
	return 0;
}

bool encode_default_applies(const struct policy_tables *t, uint32_t origin)
{
	return t->default_origin == WMI_POLICY_ORIGIN_ANY || t->default_origin == origin;
}

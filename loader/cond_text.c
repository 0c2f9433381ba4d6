// SPDX-License-Identifier: GPL-2.0
/* A rule's conditions and action for `wmibpf show`. */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "caps.h"
#include "cond_text.h"
#include "policy.h"

static uint64_t field_max(uint32_t width)
{
	return width >= 8 ? UINT64_MAX : (1ull << (8 * width)) - 1;
}

/* Append to buf as snprintf would, keeping it nul-terminated when cut. */
__attribute__((format(printf, 4, 5)))
static void append(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*len >= size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *len, size - *len, fmt, ap);
	va_end(ap);
	*len = n < 0 ? size : *len + n;
}

void cond_text(char *buf, size_t size, const struct wmi_cond_rule *c)
{
	size_t len = 0;
	uint32_t i;

	if (!size)
		return;
	buf[0] = '\0';
	for (i = 0; i < c->nr_fields && i < WMI_RULE_MAX_FIELDS; i++) {
		const struct wmi_rule_field *f = &c->fields[i];

		append(buf, size, &len, "%sin[%u:%u]", len ? " " : "", f->offset, f->width);
		if (f->mask != field_max(f->width))
			append(buf, size, &len, "&0x%llx", (unsigned long long)f->mask);
		if (f->min == f->max)
			append(buf, size, &len, "=%llu", (unsigned long long)f->min);
		else
			append(buf, size, &len, "=%llu..%llu", (unsigned long long)f->min,
			       (unsigned long long)f->max);
	}
	if (c->min_size)
		append(buf, size, &len, "%ssize>=%u", len ? " " : "", c->min_size);
	if (c->caps) {
		char caps[COND_TEXT_MAX];

		caps_text(caps, sizeof(caps), c->caps);
		append(buf, size, &len, "%s%s", len ? " " : "", caps);
	}
	if (!len)
		snprintf(buf, size, "-");
}

void cond_json(struct json *j, const struct wmi_cond_rule *c)
{
	uint32_t i;

	json_key(j, "input");
	json_array_begin(j);
	for (i = 0; i < c->nr_fields && i < WMI_RULE_MAX_FIELDS; i++) {
		json_object_begin(j);
		json_kv_uint(j, "offset", c->fields[i].offset);
		json_kv_uint(j, "width", c->fields[i].width);
		json_kv_uint(j, "mask", c->fields[i].mask);
		json_kv_uint(j, "min", c->fields[i].min);
		json_kv_uint(j, "max", c->fields[i].max);
		json_object_end(j);
	}
	json_array_end(j);
	json_kv_uint(j, "min_size", c->min_size);
	json_key(j, "cap");
	json_array_begin(j);
	for (i = 0; i < 64; i++)
		if (c->caps & (1ull << i) && cap_name(i))
			json_string(j, cap_name(i));
	json_array_end(j);
}

void cond_action_text(char *buf, size_t size, uint32_t action, int32_t error, uint32_t flags)
{
	const char *e = policy_errno_name(error);

	if (action == WMI_ACTION_DENY && e)
		snprintf(buf, size, "deny %s", e);
	else if (action == WMI_ACTION_DENY)
		snprintf(buf, size, "deny %d", error);
	else
		snprintf(buf, size, "%s", policy_action_name(action));
	if ((flags & WMI_RULE_F_AUDIT) && action != WMI_ACTION_AUDIT)
		strncat(buf, ", audit", size - strlen(buf) - 1);
}

// SPDX-License-Identifier: GPL-2.0
/* Where a method's parameters lie in its WMI buffer, from its bMOF. */

#include <errno.h>
#include <stdint.h>
#include <strings.h>

#include "bmof.h"
#include "mof_layout.h"
#include "mof_names.h"

static bool qualifier_int(const struct bmof_property *p, const char *name, uint64_t *v)
{
	const struct bmof_qualifier *q = bmof_qualifier_find(p->qualifiers, p->nqualifiers, name);

	if (!q || q->value.count != 1 || (q->value.type & BMOF_ARRAY))
		return false;
	switch (q->value.type) {
	case BMOF_SINT8: case BMOF_SINT16: case BMOF_SINT32: case BMOF_SINT64:
		if (q->value.v[0].i < 0)
			return false;
		*v = q->value.v[0].i;
		return true;
	case BMOF_UINT8: case BMOF_UINT16: case BMOF_UINT32: case BMOF_UINT64:
		*v = q->value.v[0].u;
		return true;
	default:
		return false;
	}
}

/*
 * A parameter's place in the buffer is its ID: one without, or two in
 * (or two out) parameters with the same one, leave the layout unknown.
 * bmof.c sorts the parameters by ID, so those that share p's are next
 * to it.
 */
static int check_id(const struct bmof_method *m, const struct bmof_property *p, char *msg,
		    size_t msglen)
{
	size_t at = p - m->params, k;

	if (p->id < 0)
		return mof_error(msg, msglen, "%s: parameter %s has no ID(n): its place in the buffer "
			   "is unknown", m->name, p->name);
	for (k = at; k > 0 && m->params[k - 1].id == p->id; k--)
		;
	for (; k < m->nparams && m->params[k].id == p->id; k++) {
		const struct bmof_property *q = &m->params[k];

		if (q == p || !((mof_param_is_in(p) && mof_param_is_in(q)) ||
				(mof_param_is_out(p) && mof_param_is_out(q))))
			continue;
		if (!mof_is_name(q->name))
			return mof_error(msg, msglen, "%s: a parameter's name is not a MOF identifier",
				   m->name);
		return mof_error(msg, msglen, "%s: parameters %s and %s have the same ID(%lld): their "
			   "places in the buffer are unknown", m->name, q < p ? q->name : p->name,
			   q < p ? p->name : q->name, (long long)p->id);
	}
	return 0;
}

int mof_param_slot(const struct bmof_method *m, const struct bmof_property *p,
		      struct mof_slot *s, char *msg, size_t msglen)
{
	uint64_t max;
	int ret;

	if (!mof_is_name(p->name))
		return mof_error(msg, msglen, "%s: a parameter's name is not a MOF identifier", m->name);
	ret = check_id(m, p, msg, msglen);
	if (ret)
		return ret;

	s->type = p->type & ~BMOF_ARRAY;
	s->array = p->array || (p->type & BMOF_ARRAY);
	s->count = 1;
	switch (s->type) {
	case BMOF_SINT8: case BMOF_UINT8: case BMOF_BOOLEAN:
		s->size = 1;
		break;
	case BMOF_SINT16: case BMOF_UINT16: case BMOF_CHAR16:
		s->size = 2;
		break;
	case BMOF_SINT32: case BMOF_UINT32:
		s->size = 4;
		break;
	case BMOF_SINT64: case BMOF_UINT64:
		s->size = 8;
		break;
	case BMOF_STRING:
		s->size = 0;
		break;
	default:
		return mof_error(msg, msglen, "%s: parameter %s is of type %s, which has no WMI buffer "
			   "layout wmibpf knows", m->name, p->name, bmof_type_name(s->type));
	}
	if (!s->array)
		return 0;
	if (bmof_qualifier_find(p->qualifiers, p->nqualifiers, "WmiSizeIs"))
		return mof_error(msg, msglen, "%s: parameter %s is an array whose length another "
			   "parameter gives (WmiSizeIs): a variable-length layout", m->name,
			   p->name);
	if (!qualifier_int(p, "MAX", &max) || !max || max > 65536)
		return mof_error(msg, msglen, "%s: parameter %s is an array without a MAX(n) length: "
			   "a variable-length layout", m->name, p->name);
	if (!s->size)
		return mof_error(msg, msglen, "%s: parameter %s is an array of strings: a "
			   "variable-length layout", m->name, p->name);
	s->count = max;
	return 0;
}

bool mof_param_is_in(const struct bmof_property *p)
{
	return p->direction == BMOF_DIR_IN || p->direction == BMOF_DIR_INOUT;
}

bool mof_param_is_out(const struct bmof_property *p)
{
	return p->direction == BMOF_DIR_OUT || p->direction == BMOF_DIR_INOUT;
}

/*
 * The in parameters before the one asked for must each have a fixed
 * size, or its offset depends on the call: a string's length, above
 * all, is the caller's.
 */
int mof_layout_in_field(const struct bmof_method *m, const char *name, size_t *offset,
			size_t *width, char *msg, size_t msglen)
{
	const struct bmof_property *want = NULL, *out = NULL;
	struct mof_slot s;
	size_t i, pos = 0;
	int ret;

	/*
	 * MOF names are case-insensitive, but bmof.c keeps apart what
	 * differs in case (it merges an in and an out parameter only when
	 * their names are the same bytes): an out "level" must not hide an
	 * in "Level", and two in parameters a name matches leave it
	 * pointing at either's bytes, so it points at none.
	 */
	for (i = 0; i < m->nparams; i++) {
		const struct bmof_property *p = &m->params[i];

		if (strcasecmp(p->name, name))
			continue;
		if (!mof_param_is_in(p)) {
			out = out ? out : p;
			continue;
		}
		if (want) {
			if (!mof_is_name(want->name) || !mof_is_name(p->name))
				return mof_error(msg, msglen, "%s: a parameter's name is not a MOF "
						 "identifier", m->name);
			return mof_error(msg, msglen, "%s: %s names two in parameters, %s and %s: "
					 "which bytes it means is unknown", m->name, name,
					 want->name, p->name);
		}
		want = p;
	}
	if (!want && !out)
		return -ENOENT;
	if (!want)
		return mof_error(msg, msglen, "%s: %s is an out parameter, not in the call's input",
				 m->name, out->name);
	for (i = 0; i < m->nparams; i++) {
		const struct bmof_property *p = &m->params[i];

		if (!mof_param_is_in(p))
			continue;
		ret = mof_param_slot(m, p, &s, msg, msglen);
		if (ret)
			return ret;
		if (p == want)
			break;
		if (s.type == BMOF_STRING)
			return mof_error(msg, msglen, "%s: %s lies behind the string %s, whose "
					 "length varies from call to call: its offset is not fixed",
					 m->name, want->name, p->name);
		pos = (pos + s.size - 1) / s.size * s.size + s.size * s.count;
	}
	if (s.type == BMOF_STRING || s.array)
		return mof_error(msg, msglen, "%s: %s is %s: it has no fixed width of 1, 2, 4 or 8 "
				 "bytes", m->name, want->name, s.array ? "an array" : "a string");
	*offset = (pos + s.size - 1) / s.size * s.size;
	*width = s.size;
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The firmware's names: a class of the bMOFs by name, its method, and
 * what a name a user types or wmibpf prints may be.
 */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bmof.h"
#include "guid.h"
#include "mof_bus.h"
#include "mof_names.h"

int mof_error(char *msg, size_t msglen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, msglen, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

bool mof_is_name(const char *s)
{
	size_t i;

	for (i = 0; s[i]; i++)
		if (!((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z') && s[i] != '_' &&
		    !(i && s[i] >= '0' && s[i] <= '9'))
			return false;
	return i > 0 && i <= MOF_NAME_MAX;
}

const struct bmof_object *mof_find_class(const struct mof_source *src, size_t nsrc,
				       const char *name)
{
	size_t i, k;

	for (i = 0; i < nsrc; i++) {
		const struct bmof *b = src[i].b;

		for (k = 0; b && k < b->nobjects; k++)
			if (!b->objects[k]->instance && b->objects[k]->name &&
			    !strcasecmp(b->objects[k]->name, name))
				return b->objects[k];
	}
	return NULL;
}

const struct bmof_object *mof_class_twin(const struct mof_source *src, size_t nsrc,
					 const struct bmof_object *cls)
{
	size_t i, k;

	for (i = 0; i < nsrc; i++) {
		const struct bmof *b = src[i].b;

		for (k = 0; b && k < b->nobjects; k++) {
			const struct bmof_object *o = b->objects[k];

			if (o != cls && !o->instance && o->name && !strcasecmp(o->name, cls->name) &&
			    strcasecmp(o->guid, cls->guid))
				return o;
		}
	}
	return NULL;
}

const char *mof_class_guid(const struct bmof_object *o, char *buf, size_t size)
{
	char text[WMI_GUID_STR_LEN + 1];
	struct wmi_guid g;

	if (wmi_guid_parse(o->guid, &g)) {
		snprintf(buf, size, "no GUID");
	} else {
		wmi_guid_format(&g, text);
		snprintf(buf, size, "%s", text);
	}
	return buf;
}

/* Another method of a class called cls's name, called m's name, with another id. */
static const struct bmof_method *method_twin(const struct mof_source *src, size_t nsrc,
					     const struct bmof_object *cls,
					     const struct bmof_method *m)
{
	size_t i, k, j;

	for (i = 0; i < nsrc; i++) {
		const struct bmof *b = src[i].b;

		for (k = 0; b && k < b->nobjects; k++) {
			const struct bmof_object *o = b->objects[k];

			if (o->instance || !o->name || strcasecmp(o->name, cls->name))
				continue;
			for (j = 0; j < o->nmethods; j++)
				if (!strcasecmp(o->methods[j].name, m->name) &&
				    o->methods[j].id != m->id)
					return &o->methods[j];
		}
	}
	return NULL;
}

int mof_find_method(const struct mof_source *src, size_t nsrc, const char *where,
		    const char *class_name, const char *method_name,
		    const struct bmof_object **cls, const struct bmof_method **m, char *msg,
		    size_t msglen)
{
	const struct bmof_object *found, *twin;
	const struct bmof_method *other;
	char g1[WMI_GUID_STR_LEN + 1], g2[WMI_GUID_STR_LEN + 1];
	size_t i;

	if (!mof_is_name(class_name) || !mof_is_name(method_name))
		return mof_error(msg, msglen, "expected Class.Method, each a MOF identifier");
	found = mof_find_class(src, nsrc, class_name);
	if (!found) {
		snprintf(msg, msglen, "no class %s in %s (see wmibpf mof)", class_name, where);
		return -ENOENT;
	}
	twin = mof_class_twin(src, nsrc, found);
	if (twin)
		return mof_error(msg, msglen, "class %s names two classes of two devices (%s, %s)",
			   class_name, mof_class_guid(found, g1, sizeof(g1)),
			   mof_class_guid(twin, g2, sizeof(g2)));
	*cls = found;
	for (i = 0; i < found->nmethods; i++) {
		if (strcasecmp(found->methods[i].name, method_name))
			continue;
		*m = &found->methods[i];
		other = method_twin(src, nsrc, found, *m);
		if (other)
			return mof_error(msg, msglen, "%s.%s names two methods (WmiMethodId %lld and "
				   "%lld)", class_name, method_name, (long long)(*m)->id,
				   (long long)other->id);
		if ((*m)->id < 0 || (*m)->id > UINT32_MAX)
			return mof_error(msg, msglen, "%s.%s has no WmiMethodId", found->name,
				   (*m)->name);
		return 0;
	}
	snprintf(msg, msglen, "class %s has no method %s (see wmibpf mof)", found->name,
		 method_name);
	return -ENOENT;
}

const char *mof_method_label(const struct mof_source *src, size_t nsrc,
			     const struct wmi_guid *g, uint32_t id, char *buf, size_t size)
{
	struct wmi_guid cg;
	size_t i, k, n;

	for (i = 0; i < nsrc; i++) {
		const struct bmof *b = src[i].b;

		for (k = 0; b && k < b->nobjects; k++) {
			const struct bmof_object *o = b->objects[k];

			/* a class without __CLASS has no name to give, as for mof_bus_class() */
			if (o->instance || !o->name || wmi_guid_parse(o->guid, &cg) ||
			    !wmi_guid_equal(&cg, g))
				continue;
			for (n = 0; n < o->nmethods; n++) {
				const struct bmof_method *m = &o->methods[n];

				if (m->id != id)
					continue;
				if (!mof_is_name(o->name) || !mof_is_name(m->name))
					return NULL;
				snprintf(buf, size, "%s.%s", o->name, m->name);
				return buf;
			}
		}
	}
	return NULL;
}

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
#include "mof_bus.h"
#include "mof_names.h"

__attribute__((format(printf, 3, 4)))
static int say(char *msg, size_t msglen, const char *fmt, ...)
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
			if (!b->objects[k]->instance && !strcasecmp(b->objects[k]->name, name))
				return b->objects[k];
	}
	return NULL;
}

int mof_find_method(const struct mof_source *src, size_t nsrc, const char *class_name,
		    const char *method_name, const struct bmof_object **cls,
		    const struct bmof_method **m, char *msg, size_t msglen)
{
	const struct bmof_object *found;
	size_t i;

	if (!mof_is_name(class_name) || !mof_is_name(method_name))
		return say(msg, msglen, "expected Class.Method, each a MOF identifier");
	found = mof_find_class(src, nsrc, class_name);
	if (!found) {
		snprintf(msg, msglen, "no class %s in %s (see wmibpf mof)", class_name,
			 nsrc == 1 && src[0].name[0] == '/' ? src[0].name : "this machine's bMOF");
		return -ENOENT;
	}
	*cls = found;
	for (i = 0; i < found->nmethods; i++) {
		if (strcasecmp(found->methods[i].name, method_name))
			continue;
		*m = &found->methods[i];
		if ((*m)->id < 0 || (*m)->id > UINT32_MAX)
			return say(msg, msglen, "%s.%s has no WmiMethodId", found->name,
				   (*m)->name);
		return 0;
	}
	snprintf(msg, msglen, "class %s has no method %s (see wmibpf mof)", found->name,
		 method_name);
	return -ENOENT;
}

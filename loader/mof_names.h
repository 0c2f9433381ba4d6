/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The firmware's names for its WMI classes and methods, looked up in
 * decoded bMOFs (mof_bus.h's sources: the bus's, or a file's): for calls
 * and policies that say Class.Method instead of a GUID and a number.
 */
#ifndef WMIBPF_MOF_NAMES_H
#define WMIBPF_MOF_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct bmof_method;
struct bmof_object;
struct mof_source;

/* The longest class, method or parameter name taken by name. */
#define MOF_NAME_MAX	128

/* Room for a message about a name: two names and the words around them. */
#define MOF_NAME_ERR_LEN	(2 * MOF_NAME_MAX + 4096 + 64)

/* Formats a message about names into msg; returns -EINVAL. */
__attribute__((format(printf, 3, 4)))
int mof_error(char *msg, size_t msglen, const char *fmt, ...);

/*
 * Is s a MOF identifier (ASCII letters, digits, _; not a digit first)?
 * Only such names are taken and printed, so firmware's bytes never reach
 * a terminal or a message as they are.
 */
bool mof_is_name(const char *s);

/* The class called name in src[0..nsrc) (case-insensitive, as in WMI), or NULL. */
const struct bmof_object *mof_find_class(const struct mof_source *src, size_t nsrc,
					 const char *name);

/*
 * Another class named as cls (case-insensitive) for another device (a
 * guid that differs), or NULL: a name that is two such classes says no
 * one device.
 */
const struct bmof_object *mof_class_twin(const struct mof_source *src, size_t nsrc,
					 const struct bmof_object *cls);

/* "GUID" of o as wmibpf prints GUIDs, or "no GUID", in buf. */
const char *mof_class_guid(const struct bmof_object *o, char *buf, size_t size);

/*
 * Class class_name and its method method_name: 0, or -ENOENT with msg
 * saying which is unknown (and where it was looked for: a file's path,
 * or this machine's bMOF), or -EINVAL for names that are not
 * identifiers, a method without a WmiMethodId, a class name that is
 * two devices' classes or a method name that is two WmiMethodIds.
 */
int mof_find_method(const struct mof_source *src, size_t nsrc, const char *where,
		    const char *class_name, const char *method_name,
		    const struct bmof_object **cls, const struct bmof_method **m, char *msg,
		    size_t msglen);

struct wmi_guid;

/*
 * "Class.Method" in buf for method id of the class whose guid is g in
 * src[0..nsrc), to print beside the numbers; NULL when no bMOF names it,
 * or names it with what is no MOF identifier. The first class for g
 * that has the method counts, as mof_bus_class() takes the first.
 */
const char *mof_method_label(const struct mof_source *src, size_t nsrc,
			     const struct wmi_guid *g, uint32_t id, char *buf, size_t size);

/* Room for "Class.Method". */
#define MOF_LABEL_LEN	(2 * MOF_NAME_MAX + 2)

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a method's parameters lie in its WMI buffer, as the firmware's
 * bMOF describes them: the layout the Windows WMI service uses for a
 * data block (mof_call.h says it in full). wmibpf call lays its input
 * out and reads its result with it; a policy's `arg: Name` finds the
 * same bytes with it, so a rule by name and a call by name never
 * disagree on where a parameter is.
 */
#ifndef WMIBPF_MOF_LAYOUT_H
#define WMIBPF_MOF_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct bmof_method;
struct bmof_property;

/* Where a parameter lies: an element's size and alignment, and how many. */
struct mof_slot {
	uint32_t type;		/* without BMOF_ARRAY */
	size_t size;		/* of one element; 0 for a string */
	size_t count;		/* elements: 1 for a scalar */
	bool array;
};

/* Is p an in (or inout) parameter; an out (or inout) one? */
bool mof_param_is_in(const struct bmof_property *p);
bool mof_param_is_out(const struct bmof_property *p);

/*
 * The slot of p, a parameter of m, or -EINVAL with msg saying why it
 * has no fixed layout (no or a shared ID, a type without a WMI layout,
 * an array of no fixed length). Its name is printed and matched: it
 * must be a plain one, so that firmware's bytes never reach the
 * terminal as they are.
 */
int mof_param_slot(const struct bmof_method *m, const struct bmof_property *p,
		   struct mof_slot *s, char *msg, size_t msglen);

/*
 * The in parameter of m called name (case-insensitive): its offset in
 * the method's input and its width, for a rule's input field. 0; or
 * -ENOENT (m has no parameter of that name), or -EINVAL (an out
 * parameter, one that is no integer, boolean or char16 of 1, 2, 4 or
 * 8 bytes, or one behind a parameter of varying length or of no
 * layout), with msg saying so.
 */
int mof_layout_in_field(const struct bmof_method *m, const char *name, size_t *offset,
			size_t *width, char *msg, size_t msglen);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A WMI method call by name: the firmware's bMOF says which GUID a class
 * is, which WmiMethodId a method has, and the type, direction and ID of
 * each parameter. From that, NAME=VALUE words become the method's input
 * buffer and its output buffer becomes named fields, in the layout the
 * Windows WMI service uses for a data block: the in (or out) parameters
 * in ID order, each at its natural alignment (integers of 1, 2, 4 or 8
 * bytes, booleans of 1, strings a little-endian u16 byte count then
 * UTF-16LE with a nul, 2-aligned), fixed-size arrays (MAX(n)) as n
 * elements. A layout that varies (an array without MAX, WmiSizeIs) or a
 * type that has no such layout (reals, objects, dates) is refused.
 */
#ifndef WMIBPF_MOF_CALL_H
#define WMIBPF_MOF_CALL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct bmof_method;
struct bmof_object;
struct json;

/* Room for a message: a class, method and parameter name and the words around them. */
#define MOF_CALL_ERR_LEN	512

/*
 * The input buffer of m from words "NAME=VALUE" (each in parameter
 * exactly once): integers in decimal or 0x hex (a minus sign for signed
 * ones), booleans true or false, strings in ASCII, arrays as values
 * separated by commas, exactly MAX(n) of them. 0 with a malloc()ed *in
 * (NULL for none), or -EINVAL with msg naming the word or parameter.
 */
int mof_call_marshal(const struct bmof_method *m, char *const *words, size_t nwords,
		     uint8_t **in, size_t *len, char *msg, size_t msglen);

/*
 * Checks that the out parameters of m have a fixed layout that fits in
 * buf[0..len): 0, or -EINVAL (a layout that cannot be read) or -ENODATA
 * (the result is shorter than the layout) with msg saying so.
 */
int mof_call_check_result(const struct bmof_method *m, const uint8_t *buf, size_t len,
			  char *msg, size_t msglen);

/*
 * After mof_call_check_result(): "Name = value" lines, and "(N more bytes:
 * xx ...)" for what the result holds past them; or "fields": {Name: value}
 * (the JSON's "bytes" have the rest).
 */
void mof_call_print_result(FILE *out, const struct bmof_method *m, const uint8_t *buf,
			   size_t len);
void mof_call_json_result(struct json *j, const struct bmof_method *m, const uint8_t *buf,
			  size_t len);

#endif

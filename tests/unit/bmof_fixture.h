/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small Binary MOF encoder for fixtures: the unit tests and the fuzz
 * seed generator build their blobs with it instead of keeping binaries.
 * Structures are built bottom up; each builder takes ownership of the
 * buffers it is given (NULL for "none").
 */
#ifndef WMIBPF_BMOF_FIXTURE_H
#define WMIBPF_BMOF_FIXTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct fx {
	uint8_t *d;
	size_t len;
	size_t cap;
};

struct fx *fx_new(void);
void fx_free(struct fx *f);
void fx_put32(struct fx *f, uint32_t v);
void fx_put16(struct fx *f, uint16_t v);
void fx_bytes(struct fx *f, const void *p, size_t n);
/* Appends b to a and frees b; returns a. */
struct fx *fx_cat(struct fx *a, struct fx *b);
/* Offset of needle's bytes in hay, or -1. */
long fx_find(const struct fx *hay, const struct fx *needle);

/* Values: a scalar's bytes, or an array value of count items. */
struct fx *fx_u32(uint32_t v);
struct fx *fx_u8(uint8_t v);
struct fx *fx_bool(bool v);
struct fx *fx_str(const char *s);
struct fx *fx_array_value(uint32_t count, struct fx *items);

struct fx *fx_qualifier(const char *name, uint32_t type, struct fx *value);
/* The qualifiers and system properties every class has: shorthands. */
struct fx *fx_q_true(const char *name);
struct fx *fx_q_int(const char *name, uint32_t v);
struct fx *fx_q_str(const char *name, const char *v);
struct fx *fx_sysprop(const char *name, const char *value);
struct fx *fx_property(const char *name, uint32_t type, struct fx *value, struct fx *quals);
/* An array of structures: NULL-terminated list of items. */
struct fx *fx_list(struct fx *first, ...);
/* The same of count items already concatenated (items is consumed). */
struct fx *fx_list_items(struct fx *items, uint32_t count);
struct fx *fx_object(uint32_t kind, struct fx *quals, struct fx *props, struct fx *methods);
/* The root: NULL-terminated list of objects. */
struct fx *fx_root(struct fx *first, ...);
struct fx *fx_root_items(struct fx *items, uint32_t count);
/* Appends a flavour table of n {offset, flavors} pairs. */
void fx_flavors(struct fx *data, size_t n, const uint32_t (*pairs)[2]);

/* A DS stream of data: literals only, or with greedy back-references. */
struct fx *fx_ds(const struct fx *data, bool compress);
/* The FOMB header around a DS stream for dlen decompressed bytes. */
struct fx *fx_fomb(struct fx *ds, uint32_t dlen);
/* Low-level DS tokens, for hand-made streams. */
struct fx_bits {
	struct fx *f;
	size_t nbits;
};
void fx_bits_put(struct fx_bits *b, uint32_t v, unsigned int n);
void fx_ds_literal(struct fx_bits *b, uint8_t c);
void fx_ds_match(struct fx_bits *b, uint32_t offset, uint32_t len);
void fx_ds_end(struct fx_bits *b);
struct fx_bits fx_ds_begin(void);

/*
 * The acme fixture's decompressed data: classes AcmeFan (guid, WMI, an
 * Amended description, properties of several types and arrays, methods
 * with in, out and inout parameters, a void one and one taking an
 * embedded AcmeBlob object), AcmeBlob, and an instance of AcmeFan.
 */
struct fx *fx_acme(void);
/* A whole blob: fx_acme() compressed (or literal only) in a FOMB header. */
struct fx *fx_acme_blob(bool compress);

#endif

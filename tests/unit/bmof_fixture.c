// SPDX-License-Identifier: GPL-2.0
/* The fixture encoder: the layout loader/bmof.c documents, written out. */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bmof.h"
#include "bmof_fixture.h"

#define NONE 0xffffffffu

struct fx *fx_new(void)
{
	struct fx *f = calloc(1, sizeof(*f));

	if (!f)
		abort();
	return f;
}

void fx_free(struct fx *f)
{
	if (!f)
		return;
	free(f->d);
	free(f);
}

void fx_bytes(struct fx *f, const void *p, size_t n)
{
	if (f->len + n + 1 > f->cap) {
		/* doubling: the DS writer adds a byte at a time */
		f->cap = (f->len + n + 1) * 2;
		f->d = realloc(f->d, f->cap);
		if (!f->d)
			abort();
	}
	if (n)
		memcpy(f->d + f->len, p, n);
	f->len += n;
}

void fx_put32(struct fx *f, uint32_t v)
{
	uint8_t b[4] = { v, v >> 8, v >> 16, v >> 24 };

	fx_bytes(f, b, 4);
}

void fx_put16(struct fx *f, uint16_t v)
{
	uint8_t b[2] = { v, v >> 8 };

	fx_bytes(f, b, 2);
}

struct fx *fx_cat(struct fx *a, struct fx *b)
{
	if (b)
		fx_bytes(a, b->d, b->len);
	fx_free(b);
	return a;
}

long fx_find(const struct fx *hay, const struct fx *needle)
{
	const uint8_t *p = memmem(hay->d, hay->len, needle->d, needle->len);

	return p ? p - hay->d : -1;
}

/* ASCII names only: each char one UTF-16LE unit, then the nul. */
static void put_utf16(struct fx *f, const char *s)
{
	for (; *s; s++)
		fx_put16(f, (uint8_t)*s);
	fx_put16(f, 0);
}

struct fx *fx_u32(uint32_t v)
{
	struct fx *f = fx_new();

	fx_put32(f, v);
	return f;
}

struct fx *fx_u8(uint8_t v)
{
	struct fx *f = fx_new();

	fx_bytes(f, &v, 1);
	return f;
}

struct fx *fx_bool(bool v)
{
	struct fx *f = fx_new();

	fx_put16(f, v ? 0xffff : 0);
	return f;
}

struct fx *fx_str(const char *s)
{
	struct fx *f = fx_new();

	put_utf16(f, s);
	return f;
}

/* length 1 count items-length items */
struct fx *fx_array_value(uint32_t count, struct fx *items)
{
	struct fx *f = fx_new();
	size_t n = items ? items->len : 0;

	fx_put32(f, 16 + n);
	fx_put32(f, 1);
	fx_put32(f, count);
	fx_put32(f, 4 + n);
	return fx_cat(f, items);
}

/* length type name value heap(name, value) */
struct fx *fx_qualifier(const char *name, uint32_t type, struct fx *value)
{
	struct fx *heap = fx_str(name), *f = fx_new();
	uint32_t voff = value ? heap->len : NONE;

	fx_cat(heap, value);
	fx_put32(f, 16 + heap->len);
	fx_put32(f, type);
	fx_put32(f, 0);
	fx_put32(f, voff);
	return fx_cat(f, heap);
}

/* Append @part (if any) to @heap; its offset there, or NONE. */
static uint32_t heap_add(struct fx *heap, struct fx *part)
{
	uint32_t off = heap->len;

	if (!part)
		return NONE;
	fx_cat(heap, part);
	return off;
}

/* length type name value qualifiers heap(name, value, qualifiers) */
struct fx *fx_property(const char *name, uint32_t type, struct fx *value, struct fx *quals)
{
	struct fx *heap = fx_str(name), *f = fx_new();
	uint32_t voff = heap_add(heap, value), qoff = heap_add(heap, quals);

	fx_put32(f, 20 + heap->len);
	fx_put32(f, type);
	fx_put32(f, 0);
	fx_put32(f, voff);
	fx_put32(f, qoff);
	return fx_cat(f, heap);
}

static struct fx *list_of(struct fx *first, va_list ap, uint32_t *count)
{
	struct fx *items = fx_new(), *it;

	*count = 0;
	for (it = first; it; it = va_arg(ap, struct fx *)) {
		fx_cat(items, it);
		(*count)++;
	}
	return items;
}

/* length count items */
struct fx *fx_list_items(struct fx *items, uint32_t count)
{
	struct fx *f = fx_new();

	fx_put32(f, 8 + items->len);
	fx_put32(f, count);
	return fx_cat(f, items);
}

struct fx *fx_list(struct fx *first, ...)
{
	struct fx *items;
	uint32_t count;
	va_list ap;

	va_start(ap, first);
	items = list_of(first, ap, &count);
	va_end(ap);
	return fx_list_items(items, count);
}

/* length qualifiers properties methods kind heap */
struct fx *fx_object(uint32_t kind, struct fx *quals, struct fx *props, struct fx *methods)
{
	struct fx *heap = fx_new(), *f = fx_new();
	uint32_t q = heap_add(heap, quals), p = heap_add(heap, props);
	uint32_t m = heap_add(heap, methods);

	fx_put32(f, 20 + heap->len);
	fx_put32(f, q);
	fx_put32(f, p);
	fx_put32(f, m);
	fx_put32(f, kind);
	return fx_cat(f, heap);
}

/* "FOMB" length 1 1 count objects */
struct fx *fx_root_items(struct fx *items, uint32_t count)
{
	struct fx *f = fx_new();

	fx_bytes(f, "FOMB", 4);
	fx_put32(f, 20 + items->len);
	fx_put32(f, 1);
	fx_put32(f, 1);
	fx_put32(f, count);
	return fx_cat(f, items);
}

struct fx *fx_root(struct fx *first, ...)
{
	struct fx *items;
	uint32_t count;
	va_list ap;

	va_start(ap, first);
	items = list_of(first, ap, &count);
	va_end(ap);
	return fx_root_items(items, count);
}

void fx_flavors(struct fx *data, size_t n, const uint32_t (*pairs)[2])
{
	size_t i;

	fx_bytes(data, "BMOFQUALFLAVOR11", 16);
	fx_put32(data, n);
	for (i = 0; i < n; i++) {
		fx_put32(data, pairs[i][0]);
		fx_put32(data, pairs[i][1]);
	}
}

/* ---- DS ------------------------------------------------------------------ */

void fx_bits_put(struct fx_bits *b, uint32_t v, unsigned int n)
{
	unsigned int i;
	uint8_t zero = 0;

	for (i = 0; i < n; i++, b->nbits++) {
		if (b->nbits % 8 == 0)
			fx_bytes(b->f, &zero, 1);
		if (v >> i & 1)
			b->f->d[b->nbits / 8] |= 1 << (b->nbits % 8);
	}
}

struct fx_bits fx_ds_begin(void)
{
	struct fx_bits b = { .f = fx_new() };

	fx_bytes(b.f, "DS\0\1", 4);
	b.nbits = 32;
	return b;
}

void fx_ds_literal(struct fx_bits *b, uint8_t c)
{
	fx_bits_put(b, c < 0x80 ? 2 : 1, 2);
	fx_bits_put(b, c & 0x7f, 7);
}

static void ds_offset(struct fx_bits *b, uint32_t off)
{
	if (off < 64) {
		fx_bits_put(b, 0, 2);
		fx_bits_put(b, off, 6);
	} else if (off < 320) {
		fx_bits_put(b, 3, 2);
		fx_bits_put(b, 0, 1);
		fx_bits_put(b, off - 64, 8);
	} else {
		fx_bits_put(b, 3, 2);
		fx_bits_put(b, 1, 1);
		fx_bits_put(b, off - 320, 12);
	}
}

/* len 2..512: n zero bits, a one, n bits of len - 1 - 2^n */
void fx_ds_match(struct fx_bits *b, uint32_t offset, uint32_t len)
{
	unsigned int n = 0;

	ds_offset(b, offset);
	while ((len - 1) >> (n + 1))
		n++;
	fx_bits_put(b, 0, n);
	fx_bits_put(b, 1, 1);
	fx_bits_put(b, len - 1 - (1u << n), n);
}

void fx_ds_end(struct fx_bits *b)
{
	ds_offset(b, 4415);
}

#define MAX_OFF 4414
#define MAX_LEN 512

struct fx *fx_ds(const struct fx *data, bool compress)
{
	struct fx_bits b = fx_ds_begin();
	size_t i = 0, j, k, best, at;

	while (i < data->len) {
		best = 0;
		at = 0;
		for (j = i > MAX_OFF ? i - MAX_OFF : 0; compress && j < i; j++) {
			for (k = 0; k < MAX_LEN && i + k < data->len && data->d[j + k] == data->d[i + k]; k++)
				;
			if (k > best) {
				best = k;
				at = j;
			}
		}
		if (best >= 3) {
			fx_ds_match(&b, i - at, best);
			i += best;
		} else {
			fx_ds_literal(&b, data->d[i++]);
		}
	}
	fx_ds_end(&b);
	return b.f;
}

struct fx *fx_fomb(struct fx *ds, uint32_t dlen)
{
	struct fx *f = fx_new();

	fx_bytes(f, "FOMB", 4);
	fx_put32(f, 1);
	fx_put32(f, ds->len);
	fx_put32(f, dlen);
	return fx_cat(f, ds);
}

struct fx *fx_q_true(const char *name)
{
	return fx_qualifier(name, BMOF_BOOLEAN, fx_bool(true));
}

struct fx *fx_q_int(const char *name, uint32_t v)
{
	return fx_qualifier(name, BMOF_SINT32, fx_u32(v));
}

struct fx *fx_q_str(const char *name, const char *v)
{
	return fx_qualifier(name, BMOF_STRING, fx_str(v));
}

struct fx *fx_sysprop(const char *name, const char *value)
{
	return fx_property(name, BMOF_STRING, fx_str(value), NULL);
}

/* ---- the acme fixture ------------------------------------------------------ */


/* A parameter: CIMTYPE, the direction, ID(n). */
static struct fx *param(const char *name, uint32_t type, const char *cim, const char *dir,
			uint32_t id)
{
	return fx_property(name, type, NULL,
			   fx_list(fx_q_str("CIMTYPE", cim), fx_q_true(dir), fx_q_int("ID", id), NULL));
}

static struct fx *params_object(struct fx *props)
{
	return fx_object(1, NULL, props, NULL);
}

/* A method holding its __PARAMETERS objects. */
static struct fx *method(const char *name, uint32_t id, struct fx *in, struct fx *out,
			 struct fx *more_quals)
{
	struct fx *objs = fx_new(), *quals;
	uint32_t n = 0;

	if (in) {
		fx_cat(objs, in);
		n++;
	}
	if (out) {
		fx_cat(objs, out);
		n++;
	}
	quals = more_quals ? fx_list(fx_q_int("WmiMethodId", id), fx_q_true("Implemented"), more_quals, NULL) :
			     fx_list(fx_q_int("WmiMethodId", id), fx_q_true("Implemented"), NULL);
	if (!n) {
		fx_free(objs);
		return fx_property(name, BMOF_VOID, NULL, quals);
	}
	return fx_property(name, BMOF_OBJECT | BMOF_ARRAY, fx_array_value(n, objs), quals);
}

static struct fx *acme_fan(void)
{
	struct fx *quals, *props, *methods;

	quals = fx_list(fx_q_true("WMI"), fx_q_true("Dynamic"),
			fx_q_str("guid", "{fe733490-2e22-4edb-a7b5-bc248874d383}"),
			fx_q_str("Description", "Acme fan control"), NULL);
	props = fx_list(fx_sysprop("__CLASS", "AcmeFan"), fx_sysprop("__NAMESPACE", "root\\wmi"),
			fx_property("InstanceName", BMOF_STRING, NULL,
				    fx_list(fx_q_str("CIMTYPE", "string"), fx_q_true("key"), fx_q_true("read"),
					    NULL)),
			fx_property("Active", BMOF_BOOLEAN, NULL,
				    fx_list(fx_q_str("CIMTYPE", "boolean"), fx_q_true("read"), NULL)),
			fx_property("Speed", BMOF_UINT32, NULL,
				    fx_list(fx_q_str("CIMTYPE", "uint32"), fx_q_int("WmiDataId", 1), NULL)),
			fx_property("Levels", BMOF_UINT8 | BMOF_ARRAY, NULL,
				    fx_list(fx_q_str("CIMTYPE", "uint8"), fx_q_int("WmiDataId", 2),
					    fx_q_int("MAX", 16), NULL)),
			fx_property("Temp", BMOF_SINT16, NULL,
				    fx_list(fx_q_str("CIMTYPE", "sint16"), fx_q_int("WmiDataId", 3), NULL)),
			fx_property("Serial", BMOF_UINT64, NULL,
				    fx_list(fx_q_str("CIMTYPE", "uint64"), fx_q_int("WmiDataId", 4), NULL)),
			fx_property("Names", BMOF_STRING | BMOF_ARRAY, NULL,
				    fx_list(fx_q_str("CIMTYPE", "string"), fx_q_int("WmiDataId", 5), NULL)),
			NULL);
	methods = fx_list(
		method("GetSpeed", 1,
		       params_object(fx_list(fx_sysprop("__CLASS", "__PARAMETERS"),
					     param("Fan", BMOF_UINT32, "uint32", "In", 0), NULL)),
		       params_object(fx_list(fx_sysprop("__CLASS", "__PARAMETERS"),
					     param("Speed", BMOF_UINT32, "uint32", "Out", 1), NULL)),
		       NULL),
		method("SetProfile", 6,
		       params_object(fx_list(fx_sysprop("__CLASS", "__PARAMETERS"),
					     param("Profile", BMOF_UINT32, "uint32", "In", 0),
					     param("Data", BMOF_UINT8 | BMOF_ARRAY, "uint8", "In", 1),
					     NULL)),
		       params_object(fx_list(fx_sysprop("__CLASS", "__PARAMETERS"),
					     param("Data", BMOF_UINT8 | BMOF_ARRAY, "uint8", "Out", 1),
					     fx_property("ReturnValue", BMOF_UINT32, NULL,
							 fx_list(fx_q_str("CIMTYPE", "uint32"),
								 fx_q_true("out"), NULL)),
					     NULL)),
		       fx_q_str("Description", "Sets the fan profile")),
		method("Reset", 7, NULL, NULL, NULL),
		method("SetBlob", 8,
		       params_object(fx_list(fx_sysprop("__CLASS", "__PARAMETERS"),
					     param("Blob", BMOF_OBJECT, "object:AcmeBlob", "In", 0),
					     NULL)),
		       NULL, NULL),
		NULL);
	return fx_object(0, quals, props, methods);
}

static struct fx *acme_blob(void)
{
	return fx_object(0,
			 fx_list(fx_q_true("WMI"), fx_q_str("guid", "{8A2D3C4B-0000-4000-8000-00000000B10B}"),
				 NULL),
			 fx_list(fx_sysprop("__CLASS", "AcmeBlob"),
				 fx_property("Bytes", BMOF_UINT8 | BMOF_ARRAY, NULL,
					     fx_list(fx_q_str("CIMTYPE", "uint8"), fx_q_int("WmiDataId", 1),
						     fx_q_int("MAX", 32), NULL)),
				 NULL),
			 NULL);
}

static struct fx *acme_instance(void)
{
	struct fx *levels = fx_new(), *names = fx_new();

	fx_cat(levels, fx_u8(1));
	fx_cat(levels, fx_u8(2));
	fx_cat(levels, fx_u8(3));
	fx_cat(names, fx_str("quiet"));
	fx_cat(names, fx_str("loud"));
	return fx_object(1, NULL,
			 fx_list(fx_sysprop("__CLASS", "AcmeFan"),
				 fx_property("InstanceName", BMOF_STRING, fx_str("ACPI\\PNP0C14\\0_0"), NULL),
				 fx_property("Speed", BMOF_UINT32, fx_u32(1200), NULL),
				 fx_property("Levels", BMOF_UINT8 | BMOF_ARRAY,
					     fx_array_value(3, levels), NULL),
				 fx_property("Names", BMOF_STRING | BMOF_ARRAY,
					     fx_array_value(2, names), NULL),
				 fx_property("Active", BMOF_BOOLEAN, fx_bool(true), NULL),
				 NULL),
			 NULL);
}

struct fx *fx_acme(void)
{
	struct fx *desc = fx_q_str("Description", "Acme fan control");
	struct fx *root = fx_root(acme_fan(), acme_blob(), acme_instance(), NULL);
	uint32_t pairs[1][2];
	long at = fx_find(root, desc);

	/* the class's Description is Amended and ToSubclass */
	pairs[0][0] = at;
	pairs[0][1] = BMOF_FLAVOR_AMENDED | BMOF_FLAVOR_TO_SUBCLASS;
	fx_free(desc);
	fx_flavors(root, 1, pairs);
	return root;
}

struct fx *fx_acme_blob(bool compress)
{
	struct fx *data = fx_acme();
	struct fx *blob = fx_fomb(fx_ds(data, compress), data->len);

	fx_free(data);
	return blob;
}

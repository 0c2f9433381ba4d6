// SPDX-License-Identifier: GPL-2.0
/*
 * The Binary MOF decoder: the "FOMB" container, its DoubleSpace stream and
 * the object tree inside. Written from the public descriptions of the
 * format (MS-WMIO, the kernel's Documentation/wmi/, the notes of the
 * bmfdec and tarkin decoders).
 *
 * Layout of the decompressed data, all integers little-endian u32:
 *
 *   root:    "FOMB" length 1 1 count object[count]
 *   flavors: "BMOFQUALFLAVOR11" count {offset flavors}[count]   (optional)
 *   object:  length qualifiers properties methods kind  heap...
 *   property: length type name value qualifiers  heap...
 *   qualifier: length type name value  heap...
 *   array (of qualifiers, properties, methods): length count item[count]
 *   array value: length 1 count items-length item[count]
 *
 * A structure's references (qualifiers, name, value, ...) are offsets into
 * its own heap, which starts right after its fixed fields, or 0xffffffff
 * for none. Names and strings are nul-terminated UTF-16LE. A flavour entry
 * names a qualifier by its offset in the decompressed data. A method is a
 * property of type void (no parameters) or an array of objects: the
 * "__PARAMETERS" instances holding the in and the out parameters.
 */

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bmof.h"

#define NONE		0xffffffffu
#define FOMB_HEADER	16
#define FLAVOR_MAGIC	"BMOFQUALFLAVOR11"

struct flavor {
	uint32_t offset;
	uint32_t flavors;
	uint32_t index;		/* in the table: the first entry for an offset wins */
};

struct dec {
	const uint8_t *d;	/* the decompressed data */
	size_t len;
	char *err;
	size_t errlen;
	int depth;
	size_t work;		/* units left: see charge() */
	const char *kind;	/* what the properties parsed are: "property" or "method" */
	struct flavor *flavors;	/* the flavour table by offset, one entry each, or NULL */
	uint32_t nflavors;
};

static int fail(char *err, size_t errlen, int rc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail(char *err, size_t errlen, int rc, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!err || !errlen)
		return rc;
	n = snprintf(err, errlen, "bmof: ");
	if (n < 0 || (size_t)n >= errlen)
		return rc;
	va_start(ap, fmt);
	vsnprintf(err + n, errlen - n, fmt, ap);
	va_end(ap);
	return rc;
}

#define dfail(c, rc, ...) fail((c)->err, (c)->errlen, rc, __VA_ARGS__)

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t le16(const uint8_t *p)
{
	return p[0] | p[1] << 8;
}

/* ---- DoubleSpace ---------------------------------------------------- */

/*
 * The DS stream is a bit stream read least significant bit first. After
 * the "DS" signature and a version word, each token starts with two bits:
 * 01 and 10 (as the value 1 or 2) are a literal byte whose low seven bits
 * follow (1: with the top bit set), 00 a match at a 6-bit offset, 11 a
 * match at an 8-bit offset + 64 or (after a 1 bit) a 12-bit offset + 320.
 * The largest 12-bit offset, 4415, is a marker: at an output position
 * that is a multiple of 512 a sector sync to skip, else the end. A match
 * length follows its offset: n zero bits, a one, n more bits v: 2^n + 1 + v.
 */
struct bits {
	const uint8_t *p;
	size_t nbits;
	size_t pos;
};

#define DS_END_OFFSET	4415
#define DS_SECTOR	512

/* Bits past the end read as zero; the caller checks pos against nbits. */
static uint32_t get_bits(struct bits *b, unsigned int n)
{
	uint32_t v = 0;
	unsigned int i;

	for (i = 0; i < n; i++, b->pos++) {
		if (b->pos < b->nbits && (b->p[b->pos / 8] >> (b->pos % 8) & 1))
			v |= 1u << i;
	}
	return v;
}

static int ds_length(struct bits *b, uint32_t *len)
{
	unsigned int n = 0;

	while (!get_bits(b, 1)) {
		if (++n > 8)
			return -1;
	}
	*len = (1u << n) + 1 + get_bits(b, n);
	return 0;
}

static int ds_decompress(const uint8_t *in, size_t inlen, uint8_t *out, size_t outlen,
			 char *err, size_t errlen)
{
	struct bits b = { .p = in, .nbits = inlen * 8 };
	size_t o = 0;
	uint32_t off, len, t, lit;

	if (inlen < 4 || in[0] != 'D' || in[1] != 'S')
		return fail(err, errlen, -EINVAL, "no DS signature at offset %d", FOMB_HEADER);
	b.pos = 32;
	for (;;) {
		if (b.pos >= b.nbits)
			return fail(err, errlen, -EINVAL,
				    "DS stream ends after %zu of %zu decompressed bytes", o, outlen);
		t = get_bits(&b, 2);
		if (t == 1 || t == 2) {
			lit = get_bits(&b, 7);
			if (b.pos > b.nbits)
				return fail(err, errlen, -EINVAL, "DS stream truncated in a literal");
			if (o >= outlen)
				return fail(err, errlen, -EINVAL,
					    "DS stream holds more than the %zu decompressed bytes the header says",
					    outlen);
			out[o++] = lit | (t == 1 ? 0x80 : 0);
			continue;
		}
		switch (t) {
		case 0:
			off = get_bits(&b, 6);
			break;
		default:
			if (get_bits(&b, 1))
				off = get_bits(&b, 12) + 320;
			else
				off = get_bits(&b, 8) + 64;
			break;
		}
		if (off == DS_END_OFFSET) {
			if (o == outlen)
				break;
			if (o % DS_SECTOR == 0)
				continue;
			return fail(err, errlen, -EINVAL,
				    "DS stream ends at %zu decompressed bytes, the header says %zu",
				    o, outlen);
		}
		if (off == 0)
			return fail(err, errlen, -EINVAL, "DS match with offset 0 at bit %zu", b.pos);
		if (ds_length(&b, &len))
			return fail(err, errlen, -EINVAL, "DS match length code too long at bit %zu",
				    b.pos);
		if (b.pos > b.nbits)
			return fail(err, errlen, -EINVAL, "DS stream truncated inside a match");
		if (off > o)
			return fail(err, errlen, -EINVAL,
				    "DS back-reference %u bytes before the start of output at %zu",
				    off, o);
		if (len > outlen - o)
			return fail(err, errlen, -EINVAL,
				    "DS match of %u bytes at %zu passes the decompressed length %zu",
				    len, o, outlen);
		/* byte by byte: a match may overlap the bytes it writes */
		for (; len; len--, o++)
			out[o] = out[o - off];
	}
	if (b.pos > b.nbits)
		return fail(err, errlen, -EINVAL, "DS stream truncated in its end marker");
	return 0;
}

/* ---- bounds-checked reads of the decompressed data ------------------- */

/* A structure's extent [start, end) in the decompressed data. */
struct span {
	size_t start;
	size_t end;
};

static int need(struct dec *c, struct span s, size_t off, size_t n, const char *what)
{
	if (off < s.start || off > s.end || s.end - off < n)
		return dfail(c, -EINVAL, "%s at offset %zu needs %zu bytes, its container at %zu ends at %zu",
			     what, off, n, s.start, s.end);
	return 0;
}

static int get32(struct dec *c, struct span s, size_t off, uint32_t *v, const char *what)
{
	int rc = need(c, s, off, 4, what);

	if (!rc)
		*v = le32(c->d + off);
	return rc;
}

/*
 * A structure that starts with its own length: its span, checked to lie
 * inside its container and to hold at least its fixed fields (a length of
 * 0 would otherwise make an array walk stand still).
 */
static int sub_span(struct dec *c, struct span in, size_t off, size_t min, const char *what,
		    struct span *out)
{
	uint32_t len;
	int rc = get32(c, in, off, &len, what);

	if (rc)
		return rc;
	if (len < min)
		return dfail(c, -EINVAL, "%s at offset %zu has length %u, less than its %zu-byte header",
			     what, off, len, min);
	if (len > in.end - off)
		return dfail(c, -EINVAL, "%s at offset %zu has length %u, past its container's end at %zu",
			     what, off, len, in.end);
	out->start = off;
	out->end = off + len;
	return 0;
}

/* A heap reference: NONE, or an offset that must lie inside the heap. */
static int heap_ref(struct dec *c, struct span s, size_t heap, uint32_t ref, const char *what,
		    size_t *abs)
{
	if (ref == NONE) {
		*abs = 0;
		return 0;
	}
	if (ref >= s.end - heap)
		return dfail(c, -EINVAL, "%s offset %u at %zu points outside its %zu-byte structure",
			     what, ref, s.start, s.end - s.start);
	*abs = heap + ref;
	return 0;
}

/* Puts what failed in front of an error from inside it: "class Foo: ..." */
static int wrap(struct dec *c, int rc, const char *kind, const char *name)
{
	char tmp[512];

	if (!c->err || !c->errlen || rc == -ENOMEM)
		return rc;
	snprintf(tmp, sizeof(tmp), "%s", strncmp(c->err, "bmof: ", 6) ? c->err : c->err + 6);
	return dfail(c, rc, "%s %s: %s", kind, name, tmp);
}

/*
 * The work budget. Heap references may share bytes (an object's three
 * arrays at one offset, a value that is also a qualifier list), so a
 * crafted blob could make the same bytes parse again and again, each
 * time allocating. Every item, string character and array element costs
 * a unit; a blob whose every byte is parsed once needs fewer units than
 * it has bytes, so the budget is its size plus some slack.
 */
static int charge(struct dec *c, size_t units, size_t off)
{
	if (units > c->work)
		return dfail(c, -E2BIG, "decoding passes its work limit at offset %zu (shared references?)",
			     off);
	c->work -= units;
	return 0;
}

static int take_item(struct dec *c, size_t off)
{
	return charge(c, 1, off);
}

static void put_utf8(char *o, size_t *j, uint32_t cp)
{
	if (cp < 0x80) {
		o[(*j)++] = cp;
	} else if (cp < 0x800) {
		o[(*j)++] = 0xc0 | cp >> 6;
		o[(*j)++] = 0x80 | (cp & 0x3f);
	} else if (cp < 0x10000) {
		o[(*j)++] = 0xe0 | cp >> 12;
		o[(*j)++] = 0x80 | (cp >> 6 & 0x3f);
		o[(*j)++] = 0x80 | (cp & 0x3f);
	} else {
		o[(*j)++] = 0xf0 | cp >> 18;
		o[(*j)++] = 0x80 | (cp >> 12 & 0x3f);
		o[(*j)++] = 0x80 | (cp >> 6 & 0x3f);
		o[(*j)++] = 0x80 | (cp & 0x3f);
	}
}

/*
 * A nul-terminated UTF-16LE string at off, inside s, as UTF-8; *used is
 * its size with the nul. A lone surrogate becomes U+FFFD.
 */
static int get_string(struct dec *c, struct span s, size_t off, const char *what, char **out,
		      size_t *used)
{
	size_t n, i, j = 0;
	uint32_t cp, lo;
	char *o;

	if (need(c, s, off, 2, what))
		return -EINVAL;
	for (n = 0; off + 2 * n + 1 < s.end; n++) {
		if (!le16(c->d + off + 2 * n))
			break;
	}
	if (off + 2 * n + 1 >= s.end)
		return dfail(c, -EINVAL, "%s at offset %zu has no terminating nul before %zu",
			     what, off, s.end);
	if (charge(c, n, off))
		return -E2BIG;
	o = malloc(3 * n + 1);
	if (!o)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		cp = le16(c->d + off + 2 * i);
		if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < n) {
			lo = le16(c->d + off + 2 * i + 2);
			if (lo >= 0xdc00 && lo <= 0xdfff) {
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
				i++;
			}
		}
		if (cp >= 0xd800 && cp <= 0xdfff)
			cp = 0xfffd;
		put_utf8(o, &j, cp);
	}
	o[j] = 0;
	if (used)
		*used = 2 * (n + 1);
	*out = o;
	return 0;
}

/* ---- values ----------------------------------------------------------- */

static int parse_object(struct dec *c, struct span in, size_t off, struct bmof_object **out);
static void free_object(struct bmof_object *o);

/* The bytes one element takes, or 0 for a variable size (strings, objects). */
static size_t scalar_size(uint32_t type)
{
	switch (type) {
	case BMOF_SINT8:
	case BMOF_UINT8:
		return 1;
	case BMOF_SINT16:
	case BMOF_UINT16:
	case BMOF_BOOLEAN:
	case BMOF_CHAR16:
		return 2;
	case BMOF_SINT32:
	case BMOF_UINT32:
	case BMOF_REAL32:
		return 4;
	case BMOF_SINT64:
	case BMOF_UINT64:
	case BMOF_REAL64:
		return 8;
	default:
		return 0;
	}
}

static bool known_type(uint32_t type)
{
	return scalar_size(type) || type == BMOF_STRING || type == BMOF_DATETIME ||
	       type == BMOF_REFERENCE || type == BMOF_OBJECT;
}

/* One element of type t at off; *used is the bytes it took. */
static int parse_scalar(struct dec *c, struct span s, size_t off, uint32_t t,
			union bmof_scalar *v, size_t *used, const char *what)
{
	size_t n = scalar_size(t);
	const uint8_t *p = c->d + off;
	uint64_t u;
	int rc;

	if (t == BMOF_STRING || t == BMOF_DATETIME || t == BMOF_REFERENCE)
		return get_string(c, s, off, what, &v->s, used);
	if (t == BMOF_OBJECT) {
		struct span os;

		rc = sub_span(c, s, off, 20, "embedded object", &os);
		if (rc)
			return rc;
		*used = os.end - os.start;
		return parse_object(c, os, off, &v->obj);
	}
	rc = need(c, s, off, n, what);
	if (rc)
		return rc;
	*used = n;
	u = n == 1 ? p[0] : n == 2 ? le16(p) : n == 4 ? le32(p) :
		(uint64_t)le32(p + 4) << 32 | le32(p);
	switch (t) {
	case BMOF_SINT8:
		v->i = (int8_t)u;
		break;
	case BMOF_SINT16:
		v->i = (int16_t)u;
		break;
	case BMOF_SINT32:
		v->i = (int32_t)u;
		break;
	case BMOF_SINT64:
		v->i = (int64_t)u;
		break;
	case BMOF_BOOLEAN:
		v->b = u != 0;
		break;
	case BMOF_REAL32: {
		uint32_t w = u;
		float f;

		memcpy(&f, &w, sizeof(f));
		v->r = f;
		break;
	}
	case BMOF_REAL64:
		memcpy(&v->r, &u, sizeof(v->r));
		break;
	default:
		v->u = u;
	}
	return 0;
}

static void free_value(struct bmof_value *v)
{
	uint32_t t = v->type & ~BMOF_ARRAY, i;

	if (!v->v)
		return;
	for (i = 0; i < v->count; i++) {
		if (t == BMOF_STRING || t == BMOF_DATETIME || t == BMOF_REFERENCE)
			free(v->v[i].s);
		else if (t == BMOF_OBJECT)
			free_object(v->v[i].obj);
	}
	free(v->v);
	v->v = NULL;
}

/* An array value: length 1 count items-length item[count]. */
static int parse_array_value(struct dec *c, struct span s, size_t off, uint32_t t,
			     struct bmof_value *v, const char *what)
{
	struct span as, is;
	uint32_t one, count, i;
	size_t at, used, min;
	int rc;

	rc = sub_span(c, s, off, 16, what, &as);
	if (rc)
		return rc;
	if ((rc = get32(c, as, off + 4, &one, what)) || (rc = get32(c, as, off + 8, &count, what)))
		return rc;
	if (one != 1)
		return dfail(c, -EINVAL, "%s at offset %zu: array marker %u, not 1", what, off, one);
	rc = sub_span(c, as, off + 12, 4, what, &is);
	if (rc)
		return rc;
	min = scalar_size(t) ? scalar_size(t) : t == BMOF_OBJECT ? 20 : 2;
	if (count > (is.end - is.start - 4) / min)
		return dfail(c, -EINVAL, "%s at offset %zu: %u elements cannot fit in %zu bytes",
			     what, off, count, is.end - is.start - 4);
	if (charge(c, count, off))
		return -E2BIG;
	v->v = calloc(count ? count : 1, sizeof(*v->v));
	if (!v->v)
		return -ENOMEM;
	at = is.start + 4;
	for (i = 0; i < count; i++, v->count++) {
		rc = parse_scalar(c, is, at, t, &v->v[i], &used, what);
		if (rc) {
			v->count++;	/* a half-parsed object is freed too */
			return rc;
		}
		at += used;
	}
	return 0;
}

static int parse_value(struct dec *c, struct span s, size_t off, uint32_t type,
		       struct bmof_value *v, const char *what)
{
	uint32_t t = type & ~BMOF_ARRAY;
	size_t used;

	v->type = type;
	if (!known_type(t) || (type & ~(BMOF_ARRAY | 0xffffu)))
		return dfail(c, -EINVAL, "%s at offset %zu has unknown type 0x%x", what, off, type);
	if (type & BMOF_ARRAY)
		return parse_array_value(c, s, off, t, v, what);
	v->v = calloc(1, sizeof(*v->v));
	if (!v->v)
		return -ENOMEM;
	v->count = 1;
	return parse_scalar(c, s, off, t, v->v, &used, what);
}

/* ---- qualifiers ------------------------------------------------------- */

/*
 * Sorted by offset, not searched in file order: a table of a million
 * entries and as many qualifiers would otherwise cost 10^12 compares.
 */
static uint32_t flavors_at(struct dec *c, size_t off)
{
	size_t lo = 0, hi = c->nflavors, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (c->flavors[mid].offset == off)
			return c->flavors[mid].flavors;
		if (c->flavors[mid].offset < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

static void free_qualifiers(struct bmof_qualifier *q, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(q[i].name);
		free_value(&q[i].value);
	}
	free(q);
}

/* A qualifier: length type name value heap... */
static int parse_qualifier(struct dec *c, struct span s, struct bmof_qualifier *q)
{
	uint32_t type, name, value;
	size_t heap = s.start + 16, at = 0;
	int rc;

	if ((rc = take_item(c, s.start)) || (rc = get32(c, s, s.start + 4, &type, "qualifier")) ||
	    (rc = get32(c, s, s.start + 8, &name, "qualifier")) ||
	    (rc = get32(c, s, s.start + 12, &value, "qualifier")))
		return rc;
	q->flavors = flavors_at(c, s.start);
	q->value.type = type;
	rc = heap_ref(c, s, heap, name, "qualifier name", &at);
	if (rc)
		return rc;
	if (!at)
		return dfail(c, -EINVAL, "qualifier at offset %zu has no name", s.start);
	rc = get_string(c, s, at, "qualifier name", &q->name, NULL);
	if (rc)
		return rc;
	rc = heap_ref(c, s, heap, value, "qualifier value", &at);
	if (rc || !at)
		return rc;
	rc = parse_value(c, s, at, type, &q->value, "qualifier value");
	return rc ? wrap(c, rc, "qualifier", q->name) : 0;
}

/*
 * An array of length-prefixed structures: length count item[count]. Calls
 * each(c, item span, i, arg) for every item.
 */
typedef int (*item_fn)(struct dec *c, struct span s, uint32_t i, void *arg);

static int walk_array(struct dec *c, struct span in, size_t off, size_t min, const char *what,
		      uint32_t *count, void **items, size_t item_size, item_fn each)
{
	struct span as, is;
	size_t at;
	uint32_t i, n;
	int rc;

	*count = 0;
	rc = sub_span(c, in, off, 8, what, &as);
	if (rc)
		return rc;
	rc = get32(c, as, off + 4, &n, what);
	if (rc)
		return rc;
	if (n > (as.end - as.start - 8) / min)
		return dfail(c, -EINVAL, "%s array at offset %zu: %u items cannot fit in %zu bytes",
			     what, off, n, as.end - as.start - 8);
	*items = calloc(n ? n : 1, item_size);
	if (!*items)
		return -ENOMEM;
	*count = n;
	at = as.start + 8;
	for (i = 0; i < n; i++) {
		rc = sub_span(c, as, at, min, what, &is);
		if (!rc)
			rc = each(c, is, i, *items);
		if (rc) {
			*count = i + 1;	/* what to free */
			return rc;
		}
		at = is.end;
	}
	return 0;
}

static int qualifier_item(struct dec *c, struct span s, uint32_t i, void *arg)
{
	return parse_qualifier(c, s, (struct bmof_qualifier *)arg + i);
}

static int parse_qualifiers(struct dec *c, struct span in, size_t off,
			    struct bmof_qualifier **q, size_t *n)
{
	uint32_t count = 0;
	void *items = NULL;
	int rc;

	*q = NULL;
	*n = 0;
	if (!off)
		return 0;
	rc = walk_array(c, in, off, 16, "qualifier", &count, &items, sizeof(**q), qualifier_item);
	*q = items;
	*n = count;
	return rc;
}

const struct bmof_qualifier *bmof_qualifier_find(const struct bmof_qualifier *q, size_t n,
						 const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (q[i].name && !strcasecmp(q[i].name, name))
			return &q[i];
	}
	return NULL;
}

/* A qualifier's integer value, if it has one. */
static bool qualifier_int(const struct bmof_qualifier *q, int64_t *v)
{
	uint32_t t;

	if (!q || !q->value.v || q->value.count != 1 || (q->value.type & BMOF_ARRAY))
		return false;
	t = q->value.type;
	switch (t) {
	case BMOF_SINT8:
	case BMOF_SINT16:
	case BMOF_SINT32:
	case BMOF_SINT64:
		*v = q->value.v[0].i;
		return true;
	case BMOF_UINT8:
	case BMOF_UINT16:
	case BMOF_UINT32:
	case BMOF_UINT64:
		*v = (int64_t)q->value.v[0].u;
		return true;
	default:
		return false;
	}
}

static bool qualifier_true(const struct bmof_qualifier *q)
{
	/* a boolean qualifier written without a value is true */
	if (!q)
		return false;
	if (!q->value.v)
		return true;
	return q->value.type == BMOF_BOOLEAN && q->value.v[0].b;
}

static const char *qualifier_string(const struct bmof_qualifier *q)
{
	if (!q || !q->value.v || q->value.type != BMOF_STRING)
		return NULL;
	return q->value.v[0].s;
}

/* ---- properties and methods ------------------------------------------ */

static void free_property(struct bmof_property *p)
{
	free(p->name);
	free(p->type_name);
	if (p->value) {
		free_value(p->value);
		free(p->value);
	}
	free_qualifiers(p->qualifiers, p->nqualifiers);
}

static void free_method(struct bmof_method *m)
{
	size_t i;

	free(m->name);
	free(m->returns);
	free_qualifiers(m->qualifiers, m->nqualifiers);
	for (i = 0; i < m->nparams; i++)
		free_property(&m->params[i]);
	free(m->params);
}

/*
 * The type's name as MOF writes it. An embedded object's class and a
 * reference's target are only in the CIMTYPE qualifier ("object:Foo",
 * "ref:Foo").
 */
static char *type_name_of(uint32_t type, const struct bmof_qualifier *q, size_t n)
{
	const char *cim = qualifier_string(bmof_qualifier_find(q, n, "CIMTYPE"));
	uint32_t t = type & ~BMOF_ARRAY;
	char *s;

	if (t == BMOF_OBJECT && cim && !strncasecmp(cim, "object:", 7) && cim[7])
		return strdup(cim + 7);
	if (t == BMOF_REFERENCE && cim && !strncasecmp(cim, "ref:", 4) && cim[4]) {
		if (asprintf(&s, "%s ref", cim + 4) < 0)
			return NULL;
		return s;
	}
	return strdup(bmof_type_name(t));
}

/* A property: length type name value qualifiers heap... */
static int parse_property(struct dec *c, struct span s, struct bmof_property *p)
{
	uint32_t name, value, quals;
	size_t heap = s.start + 20, at = 0;
	bool in, out;
	int rc;

	p->id = -1;
	if ((rc = take_item(c, s.start)) || (rc = get32(c, s, s.start + 4, &p->type, "property")) ||
	    (rc = get32(c, s, s.start + 8, &name, "property")) ||
	    (rc = get32(c, s, s.start + 12, &value, "property")) ||
	    (rc = get32(c, s, s.start + 16, &quals, "property")))
		return rc;
	rc = heap_ref(c, s, heap, name, "property name", &at);
	if (rc)
		return rc;
	if (!at)
		return dfail(c, -EINVAL, "%s at offset %zu has no name", c->kind, s.start);
	rc = get_string(c, s, at, "property name", &p->name, NULL);
	if (rc)
		return rc;
	rc = heap_ref(c, s, heap, quals, "property qualifiers", &at);
	if (!rc)
		rc = parse_qualifiers(c, s, at, &p->qualifiers, &p->nqualifiers);
	if (!rc)
		rc = heap_ref(c, s, heap, value, "property value", &at);
	if (!rc && at) {
		p->value = calloc(1, sizeof(*p->value));
		rc = p->value ? parse_value(c, s, at, p->type, p->value, "value") : -ENOMEM;
	}
	if (!rc && p->type != BMOF_VOID && !known_type(p->type & ~BMOF_ARRAY))
		rc = dfail(c, -EINVAL, "unknown type 0x%x at offset %zu", p->type, s.start + 4);
	if (rc)
		return wrap(c, rc, c->kind, p->name);
	p->array = p->type & BMOF_ARRAY;
	p->type_name = type_name_of(p->type, p->qualifiers, p->nqualifiers);
	if (!p->type_name)
		return -ENOMEM;
	qualifier_int(bmof_qualifier_find(p->qualifiers, p->nqualifiers, "ID"), &p->id);
	in = qualifier_true(bmof_qualifier_find(p->qualifiers, p->nqualifiers, "In"));
	out = qualifier_true(bmof_qualifier_find(p->qualifiers, p->nqualifiers, "Out"));
	p->direction = in && out ? BMOF_DIR_INOUT : in ? BMOF_DIR_IN : out ? BMOF_DIR_OUT :
		       BMOF_DIR_NONE;
	return 0;
}

static int property_item(struct dec *c, struct span s, uint32_t i, void *arg)
{
	return parse_property(c, s, (struct bmof_property *)arg + i);
}

static int parse_properties(struct dec *c, struct span in, size_t off, const char *kind,
			    struct bmof_property **p, size_t *n)
{
	const char *outer = c->kind;
	uint32_t count = 0;
	void *items = NULL;
	int rc;

	*p = NULL;
	*n = 0;
	if (!off)
		return 0;
	c->kind = kind;
	rc = walk_array(c, in, off, 20, kind, &count, &items, sizeof(**p), property_item);
	c->kind = outer;
	*p = items;
	*n = count;
	return rc;
}

/* Moves src into dst, leaving src empty. */
static void move_property(struct bmof_property *dst, struct bmof_property *src)
{
	*dst = *src;
	memset(src, 0, sizeof(*src));
}

static bool is_direction(const struct bmof_qualifier *q)
{
	return !strcasecmp(q->name, "In") || !strcasecmp(q->name, "Out");
}

/*
 * "[In, Out, ID(1)]" reads better than "[In, ID(1), Out]": a stable
 * partition through a copy, as moving each In and Out to the front in
 * place is quadratic in a list that may be a million qualifiers long.
 */
static int directions_first(struct bmof_qualifier *q, size_t n)
{
	struct bmof_qualifier *t = malloc((n ? n : 1) * sizeof(*t));
	size_t i, k = 0;

	if (!t)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		if (is_direction(&q[i]))
			t[k++] = q[i];
	}
	for (i = 0; i < n; i++) {
		if (!is_direction(&q[i]))
			t[k++] = q[i];
	}
	memcpy(q, t, n * sizeof(*q));
	free(t);
	return 0;
}

/*
 * A parameter that is both in and out is in both __PARAMETERS objects:
 * one parameter with the direction of both, and the qualifiers of both.
 */
static int merge_param(struct dec *c, struct bmof_property *into, struct bmof_property *p)
{
	struct bmof_qualifier *q;
	size_t i, n = into->nqualifiers;

	if (into->type != p->type)
		return -EINVAL;
	/* each of p's qualifiers is looked for among into's: a unit a compare */
	if (charge(c, n * p->nqualifiers, 0))
		return -E2BIG;
	into->direction |= p->direction;	/* IN | OUT == INOUT */
	q = realloc(into->qualifiers, (n + p->nqualifiers + 1) * sizeof(*q));
	if (!q)
		return -ENOMEM;
	into->qualifiers = q;
	for (i = 0; i < p->nqualifiers; i++) {
		if (bmof_qualifier_find(q, n, p->qualifiers[i].name))
			continue;
		q[into->nqualifiers++] = p->qualifiers[i];
		memset(&p->qualifiers[i], 0, sizeof(p->qualifiers[i]));
	}
	if (into->id < 0)
		into->id = p->id;
	return directions_first(into->qualifiers, into->nqualifiers);
}

static int cmp_param(const void *a, const void *b)
{
	const struct bmof_property *x = a, *y = b;

	/* parameters without an ID go last, in their order (stable by name) */
	if (x->id != y->id) {
		if (x->id < 0)
			return 1;
		if (y->id < 0)
			return -1;
		return x->id < y->id ? -1 : 1;
	}
	return strcmp(x->name, y->name);
}

static int add_param(struct dec *c, struct bmof_method *m, struct bmof_property *p)
{
	struct bmof_property *np;
	size_t i;
	int rc;

	if (!strcasecmp(p->name, "ReturnValue")) {
		if (m->returns && strcmp(m->returns, "void"))
			return dfail(c, -EINVAL, "two ReturnValues");
		free(m->returns);
		m->returns = p->type_name;
		m->returns_array = p->array;
		p->type_name = NULL;
		return 0;
	}
	/*
	 * Each parameter is looked for among those before it: a unit a
	 * compare, so that a __PARAMETERS of half a million cannot take
	 * minutes (legal methods have a handful).
	 */
	if (charge(c, m->nparams, 0))
		return -E2BIG;
	for (i = 0; i < m->nparams; i++) {
		if (strcmp(m->params[i].name, p->name))
			continue;
		rc = merge_param(c, &m->params[i], p);
		if (rc == -EINVAL)
			return dfail(c, rc, "parameter %s is in and out with two types", p->name);
		return rc;
	}
	np = realloc(m->params, (m->nparams + 1) * sizeof(*np));
	if (!np)
		return -ENOMEM;
	m->params = np;
	move_property(&m->params[m->nparams++], p);
	return 0;
}

/*
 * A method as stored: a property of type void (no parameters, returns
 * void) or an array of "__PARAMETERS" instances, one for the in and one
 * for the out parameters and the ReturnValue.
 */
static int method_from_property(struct dec *c, struct bmof_property *p, struct bmof_method *m)
{
	const struct bmof_object *o;
	uint32_t i;
	size_t j;
	int rc;

	m->name = p->name;
	p->name = NULL;
	m->qualifiers = p->qualifiers;
	m->nqualifiers = p->nqualifiers;
	p->qualifiers = NULL;
	p->nqualifiers = 0;
	m->id = -1;
	qualifier_int(bmof_qualifier_find(m->qualifiers, m->nqualifiers, "WmiMethodId"), &m->id);
	m->returns = strdup("void");
	if (!m->returns)
		return -ENOMEM;
	if (p->type == BMOF_VOID || !p->value)
		return 0;
	if (p->type != (BMOF_OBJECT | BMOF_ARRAY))
		return dfail(c, -EINVAL, "method %s has type 0x%x, not an array of objects", m->name,
			     p->type);
	for (i = 0; i < p->value->count; i++) {
		o = p->value->v[i].obj;
		if (!o->name || strcmp(o->name, "__PARAMETERS"))
			return dfail(c, -EINVAL, "method %s: parameter object %u is %s, not __PARAMETERS",
				     m->name, i, o->name ? o->name : "unnamed");
		for (j = 0; j < o->nproperties; j++) {
			rc = add_param(c, m, &o->properties[j]);
			if (rc)
				return wrap(c, rc, "method", m->name);
		}
	}
	if (m->nparams > 1)	/* qsort wants a non-NULL base even for 0 */
		qsort(m->params, m->nparams, sizeof(*m->params), cmp_param);
	return 0;
}

static int parse_methods(struct dec *c, struct span in, size_t off, struct bmof_method **m,
			 size_t *n)
{
	struct bmof_property *p;
	size_t np, i;
	int rc;

	*m = NULL;
	*n = 0;
	rc = parse_properties(c, in, off, "method", &p, &np);
	if (!rc && np) {
		*m = calloc(np, sizeof(**m));
		if (!*m)
			rc = -ENOMEM;
	}
	for (i = 0; !rc && i < np; i++, (*n)++)
		rc = method_from_property(c, &p[i], &(*m)[i]);
	for (i = 0; i < np; i++)
		free_property(&p[i]);
	free(p);
	return rc;
}

/* ---- objects ---------------------------------------------------------- */

static void free_object(struct bmof_object *o)
{
	size_t i;

	if (!o)
		return;
	free(o->name);
	free(o->superclass);
	free(o->namespace);
	free_qualifiers(o->qualifiers, o->nqualifiers);
	for (i = 0; i < o->nproperties; i++)
		free_property(&o->properties[i]);
	free(o->properties);
	for (i = 0; i < o->nmethods; i++)
		free_method(&o->methods[i]);
	free(o->methods);
	free(o);
}

/* "{8d9ddcbc-a997-...}" or without braces: upper case, no braces, or "". */
static void set_guid(struct bmof_object *o)
{
	const char *s = qualifier_string(bmof_qualifier_find(o->qualifiers, o->nqualifiers, "guid"));
	size_t i, n;

	if (!s)
		return;
	if (*s == '{')
		s++;
	n = strlen(s);
	if (n < 36 || (n > 36 && strcmp(s + 36, "}")))
		return;
	for (i = 0; i < 36; i++) {
		bool dash = i == 8 || i == 13 || i == 18 || i == 23;

		if (dash ? s[i] != '-' : !strchr("0123456789abcdefABCDEF", s[i]) || !s[i])
			return;
	}
	for (i = 0; i < 36; i++)
		o->guid[i] = s[i] >= 'a' && s[i] <= 'f' ? s[i] - 32 : s[i];
	o->guid[36] = 0;
}

/*
 * The system properties (__CLASS, __SUPERCLASS, __NAMESPACE) name the
 * object; the others (__CLASSFLAGS, ...) are compiler pragmas, dropped.
 */
static void take_system_properties(struct bmof_object *o)
{
	struct bmof_property *p;
	char **dst;
	size_t i, k = 0;

	for (i = 0; i < o->nproperties; i++) {
		p = &o->properties[i];
		/* a property that failed half-way may have no name */
		if (!p->name || strncmp(p->name, "__", 2)) {
			if (k != i)
				move_property(&o->properties[k], p);
			k++;
			continue;
		}
		dst = !strcmp(p->name, "__CLASS") ? &o->name :
		      !strcmp(p->name, "__SUPERCLASS") ? &o->superclass :
		      !strcmp(p->name, "__NAMESPACE") ? &o->namespace : NULL;
		if (dst && !*dst && p->value && p->value->type == BMOF_STRING) {
			*dst = p->value->v[0].s;
			p->value->v[0].s = NULL;
		}
		free_property(p);
		memset(p, 0, sizeof(*p));
	}
	o->nproperties = k;
}

/* An object: length qualifiers properties methods kind heap... */
static int parse_object_in(struct dec *c, struct span s, struct bmof_object *o)
{
	uint32_t quals, props, meths, kind;
	size_t heap = s.start + 20, at = 0;
	int rc;

	if ((rc = take_item(c, s.start)) || (rc = get32(c, s, s.start + 4, &quals, "object")) ||
	    (rc = get32(c, s, s.start + 8, &props, "object")) ||
	    (rc = get32(c, s, s.start + 12, &meths, "object")) ||
	    (rc = get32(c, s, s.start + 16, &kind, "object")))
		return rc;
	if (kind > 1)
		return dfail(c, -EINVAL, "object at offset %zu has kind %u, neither class (0) nor instance (1)",
			     s.start, kind);
	o->instance = kind == 1;
	rc = heap_ref(c, s, heap, props, "object properties", &at);
	if (!rc)
		rc = parse_properties(c, s, at, "property", &o->properties, &o->nproperties);
	take_system_properties(o);
	if (!rc)
		rc = heap_ref(c, s, heap, quals, "object qualifiers", &at);
	if (!rc)
		rc = parse_qualifiers(c, s, at, &o->qualifiers, &o->nqualifiers);
	if (!rc)
		rc = heap_ref(c, s, heap, meths, "object methods", &at);
	if (!rc && at)
		rc = parse_methods(c, s, at, &o->methods, &o->nmethods);
	set_guid(o);
	return rc;
}

static int parse_object(struct dec *c, struct span in, size_t off, struct bmof_object **out)
{
	struct bmof_object *o;
	struct span s;
	char where[32];
	int rc;

	*out = NULL;
	if (c->depth >= BMOF_MAX_DEPTH)
		return dfail(c, -E2BIG, "objects nested deeper than %d at offset %zu", BMOF_MAX_DEPTH,
			     off);
	rc = sub_span(c, in, off, 20, "object", &s);
	if (rc)
		return rc;
	o = calloc(1, sizeof(*o));
	if (!o)
		return -ENOMEM;
	c->depth++;
	rc = parse_object_in(c, s, o);
	c->depth--;
	*out = o;
	if (rc && o->name)
		return wrap(c, rc, o->instance ? "instance of" : "class", o->name);
	if (rc) {
		snprintf(where, sizeof(where), "at offset %zu", s.start);
		return wrap(c, rc, "object", where);
	}
	return 0;
}

/* ---- the container ---------------------------------------------------- */

static int cmp_flavor(const void *a, const void *b)
{
	const struct flavor *x = a, *y = b;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* The optional flavour table after the root: magic count {offset flavors}. */
static int parse_flavor_table(struct dec *c, size_t off)
{
	size_t left = c->len - off;
	uint32_t count, i, n = 0;
	const uint8_t *p;

	if (left < 20 || memcmp(c->d + off, FLAVOR_MAGIC, 16))
		return 0;	/* padding only: nothing to apply */
	count = le32(c->d + off + 16);
	if (count > (left - 20) / 8)
		return dfail(c, -EINVAL, "flavour table at offset %zu: %u entries cannot fit in %zu bytes",
			     off, count, left - 20);
	if (!count)
		return 0;
	c->flavors = malloc(count * sizeof(*c->flavors));
	if (!c->flavors)
		return -ENOMEM;
	for (i = 0, p = c->d + off + 20; i < count; i++, p += 8)
		c->flavors[i] = (struct flavor){ le32(p), le32(p + 4), i };
	qsort(c->flavors, count, sizeof(*c->flavors), cmp_flavor);
	/* keep the first entry for each offset, as a search in file order finds */
	for (i = 0; i < count; i++) {
		if (n && c->flavors[n - 1].offset == c->flavors[i].offset)
			continue;
		c->flavors[n++] = c->flavors[i];
	}
	c->nflavors = n;
	return 0;
}

static int parse_root(struct dec *c, struct bmof *b)
{
	struct span all = { 0, c->len }, root;
	uint32_t one, two, count, i;
	size_t at;
	int rc;

	if (c->len < 20 || memcmp(c->d, "FOMB", 4))
		return dfail(c, -EINVAL, "decompressed data does not start with FOMB");
	/* the root's length follows its magic, unlike everything else's */
	root.start = 0;
	root.end = le32(c->d + 4);
	if (root.end < 20 || root.end > all.end)
		return dfail(c, -EINVAL, "root length %zu at offset 4 is outside 20..%zu",
			     root.end, all.end);
	rc = parse_flavor_table(c, root.end);
	if (rc)
		return rc;
	one = le32(c->d + 8);
	two = le32(c->d + 12);
	count = le32(c->d + 16);
	if (one != 1 || two != 1)
		return dfail(c, -EINVAL, "root header at offset 8 is %u %u, not 1 1", one, two);
	if (count > (root.end - 20) / 20)
		return dfail(c, -EINVAL, "root: %u objects cannot fit in %zu bytes", count,
			     root.end - 20);
	b->objects = calloc(count ? count : 1, sizeof(*b->objects));
	if (!b->objects)
		return -ENOMEM;
	for (at = 20, i = 0; i < count; i++) {
		rc = parse_object(c, root, at, &b->objects[i]);
		if (b->objects[i])
			b->nobjects++;
		if (rc)
			return rc;
		at += le32(c->d + at);	/* checked by parse_object */
	}
	return 0;
}

int bmof_decode(const void *buf, size_t len, struct bmof **out, char *err, size_t errlen)
{
	const uint8_t *p = buf;
	struct dec c = { .err = err, .errlen = errlen };
	uint32_t version, clen, dlen;
	uint8_t *data;
	struct bmof *b;
	int rc;

	*out = NULL;
	if (err && errlen)
		err[0] = 0;
	/*
	 * An empty bmof (a firmware buffer of no bytes, a failed copy) or one
	 * cut inside the magic is short, not foreign: say which, as for the
	 * header below.
	 */
	if (!len)
		return fail(err, errlen, -EINVAL, "empty: 0 bytes, no FOMB magic at offset 0");
	if (len < 4 && !memcmp(p, "FOMB", len))
		return fail(err, errlen, -EINVAL, "truncated: %zu bytes, inside the FOMB magic", len);
	if (len < 4 || memcmp(p, "FOMB", 4))
		return fail(err, errlen, -EINVAL, "no FOMB magic at offset 0");
	if (len < FOMB_HEADER)
		return fail(err, errlen, -EINVAL, "header truncated: %zu of %d bytes", len,
			    FOMB_HEADER);
	version = le32(p + 4);
	clen = le32(p + 8);
	dlen = le32(p + 12);
	if (version != 1)
		return fail(err, errlen, -EINVAL, "version %u at offset 4, only 1 is known", version);
	/* firmware buffers may carry padding after the stream: allow it */
	if (clen > len - FOMB_HEADER)
		return fail(err, errlen, -EINVAL,
			    "compressed length %u exceeds blob size %zu (%zu bytes after the header)",
			    clen, len, len - FOMB_HEADER);
	if (dlen > BMOF_MAX_DECOMPRESSED)
		return fail(err, errlen, -E2BIG, "decompressed length %u exceeds the limit of %u",
			    dlen, BMOF_MAX_DECOMPRESSED);
	data = malloc(dlen ? dlen : 1);
	if (!data)
		return -ENOMEM;
	rc = ds_decompress(p + FOMB_HEADER, clen, data, dlen, err, errlen);
	if (rc) {
		free(data);
		return rc;
	}
	b = calloc(1, sizeof(*b));
	if (!b) {
		free(data);
		return -ENOMEM;
	}
	b->decompressed_len = dlen;
	c.d = data;
	c.len = dlen;
	c.work = dlen + BMOF_WORK_SLACK;
	rc = parse_root(&c, b);
	free(c.flavors);
	free(data);
	if (rc) {
		bmof_free(b);
		if (rc == -ENOMEM)
			fail(err, errlen, rc, "out of memory");
		return rc;
	}
	*out = b;
	return 0;
}

void bmof_free(struct bmof *b)
{
	size_t i;

	if (!b)
		return;
	for (i = 0; i < b->nobjects; i++)
		free_object(b->objects[i]);
	free(b->objects);
	free(b);
}

const char *bmof_type_name(uint32_t type)
{
	switch (type & ~BMOF_ARRAY) {
	case BMOF_VOID: return "void";
	case BMOF_SINT8: return "sint8";
	case BMOF_UINT8: return "uint8";
	case BMOF_SINT16: return "sint16";
	case BMOF_UINT16: return "uint16";
	case BMOF_SINT32: return "sint32";
	case BMOF_UINT32: return "uint32";
	case BMOF_SINT64: return "sint64";
	case BMOF_UINT64: return "uint64";
	case BMOF_REAL32: return "real32";
	case BMOF_REAL64: return "real64";
	case BMOF_BOOLEAN: return "boolean";
	case BMOF_STRING: return "string";
	case BMOF_DATETIME: return "datetime";
	case BMOF_REFERENCE: return "ref";
	case BMOF_CHAR16: return "char16";
	case BMOF_OBJECT: return "object";
	default: return "unknown";
	}
}

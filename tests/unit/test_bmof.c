// SPDX-License-Identifier: GPL-2.0
/*
 * The Binary MOF decoder (loader/bmof.c) on fixtures built here by
 * tests/unit/bmof_fixture.c: every MOF feature the decoder knows, the
 * DS match path, and corrupt blobs that must fail with an error naming
 * the problem. BMOF_CORPUS=DIR also decodes every .bmf file in DIR (real
 * firmware; never kept in the tree).
 */

#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bmof.h"
#include "bmof_fixture.h"

static char err[512];

static struct bmof *decode_ok(const struct fx *blob)
{
	struct bmof *b = NULL;
	int rc = bmof_decode(blob->d, blob->len, &b, err, sizeof(err));

	if (rc)
		fail_msg("decode failed: %d %s", rc, err);
	assert_non_null(b);
	return b;
}

/* Decoding fails with rc and an error holding want. */
static void decode_fails(const void *d, size_t len, int rc, const char *want)
{
	struct bmof *b = (struct bmof *)1;

	assert_int_equal(bmof_decode(d, len, &b, err, sizeof(err)), rc);
	assert_null(b);
	if (!strstr(err, want))
		fail_msg("error \"%s\" does not say \"%s\"", err, want);
	assert_int_equal(strncmp(err, "bmof: ", 6), 0);
}

static uint32_t le32_at(const struct fx *f, long at)
{
	const uint8_t *p = f->d + at;

	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The decompressed data as a literal-only blob. */
static struct fx *wrap(const struct fx *data)
{
	return fx_fomb(fx_ds(data, false), data->len);
}

static const struct bmof_object *find_object(const struct bmof *b, const char *name, bool inst)
{
	size_t i;

	for (i = 0; i < b->nobjects; i++) {
		if (b->objects[i]->name && !strcmp(b->objects[i]->name, name) &&
		    b->objects[i]->instance == inst)
			return b->objects[i];
	}
	fail_msg("no %s %s", inst ? "instance of" : "class", name);
	return NULL;
}

static const struct bmof_property *find_prop(const struct bmof_property *p, size_t n,
					     const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!strcmp(p[i].name, name))
			return &p[i];
	}
	fail_msg("no property %s", name);
	return NULL;
}

static const struct bmof_method *find_method(const struct bmof_object *o, const char *name)
{
	size_t i;

	for (i = 0; i < o->nmethods; i++) {
		if (!strcmp(o->methods[i].name, name))
			return &o->methods[i];
	}
	fail_msg("no method %s", name);
	return NULL;
}

static void check_param(const struct bmof_property *p, const char *name, const char *type,
			enum bmof_direction dir, int64_t id, bool array)
{
	assert_string_equal(p->name, name);
	assert_string_equal(p->type_name, type);
	assert_int_equal(p->direction, dir);
	assert_int_equal(p->id, id);
	assert_int_equal(p->array, array);
}

static void check_acme(const struct bmof *b)
{
	const struct bmof_object *fan = find_object(b, "AcmeFan", false);
	const struct bmof_object *blob = find_object(b, "AcmeBlob", false);
	const struct bmof_object *inst = find_object(b, "AcmeFan", true);
	const struct bmof_qualifier *q;
	const struct bmof_property *p;
	const struct bmof_method *m;

	assert_int_equal(b->nobjects, 3);
	/* class, guid upper case without braces, namespace, flavours */
	assert_string_equal(fan->guid, "FE733490-2E22-4EDB-A7B5-BC248874D383");
	assert_string_equal(fan->namespace, "root\\wmi");
	assert_null(fan->superclass);
	assert_non_null(bmof_qualifier_find(fan->qualifiers, fan->nqualifiers, "WMI"));
	q = bmof_qualifier_find(fan->qualifiers, fan->nqualifiers, "Description");
	assert_non_null(q);
	assert_string_equal(q->value.v[0].s, "Acme fan control");
	assert_int_equal(q->flavors, BMOF_FLAVOR_AMENDED | BMOF_FLAVOR_TO_SUBCLASS);
	assert_int_equal(bmof_qualifier_find(fan->qualifiers, fan->nqualifiers, "WMI")->flavors, 0);

	/* properties: system ones gone, types and arrays */
	assert_int_equal(fan->nproperties, 7);
	p = find_prop(fan->properties, fan->nproperties, "Speed");
	assert_string_equal(p->type_name, "uint32");
	assert_false(p->array);
	assert_int_equal(bmof_qualifier_find(p->qualifiers, p->nqualifiers, "WmiDataId")->value.v[0].i,
			 1);
	p = find_prop(fan->properties, fan->nproperties, "Levels");
	assert_string_equal(p->type_name, "uint8");
	assert_true(p->array);
	assert_int_equal(bmof_qualifier_find(p->qualifiers, p->nqualifiers, "MAX")->value.v[0].i, 16);
	assert_string_equal(find_prop(fan->properties, fan->nproperties, "Temp")->type_name, "sint16");
	assert_string_equal(find_prop(fan->properties, fan->nproperties, "Serial")->type_name, "uint64");
	assert_string_equal(find_prop(fan->properties, fan->nproperties, "Active")->type_name, "boolean");
	assert_true(find_prop(fan->properties, fan->nproperties, "Names")->array);

	/* methods: ids, in/out/inout, ID order, return types, void */
	assert_int_equal(fan->nmethods, 4);
	m = find_method(fan, "GetSpeed");
	assert_int_equal(m->id, 1);
	assert_string_equal(m->returns, "void");
	assert_int_equal(m->nparams, 2);
	check_param(&m->params[0], "Fan", "uint32", BMOF_DIR_IN, 0, false);
	check_param(&m->params[1], "Speed", "uint32", BMOF_DIR_OUT, 1, false);
	m = find_method(fan, "SetProfile");
	assert_int_equal(m->id, 6);
	assert_string_equal(m->returns, "uint32");
	assert_int_equal(m->nparams, 2);
	check_param(&m->params[0], "Profile", "uint32", BMOF_DIR_IN, 0, false);
	check_param(&m->params[1], "Data", "uint8", BMOF_DIR_INOUT, 1, true);
	assert_non_null(bmof_qualifier_find(m->qualifiers, m->nqualifiers, "Description"));
	m = find_method(fan, "Reset");
	assert_int_equal(m->id, 7);
	assert_string_equal(m->returns, "void");
	assert_int_equal(m->nparams, 0);
	/* an embedded object parameter: its class from CIMTYPE */
	m = find_method(fan, "SetBlob");
	assert_int_equal(m->nparams, 1);
	check_param(&m->params[0], "Blob", "AcmeBlob", BMOF_DIR_IN, 0, false);
	assert_int_equal(m->params[0].type, BMOF_OBJECT);

	assert_string_equal(blob->guid, "8A2D3C4B-0000-4000-8000-00000000B10B");

	/* the instance's values */
	p = find_prop(inst->properties, inst->nproperties, "Speed");
	assert_non_null(p->value);
	assert_int_equal(p->value->v[0].u, 1200);
	p = find_prop(inst->properties, inst->nproperties, "Levels");
	assert_int_equal(p->value->count, 3);
	assert_int_equal(p->value->v[2].u, 3);
	p = find_prop(inst->properties, inst->nproperties, "Names");
	assert_int_equal(p->value->count, 2);
	assert_string_equal(p->value->v[1].s, "loud");
	assert_true(find_prop(inst->properties, inst->nproperties, "Active")->value->v[0].b);
}

static char *print(const struct bmof *b, bool json)
{
	char *out = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&out, &size);

	assert_non_null(f);
	if (json)
		bmof_print_json(f, b, false);
	else
		bmof_print_mof(f, b);
	fclose(f);
	return out;
}

static void acme_literal(void **state)
{
	struct fx *blob = fx_acme_blob(false);
	struct bmof *b = decode_ok(blob);

	(void)state;
	check_acme(b);
	bmof_free(b);
	fx_free(blob);
}

/* The same data through the match path (offsets of every width). */
static void acme_compressed(void **state)
{
	struct fx *lit = fx_acme_blob(false), *cmp = fx_acme_blob(true);
	struct bmof *a = decode_ok(lit), *b = decode_ok(cmp);
	char *ja = print(a, true), *jb = print(b, true);

	(void)state;
	assert_true(cmp->len < lit->len / 2);
	check_acme(b);
	assert_string_equal(ja, jb);
	free(ja);
	free(jb);
	bmof_free(a);
	bmof_free(b);
	fx_free(lit);
	fx_free(cmp);
}

static void acme_json(void **state)
{
	struct fx *blob = fx_acme_blob(true);
	struct bmof *b = decode_ok(blob);
	char *j = print(b, true);

	(void)state;
	assert_non_null(strstr(j, "{\"classes\":[{\"name\":\"AcmeFan\","
				  "\"guid\":\"FE733490-2E22-4EDB-A7B5-BC248874D383\",\"qualifiers\":{"
				  "\"WMI\":true,\"Dynamic\":true,"));
	assert_non_null(strstr(j, "{\"name\":\"Levels\",\"type\":\"uint8\",\"array\":true}"));
	assert_non_null(strstr(j, "{\"name\":\"SetProfile\",\"id\":6,\"returns\":\"uint32\",\"params\":["
				  "{\"name\":\"Profile\",\"type\":\"uint32\",\"direction\":\"in\",\"id\":0,"
				  "\"array\":false},{\"name\":\"Data\",\"type\":\"uint8\","
				  "\"direction\":\"inout\",\"id\":1,\"array\":true}]}"));
	assert_non_null(strstr(j, "{\"name\":\"Reset\",\"id\":7,\"returns\":\"void\",\"params\":[]}"));
	assert_non_null(strstr(j, "\"type\":\"AcmeBlob\",\"direction\":\"in\""));
	assert_non_null(strstr(j, "\"instances\":[{\"name\":\"AcmeFan\",\"guid\":null"));
	assert_non_null(strstr(j, "\"value\":[1,2,3]"));
	assert_null(strstr(j, "CIMTYPE"));
	free(j);
	bmof_free(b);
	fx_free(blob);
}

static void acme_mof(void **state)
{
	struct fx *blob = fx_acme_blob(false);
	struct bmof *b = decode_ok(blob);
	char *t = print(b, false);

	(void)state;
	assert_non_null(strstr(t, "#pragma namespace(\"root\\\\wmi\")\n"));
	assert_non_null(strstr(t, "[WMI, Dynamic, guid(\"{fe733490-2e22-4edb-a7b5-bc248874d383}\"), "
				  "Description(\"Acme fan control\") : Amended ToSubclass]\nclass AcmeFan\n{\n"));
	assert_non_null(strstr(t, "  [WmiDataId(2), MAX(16)] uint8 Levels[];\n"));
	assert_non_null(strstr(t, "  [WmiMethodId(1), Implemented] void GetSpeed([In, ID(0)] uint32 Fan, "
				  "[Out, ID(1)] uint32 Speed);\n"));
	assert_non_null(strstr(t, "uint32 SetProfile([In, ID(0)] uint32 Profile, "
				  "[In, Out, ID(1)] uint8 Data[]);\n"));
	assert_non_null(strstr(t, "void Reset();\n"));
	assert_non_null(strstr(t, "void SetBlob([In, ID(0)] AcmeBlob Blob);\n"));
	assert_non_null(strstr(t, "instance of AcmeFan\n{\n  InstanceName = \"ACPI\\\\PNP0C14\\\\0_0\";\n"));
	assert_non_null(strstr(t, "  Names = {\"quiet\", \"loud\"};\n"));
	free(t);
	bmof_free(b);
	fx_free(blob);
}

/*
 * Names are firmware's: in MOF text one must not pose as syntax nor send
 * the terminal an escape sequence (ESC, or C1's CSI U+009B), and a
 * string's escapes must not run into the next character.
 */
static void hostile_names_mof(void **state)
{
	struct fx *data, *blob;
	struct bmof *b;
	char *t;
	long at;

	(void)state;
	data = fx_root(fx_object(0, fx_list(fx_qualifier("Q\x1b[2J", BMOF_STRING, fx_str("a\x01" "b\x9b\"\x02")),
					    NULL),
				 fx_list(fx_property("__CLASS", BMOF_STRING, fx_str("Evil\n{\n};\nclass Fake"), NULL),
					 fx_property("__SUPERCLASS", BMOF_STRING, fx_str("S:"), NULL),
					 fx_property("P\x9b", BMOF_UINT32, NULL, NULL),
					 fx_property("R\x03" "B", BMOF_STRING, fx_str("\x04x"), NULL),
					 NULL),
				 NULL), NULL);
	/* \x02 in the qualifier's value becomes a lone high surrogate */
	at = fx_find(data, &(struct fx){ .d = (uint8_t *)"\x02\0\0\0", .len = 4 });
	assert_true(at > 0);
	data->d[at] = 0;
	data->d[at + 1] = 0xd8;
	/* \x03 becomes a right-to-left override, \x04 a zero-width space */
	at = fx_find(data, &(struct fx){ .d = (uint8_t *)"R\0\x03\0", .len = 4 });
	assert_true(at > 0);
	data->d[at + 2] = 0x2e;
	data->d[at + 3] = 0x20;
	at = fx_find(data, &(struct fx){ .d = (uint8_t *)"\x04\0x\0", .len = 4 });
	assert_true(at > 0);
	data->d[at] = 0x0b;
	data->d[at + 1] = 0x20;
	blob = wrap(data);
	b = decode_ok(blob);
	t = print(b, false);
	assert_string_equal(t, "[Q\\x001b\\x005b2J(\"a\\x0001b\\x009b\\\"\xef\xbf\xbd\")]\n"
			       "class Evil\\x000a\\x007b\\x000a\\x007d\\x003b\\x000aclass\\x0020Fake : "
			       "S\\x003a\n{\n  uint32 P\\x009b;\n"
			       "  string R\\x202eB = \"\\x200bx\";\n};\n\n");
	free(t);
	bmof_free(b);
	fx_free(blob);
	fx_free(data);
}

/* The smallest root, "FOMB" 20 1 1 0, by hand with overlapping matches. */
static void hand_made_matches(void **state)
{
	struct fx_bits s = fx_ds_begin();
	const char lit[] = "FOMB\x14";
	struct fx *blob;
	struct bmof *b;
	int i;

	(void)state;
	for (i = 0; i < 6; i++)
		fx_ds_literal(&s, lit[i]);	/* "FOMB" 14 00 */
	fx_ds_match(&s, 1, 2);		/* 00 00: a run off the byte before */
	fx_ds_literal(&s, 1);
	fx_ds_match(&s, 4, 7);		/* 00 00 00 01 00 00 00: overlapping */
	fx_ds_match(&s, 1, 4);		/* the count, 0 */
	fx_ds_end(&s);
	blob = fx_fomb(s.f, 20);
	b = decode_ok(blob);
	assert_int_equal(b->nobjects, 0);
	assert_int_equal(b->decompressed_len, 20);
	bmof_free(b);
	fx_free(blob);
}

/* Firmware buffers carry padding after the stream: accepted. */
static void trailing_padding(void **state)
{
	struct fx *blob = fx_acme_blob(true);
	struct bmof *b;

	(void)state;
	fx_bytes(blob, "\0\0\0", 3);
	b = decode_ok(blob);
	bmof_free(b);
	fx_free(blob);
}

static void error_magic(void **state)
{
	struct fx *blob = fx_acme_blob(true);

	(void)state;
	blob->d[0] = 'X';
	decode_fails(blob->d, blob->len, -EINVAL, "no FOMB magic at offset 0");
	decode_fails("FOX", 3, -EINVAL, "bmof: no FOMB magic at offset 0");
	fx_free(blob);
}

/* Too short is said as such, not as a foreign blob: from 0 bytes on. */
static void error_truncated_header(void **state)
{
	(void)state;
	decode_fails("", 0, -EINVAL, "bmof: empty: 0 bytes, no FOMB magic at offset 0");
	decode_fails("FO", 2, -EINVAL, "bmof: truncated: 2 bytes, inside the FOMB magic");
	decode_fails("FOM", 3, -EINVAL, "bmof: truncated: 3 bytes, inside the FOMB magic");
	decode_fails("FOMB\1\0\0\0\0", 9, -EINVAL, "header truncated: 9 of 16 bytes");
}

static void put_le32(uint8_t *p, uint32_t v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

static void error_compressed_length(void **state)
{
	struct fx *blob = fx_acme_blob(true);
	char want[128];

	(void)state;
	put_le32(blob->d + 8, blob->len - 16 + 1);
	snprintf(want, sizeof(want), "compressed length %zu exceeds blob size %zu (%zu bytes after",
		 blob->len - 15, blob->len, blob->len - 16);
	decode_fails(blob->d, blob->len, -EINVAL, want);
	/* and every truncation of a good blob fails cleanly */
	put_le32(blob->d + 8, blob->len - 16);
	for (size_t n = 0; n < blob->len; n++) {
		struct bmof *b;

		assert_int_not_equal(bmof_decode(blob->d, n, &b, err, sizeof(err)), 0);
		assert_null(b);
		assert_true(err[0]);
	}
	fx_free(blob);
}

static void error_decompressed_length(void **state)
{
	struct fx *blob = fx_acme_blob(false);
	uint32_t dlen = blob->d[12] | blob->d[13] << 8 | blob->d[14] << 16;

	(void)state;
	put_le32(blob->d + 12, dlen + 1);
	decode_fails(blob->d, blob->len, -EINVAL, "the header says");
	put_le32(blob->d + 12, dlen - 1);
	decode_fails(blob->d, blob->len, -EINVAL,
		     "DS stream holds more than the");
	put_le32(blob->d + 12, BMOF_MAX_DECOMPRESSED + 1);
	decode_fails(blob->d, blob->len, -E2BIG, "exceeds the limit");
	fx_free(blob);
}

static void error_backref_before_start(void **state)
{
	struct fx_bits s = fx_ds_begin();
	struct fx *blob;

	(void)state;
	fx_ds_literal(&s, 'F');
	fx_ds_match(&s, 5, 2);
	fx_ds_end(&s);
	blob = fx_fomb(s.f, 20);
	decode_fails(blob->d, blob->len, -EINVAL, "DS back-reference 5 bytes before the start of output at 1");
	fx_free(blob);
}

static void error_ds_signature(void **state)
{
	struct fx *blob = fx_acme_blob(true);

	(void)state;
	blob->d[17] = 'X';
	decode_fails(blob->d, blob->len, -EINVAL, "no DS signature at offset 16");
	fx_free(blob);
}

/* A property's name offset beyond its structure, in a named class. */
static void error_offset_out_of_bounds(void **state)
{
	struct fx *prop = fx_property("Speed", BMOF_UINT32, fx_u32(5), NULL);
	struct fx *data, *blob;

	(void)state;
	put_le32(prop->d + 12, 0x1000);	/* the value offset */
	data = fx_root(fx_object(0, NULL,
				 fx_list(fx_property("__CLASS", BMOF_STRING, fx_str("Broken"), NULL),
					 prop, NULL), NULL), NULL);
	blob = wrap(data);
	decode_fails(blob->d, blob->len, -EINVAL,
		     "class Broken: property Speed: property value offset 4096 at ");
	decode_fails(blob->d, blob->len, -EINVAL, "points outside its");
	fx_free(blob);
	fx_free(data);
}

/* A structure whose length runs past its container. */
static void error_length_past_container(void **state)
{
	struct fx *data = fx_root(fx_object(0, NULL, fx_list(fx_property("__CLASS", BMOF_STRING,
									  fx_str("Long"), NULL), NULL),
					    NULL), NULL);
	struct fx *blob;

	(void)state;
	put_le32(data->d + 20, 0x7fffffff);	/* the object's length */
	blob = wrap(data);
	decode_fails(blob->d, blob->len, -EINVAL, "object at offset 20 has length 2147483647, past");
	fx_free(blob);
	fx_free(data);
}

/* An array item of length 0 would make a naive walk stand still. */
static void error_zero_length_loop(void **state)
{
	struct fx *data = fx_root(fx_object(0, NULL, fx_list(fx_property("__CLASS", BMOF_STRING,
									  fx_str("Loop"), NULL), NULL),
					    NULL), NULL);
	struct fx *blob;

	(void)state;
	/* root 20 + object header 20 + list header 8: the property */
	put_le32(data->d + 48, 0);
	blob = wrap(data);
	decode_fails(blob->d, blob->len, -EINVAL, "property at offset 48 has length 0");
	fx_free(blob);
	fx_free(data);
}

/* Objects in objects in objects...: capped, not followed for ever. */
static void error_nesting(void **state)
{
	struct fx *o = fx_object(0, NULL, NULL, NULL), *data, *blob;
	int i;

	(void)state;
	for (i = 0; i < BMOF_MAX_DEPTH + 2; i++)
		o = fx_object(1, NULL, fx_list(fx_property("Inner", BMOF_OBJECT, o, NULL), NULL), NULL);
	data = fx_root(o, NULL);
	blob = wrap(data);
	decode_fails(blob->d, blob->len, -E2BIG, "objects nested deeper than 8");
	fx_free(blob);
	fx_free(data);
}

/*
 * One level of a doubling: an instance of __PARAMETERS whose methods list
 * is the tail of its properties list (its header hidden in unreferenced
 * heap bytes of __CLASS), both holding one property that embeds o. Each
 * level parses the one below twice.
 */
static struct fx *doubling_level(struct fx *o)
{
	struct fx *inner = fx_property("Inner", BMOF_OBJECT | BMOF_ARRAY, fx_array_value(1, o), NULL);
	struct fx *cls = fx_property("__CLASS", BMOF_STRING, fx_str("__PARAMETERS"), NULL);
	struct fx *props = fx_new(), *obj = fx_new();
	size_t methods;

	fx_put32(cls, 8 + inner->len);
	fx_put32(cls, 1);
	put_le32(cls->d, cls->len);
	methods = cls->len;	/* 8 + cls->len - 8 into the heap */
	fx_put32(props, 8 + cls->len + inner->len);
	fx_put32(props, 2);
	fx_cat(props, cls);
	fx_cat(props, inner);
	fx_put32(obj, 20 + props->len);
	fx_put32(obj, 0xffffffff);
	fx_put32(obj, 0);
	fx_put32(obj, methods);
	fx_put32(obj, 1);
	return fx_cat(obj, props);
}

/* References sharing bytes cannot make decoding take for ever. */
static void error_shared_references(void **state)
{
	char *name = malloc(20001);
	struct fx *o, *copy, *data, *blob;
	struct bmof *b;
	int i;

	(void)state;
	assert_non_null(name);
	memset(name, 'n', 20000);
	name[20000] = 0;
	o = fx_object(1, NULL, fx_list(fx_property("__CLASS", BMOF_STRING, fx_str("__PARAMETERS"), NULL),
				       fx_property(name, BMOF_UINT32, NULL, NULL), NULL), NULL);
	free(name);
	/* two levels decode: the trick itself is valid */
	copy = fx_new();
	fx_bytes(copy, o->d, o->len);
	data = fx_root(doubling_level(doubling_level(copy)), NULL);
	blob = wrap(data);
	b = decode_ok(blob);
	assert_int_equal(b->objects[0]->nmethods, 1);
	assert_string_equal(b->objects[0]->methods[0].params[0].name, "Inner");
	bmof_free(b);
	fx_free(blob);
	fx_free(data);
	for (i = 0; i < BMOF_MAX_DEPTH - 1; i++)
		o = doubling_level(o);
	data = fx_root(o, NULL);
	blob = fx_fomb(fx_ds(data, true), data->len);
	decode_fails(blob->d, blob->len, -E2BIG, "work limit");
	fx_free(blob);
	fx_free(data);
}

/* An array's count that its bytes cannot hold: no huge allocation. */
static void error_count(void **state)
{
	struct fx *data = fx_root(fx_object(0, fx_list(fx_qualifier("WMI", BMOF_BOOLEAN, fx_bool(true)),
						       NULL), NULL, NULL), NULL);
	struct fx *blob;

	(void)state;
	put_le32(data->d + 44, 0x40000000);	/* the qualifier list's count */
	blob = wrap(data);
	decode_fails(blob->d, blob->len, -EINVAL, "qualifier array at offset 40: 1073741824 items cannot fit");
	fx_free(blob);
	fx_free(data);
}

/*
 * A flavour table is looked up by offset, not walked per qualifier (a
 * large table times many qualifiers took minutes); out of order entries
 * are found, and for an offset listed twice the first entry wins.
 */
static void flavor_table_lookup(void **state)
{
	struct fx *a = fx_qualifier("A", BMOF_BOOLEAN, NULL), *bq = fx_qualifier("B", BMOF_BOOLEAN, NULL);
	struct fx *c = fx_qualifier("C", BMOF_BOOLEAN, NULL), *data, *blob;
	const struct bmof_object *o;
	uint32_t pairs[5][2];
	struct bmof *b;
	long at_a, at_b;

	(void)state;
	data = fx_root(fx_object(0, fx_list(a, bq, c, NULL), NULL, NULL), NULL);
	/* the qualifiers' bytes differ only in the name: find by list position */
	at_a = 20 + 20 + 8;
	at_b = at_a + le32_at(data, at_a);
	pairs[0][0] = at_b + 1;				pairs[0][1] = 8;
	pairs[1][0] = at_b;				pairs[1][1] = BMOF_FLAVOR_AMENDED;
	pairs[2][0] = at_a;				pairs[2][1] = BMOF_FLAVOR_TO_SUBCLASS;
	pairs[3][0] = at_b;				pairs[3][1] = BMOF_FLAVOR_TO_INSTANCE;
	pairs[4][0] = 0;				pairs[4][1] = 8;
	fx_flavors(data, 5, (const uint32_t (*)[2])pairs);
	blob = wrap(data);
	b = decode_ok(blob);
	o = b->objects[0];
	assert_int_equal(o->nqualifiers, 3);
	assert_string_equal(o->qualifiers[0].name, "A");
	assert_int_equal(o->qualifiers[0].flavors, BMOF_FLAVOR_TO_SUBCLASS);
	assert_int_equal(o->qualifiers[1].flavors, BMOF_FLAVOR_AMENDED);
	assert_int_equal(o->qualifiers[2].flavors, 0);
	bmof_free(b);
	fx_free(blob);
	fx_free(data);
}

/*
 * Matching a method's parameters by name is quadratic in their number:
 * it is charged to the work budget, so a __PARAMETERS of thousands is
 * refused at once rather than taking minutes (half a million did).
 */
static void error_many_params(void **state)
{
	struct fx *l = fx_new(), *o, *data, *blob;
	char name[16];
	size_t i, n = 3000;

	(void)state;
	fx_put32(l, 0);
	fx_put32(l, n + 1);
	fx_cat(l, fx_property("__CLASS", BMOF_STRING, fx_str("__PARAMETERS"), NULL));
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "p%zu", i);
		fx_cat(l, fx_property(name, BMOF_UINT32, NULL, NULL));
	}
	put_le32(l->d, l->len);
	o = fx_object(1, NULL, l, NULL);
	data = fx_root(fx_object(0, NULL, NULL,
				 fx_list(fx_property("M", BMOF_OBJECT | BMOF_ARRAY,
						     fx_array_value(1, o), NULL), NULL)), NULL);
	blob = wrap(data);
	decode_fails(blob->d, blob->len, -E2BIG, "method M: decoding passes its work limit");
	fx_free(blob);
	fx_free(data);
}

/* No byte of the object area, changed, may crash or leak. */
static void every_byte_corrupted(void **state)
{
	struct fx *data = fx_acme();
	size_t i;

	(void)state;
	for (i = 0; i < data->len; i += 3) {
		struct fx *blob;
		struct bmof *b;
		uint8_t old = data->d[i];

		data->d[i] ^= 0xa5;
		blob = wrap(data);
		if (bmof_decode(blob->d, blob->len, &b, err, sizeof(err)) == 0) {
			char *t = print(b, false), *j = print(b, true);

			free(t);
			free(j);
			bmof_free(b);
		} else {
			assert_null(b);
			assert_int_equal(strncmp(err, "bmof: ", 6), 0);
		}
		fx_free(blob);
		data->d[i] = old;
	}
	fx_free(data);
}

static struct fx *read_file(const char *path)
{
	struct fx *f = fx_new();
	char buf[4096];
	FILE *in = fopen(path, "rb");
	size_t n;

	assert_non_null(in);
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		fx_bytes(f, buf, n);
	fclose(in);
	return f;
}

/* Real firmware, when BMOF_CORPUS names a directory of *.bmf. */
static void corpus(void **state)
{
	const char *dir = getenv("BMOF_CORPUS");
	char path[4096];
	struct dirent *e;
	int ok = 0, bad = 0;
	DIR *d;

	(void)state;
	if (!dir || !*dir)
		skip();
	d = opendir(dir);
	assert_non_null(d);
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name), i, methods = 0;
		struct bmof *b;
		struct fx *f;

		if (n < 5 || strcmp(e->d_name + n - 4, ".bmf"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		f = read_file(path);
		if (bmof_decode(f->d, f->len, &b, err, sizeof(err))) {
			printf("corpus: %s: %s\n", e->d_name, err);
			bad++;
		} else {
			for (i = 0; i < b->nobjects; i++)
				methods += b->objects[i]->nmethods;
			printf("corpus: %s: %zu objects, %zu methods\n", e->d_name, b->nobjects, methods);
			if (!strcmp(e->d_name, "dell-xps13-9343.bmf")) {
				const struct bmof_object *o = find_object(b, "BFn", false);

				assert_string_equal(o->guid, "A80593CE-A997-11DA-B012-B622A1EF5492");
				assert_int_equal(find_method(o, "DoBFn")->id, 1);
				check_param(&find_method(o, "DoBFn")->params[0], "Data", "BDat",
					    BMOF_DIR_INOUT, 0, false);
			}
			bmof_free(b);
			ok++;
		}
		fx_free(f);
	}
	closedir(d);
	printf("corpus: %d decoded, %d failed\n", ok, bad);
	assert_int_equal(bad, 0);
	assert_true(ok > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(acme_literal),
		cmocka_unit_test(acme_compressed),
		cmocka_unit_test(acme_json),
		cmocka_unit_test(acme_mof),
		cmocka_unit_test(hand_made_matches),
		cmocka_unit_test(trailing_padding),
		cmocka_unit_test(error_magic),
		cmocka_unit_test(error_truncated_header),
		cmocka_unit_test(error_compressed_length),
		cmocka_unit_test(error_decompressed_length),
		cmocka_unit_test(error_backref_before_start),
		cmocka_unit_test(error_ds_signature),
		cmocka_unit_test(error_offset_out_of_bounds),
		cmocka_unit_test(error_length_past_container),
		cmocka_unit_test(error_zero_length_loop),
		cmocka_unit_test(error_nesting),
		cmocka_unit_test(error_shared_references),
		cmocka_unit_test(error_count),
		cmocka_unit_test(hostile_names_mof),
		cmocka_unit_test(flavor_table_lookup),
		cmocka_unit_test(error_many_params),
		cmocka_unit_test(every_byte_corrupted),
		cmocka_unit_test(corpus),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

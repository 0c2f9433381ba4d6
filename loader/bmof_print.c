// SPDX-License-Identifier: GPL-2.0
/* A decoded bMOF as MOF text and as JSON (loader/bmof.h). */

#include <inttypes.h>
#include <string.h>
#include <strings.h>

#include "bmof.h"
#include "json.h"

/* ---- MOF text ----------------------------------------------------------- */

/*
 * Names and strings come from firmware: what is printed must not let one
 * pose as MOF syntax ("Foo\n{\n};\nclass Bar"), reach the terminal as an
 * escape sequence (C0, DEL and C1, U+009B being a CSI to some), nor show
 * as other text (a bidirectional override, a zero-width character:
 * unicode_is_hidden()). A string escapes them as MOF does, \x with four
 * hex digits (two would run into a hex digit after). A name has no escapes in MOF and is printed
 * only if it is one: letters, digits, _ and non-ASCII; anything else
 * (extra allows a few more, " " in "Foo ref") is \xNNNN, which no
 * identifier holds, so the output shows the name was not one.
 */
static void mof_text(FILE *f, const char *s, bool string, const char *extra)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	unsigned int cp;
	int n;

	for (; *p; p += n) {
		n = utf8_length(p, &cp);
		if (!n) {
			fputs("\\xfffd", f);
			n = 1;
			continue;
		}
		if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || unicode_is_hidden(cp))
			fprintf(f, "\\x%04x", cp);
		else if (string && (cp == '"' || cp == '\\'))
			fprintf(f, "\\%c", cp);
		else if (string || cp >= 0x80 || cp == '_' || (cp >= '0' && cp <= '9') ||
			 ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z') || (extra && strchr(extra, cp)))
			fwrite(p, 1, n, f);
		else
			fprintf(f, "\\x%04x", cp);
	}
}

static void mof_string(FILE *f, const char *s)
{
	fputc('"', f);
	mof_text(f, s, true, NULL);
	fputc('"', f);
}

static void mof_name(FILE *f, const char *s)
{
	mof_text(f, s, false, NULL);
}

/* A type: "uint32", or a class, "Foo ref" for a reference. */
static void mof_type(FILE *f, const char *s)
{
	mof_text(f, s, false, " ");
}

static void mof_object(FILE *f, const struct bmof_object *o, int indent);

static void mof_scalar(FILE *f, uint32_t type, const union bmof_scalar *v, int indent)
{
	switch (type) {
	case BMOF_SINT8:
	case BMOF_SINT16:
	case BMOF_SINT32:
	case BMOF_SINT64:
		fprintf(f, "%" PRId64, v->i);
		break;
	case BMOF_REAL32:
	case BMOF_REAL64:
		fprintf(f, "%.17g", v->r);
		break;
	case BMOF_BOOLEAN:
		fputs(v->b ? "TRUE" : "FALSE", f);
		break;
	case BMOF_STRING:
	case BMOF_DATETIME:
	case BMOF_REFERENCE:
		mof_string(f, v->s);
		break;
	case BMOF_OBJECT:
		mof_object(f, v->obj, indent);
		break;
	default:
		fprintf(f, "%" PRIu64, v->u);
	}
}

static void mof_value(FILE *f, const struct bmof_value *v, int indent)
{
	uint32_t i;

	if (!(v->type & BMOF_ARRAY)) {
		mof_scalar(f, v->type, v->v, indent);
		return;
	}
	fputc('{', f);
	for (i = 0; i < v->count; i++) {
		if (i)
			fputs(", ", f);
		mof_scalar(f, v->type & ~BMOF_ARRAY, &v->v[i], indent);
	}
	fputc('}', f);
}

static void mof_flavors(FILE *f, uint32_t fl)
{
	if (!fl)
		return;
	fputs(" :", f);
	if (fl & BMOF_FLAVOR_AMENDED)
		fputs(" Amended", f);
	if (fl & BMOF_FLAVOR_TO_INSTANCE)
		fputs(" ToInstance", f);
	if (fl & BMOF_FLAVOR_TO_SUBCLASS)
		fputs(" ToSubclass", f);
	if (fl & BMOF_FLAVOR_DISABLE_OVERRIDE)
		fputs(" DisableOverride", f);
}

/* "[a, b(1)] ", or nothing; CIMTYPE is said by the type itself. */
static void mof_qualifiers(FILE *f, const struct bmof_qualifier *q, size_t n, bool newline,
			   int indent)
{
	bool any = false;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!strcasecmp(q[i].name, "CIMTYPE"))
			continue;
		fputs(any ? ", " : "[", f);
		any = true;
		mof_name(f, q[i].name);
		if (q[i].value.v && !(q[i].value.type == BMOF_BOOLEAN && q[i].value.v[0].b)) {
			if (q[i].value.type & BMOF_ARRAY) {
				mof_value(f, &q[i].value, indent);
			} else {
				fputc('(', f);
				mof_value(f, &q[i].value, indent);
				fputc(')', f);
			}
		}
		mof_flavors(f, q[i].flavors);
	}
	if (any)
		fprintf(f, "]%s%*s", newline ? "\n" : " ", newline ? indent : 0, "");
}

static void mof_property(FILE *f, const struct bmof_property *p, int indent)
{
	fprintf(f, "%*s", indent, "");
	mof_qualifiers(f, p->qualifiers, p->nqualifiers, false, indent);
	mof_type(f, p->type_name);
	fputc(' ', f);
	mof_name(f, p->name);
	fputs(p->array ? "[]" : "", f);
	if (p->value) {
		fputs(" = ", f);
		mof_value(f, p->value, indent);
	}
	fputs(";\n", f);
}

static void mof_method(FILE *f, const struct bmof_method *m, int indent)
{
	size_t i;

	fprintf(f, "%*s", indent, "");
	mof_qualifiers(f, m->qualifiers, m->nqualifiers, false, indent);
	mof_type(f, m->returns);
	fputc(' ', f);
	mof_name(f, m->name);
	fputc('(', f);
	for (i = 0; i < m->nparams; i++) {
		const struct bmof_property *p = &m->params[i];

		if (i)
			fputs(", ", f);
		mof_qualifiers(f, p->qualifiers, p->nqualifiers, false, indent);
		mof_type(f, p->type_name);
		fputc(' ', f);
		mof_name(f, p->name);
		fputs(p->array ? "[]" : "", f);
	}
	fputs(");\n", f);
}

static void mof_object(FILE *f, const struct bmof_object *o, int indent)
{
	size_t i;

	mof_qualifiers(f, o->qualifiers, o->nqualifiers, true, indent);
	fputs(o->instance ? "instance of " : "class ", f);
	if (o->name)
		mof_name(f, o->name);
	else
		fputc('?', f);
	if (!o->instance && o->superclass) {
		fputs(" : ", f);
		mof_name(f, o->superclass);
	}
	fprintf(f, "\n%*s{\n", indent, "");
	for (i = 0; i < o->nproperties; i++) {
		const struct bmof_property *p = &o->properties[i];

		if (o->instance) {
			fprintf(f, "%*s", indent + 2, "");
			mof_name(f, p->name);
			fputs(" = ", f);
			if (p->value)
				mof_value(f, p->value, indent + 2);
			else
				fputs("NULL", f);
			fputs(";\n", f);
		} else {
			mof_property(f, p, indent + 2);
		}
	}
	for (i = 0; i < o->nmethods; i++)
		mof_method(f, &o->methods[i], indent + 2);
	fprintf(f, "%*s}", indent, "");
}

void bmof_print_mof_notes(FILE *f, const struct bmof *b, const struct bmof_notes *notes)
{
	const char *ns = NULL;
	size_t i;

	for (i = 0; i < b->nobjects; i++) {
		const struct bmof_object *o = b->objects[i];

		if (o->namespace && (!ns || strcmp(ns, o->namespace))) {
			fputs("#pragma namespace(", f);
			mof_string(f, o->namespace);
			fputs(")\n\n", f);
			ns = o->namespace;
		}
		if (notes && notes->mof && !o->instance)
			notes->mof(f, o, notes->arg);
		mof_object(f, o, 0);
		fputs(";\n\n", f);
	}
}

void bmof_print_mof(FILE *f, const struct bmof *b)
{
	bmof_print_mof_notes(f, b, NULL);
}

/* ---- JSON ----------------------------------------------------------------- */

static void json_scalar(struct json *j, uint32_t type, const union bmof_scalar *v)
{
	char num[32];

	switch (type) {
	case BMOF_SINT8:
	case BMOF_SINT16:
	case BMOF_SINT32:
	case BMOF_SINT64:
		json_int(j, v->i);
		break;
	case BMOF_REAL32:
	case BMOF_REAL64:
		/* JSON numbers cannot say NaN: the text form is exact enough */
		snprintf(num, sizeof(num), "%.17g", v->r);
		json_string(j, num);
		break;
	case BMOF_BOOLEAN:
		json_bool(j, v->b);
		break;
	case BMOF_STRING:
	case BMOF_DATETIME:
	case BMOF_REFERENCE:
		json_string(j, v->s);
		break;
	case BMOF_OBJECT:
		json_string(j, v->obj && v->obj->name ? v->obj->name : "");
		break;
	default:
		json_uint(j, v->u);
	}
}

static void json_value(struct json *j, const struct bmof_value *v)
{
	uint32_t i;

	if (!v->v) {
		json_bool(j, true);	/* a flag qualifier written without a value */
		return;
	}
	if (!(v->type & BMOF_ARRAY)) {
		json_scalar(j, v->type, v->v);
		return;
	}
	json_array_begin(j);
	for (i = 0; i < v->count; i++)
		json_scalar(j, v->type & ~BMOF_ARRAY, &v->v[i]);
	json_array_end(j);
}

static void json_qualifiers(struct json *j, const struct bmof_qualifier *q, size_t n)
{
	size_t i;

	json_key(j, "qualifiers");
	json_object_begin(j);
	for (i = 0; i < n; i++) {
		if (!strcasecmp(q[i].name, "CIMTYPE"))
			continue;
		json_key(j, q[i].name);
		json_value(j, &q[i].value);
	}
	json_object_end(j);
}

static const char *direction_name(enum bmof_direction d)
{
	switch (d) {
	case BMOF_DIR_IN: return "in";
	case BMOF_DIR_OUT: return "out";
	case BMOF_DIR_INOUT: return "inout";
	default: return NULL;
	}
}

static void json_id(struct json *j, const char *key, int64_t id)
{
	json_key(j, key);
	if (id < 0)
		json_null(j);
	else
		json_int(j, id);
}

static void json_method(struct json *j, const struct bmof_method *m)
{
	size_t i;

	json_object_begin(j);
	json_kv_string(j, "name", m->name);
	json_id(j, "id", m->id);
	json_kv_string(j, "returns", m->returns);
	json_key(j, "params");
	json_array_begin(j);
	for (i = 0; i < m->nparams; i++) {
		const struct bmof_property *p = &m->params[i];
		const char *dir = direction_name(p->direction);

		json_object_begin(j);
		json_kv_string(j, "name", p->name);
		json_kv_string(j, "type", p->type_name);
		json_key(j, "direction");
		if (dir)
			json_string(j, dir);
		else
			json_null(j);
		json_id(j, "id", p->id);
		json_kv_bool(j, "array", p->array);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

static void json_class(struct json *j, const struct bmof_object *o,
		       const struct bmof_notes *notes)
{
	size_t i;

	json_object_begin(j);
	json_key(j, "name");
	if (o->name)
		json_string(j, o->name);
	else
		json_null(j);
	json_key(j, "guid");
	if (o->guid[0])
		json_string(j, o->guid);
	else
		json_null(j);
	json_qualifiers(j, o->qualifiers, o->nqualifiers);
	json_key(j, "properties");
	json_array_begin(j);
	for (i = 0; i < o->nproperties; i++) {
		json_object_begin(j);
		json_kv_string(j, "name", o->properties[i].name);
		json_kv_string(j, "type", o->properties[i].type_name);
		json_kv_bool(j, "array", o->properties[i].array);
		if (o->instance && o->properties[i].value) {
			json_key(j, "value");
			json_value(j, o->properties[i].value);
		}
		json_object_end(j);
	}
	json_array_end(j);
	if (!o->instance) {
		json_key(j, "methods");
		json_array_begin(j);
		for (i = 0; i < o->nmethods; i++)
			json_method(j, &o->methods[i]);
		json_array_end(j);
		if (notes && notes->json)
			notes->json(j, o, notes->arg);
	}
	json_object_end(j);
}

static void json_objects(struct json *j, const struct bmof *b, bool instances,
			 const struct bmof_notes *notes)
{
	size_t i;

	json_array_begin(j);
	for (i = 0; i < b->nobjects; i++) {
		if (b->objects[i]->instance == instances)
			json_class(j, b->objects[i], notes);
	}
	json_array_end(j);
}

void bmof_print_json_notes(FILE *f, const struct bmof *b, bool pretty,
			   const struct bmof_notes *notes)
{
	struct json j;
	bool instances = false;
	size_t i;

	for (i = 0; i < b->nobjects; i++)
		instances |= b->objects[i]->instance;
	json_init(&j, f, pretty);
	json_object_begin(&j);
	json_key(&j, "classes");
	json_objects(&j, b, false, notes);
	if (instances) {
		json_key(&j, "instances");
		json_objects(&j, b, true, notes);
	}
	json_object_end(&j);
	json_end_line(&j);
}

void bmof_print_json(FILE *f, const struct bmof *b, bool pretty)
{
	bmof_print_json_notes(f, b, pretty, NULL);
}

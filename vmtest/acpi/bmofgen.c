// SPDX-License-Identifier: GPL-2.0
/*
 * bmofgen: a fake laptop's Binary MOF, made at build time from a readable
 * description of its WMI classes (vmtest/acpi/NAME.classes), written as
 * the body of an ASL Buffer that the laptop's SSDT includes and returns
 * from its WQMO method, the data block the wmi-bmof driver binds.  The
 * bytes are encoded by the unit tests' fixture encoder
 * (tests/unit/bmof_fixture.c) and DS compressed, as firmware ships them;
 * no blob is kept in the tree.
 *
 *   bmofgen DESCRIPTION OUT.asl [OUT.bmof]
 *
 * OUT.bmof, if given, receives the raw blob (for wmibpf mof FILE on the
 * host).  Before writing, the blob is decoded with wmibpf's own decoder
 * (loader/bmof.c) and must give back every class described, in order,
 * with its GUID and its methods' ids: an encoder and a decoder that drift
 * apart fail the build, not a test in the guest.
 *
 * The description, one item a line; "#" starts a comment, words are
 * separated by blanks, and key="some text" holds blanks (no escapes: a
 * backslash is itself):
 *
 *   class NAME [guid=GUID] [super=CLASS] [namespace=NS] [desc=TEXT] [block]
 *	A class.  block: it describes a WMI block (qualifiers WMI, Dynamic,
 *	Provider("WmiProv"), and the InstanceName and Active properties the
 *	ACPI-WMI mapper fills in, as firmware's block classes have); without
 *	it, a class used as an embedded object's type.  The namespace is
 *	root\wmi unless given.  Every class has WMI and Locale("MS\0x409").
 *   property TYPE NAME [id=N] [max=N] [desc=TEXT] [read] [write]
 *	A property of the class: WmiDataId(N), MAX(N).
 *   method NAME id=N [returns=TYPE] [desc=TEXT]
 *	A method of the class: WmiMethodId(N), Implemented; with returns, a
 *	ReturnValue of that type.
 *   in|out|inout TYPE NAME id=N [max=N] [desc=TEXT]
 *	A parameter of the method above: ID(N).  An inout one is in both
 *	__PARAMETERS objects, as MOF compilers write it.
 *
 * TYPE is uint8..uint64, sint8..sint64, boolean, string, char16, real32,
 * real64, datetime, or the name of a class in the file (an embedded
 * object); TYPE[] is an array of it.  Any mistake stops with
 * "FILE:LINE: what is wrong".
 */

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bmof.h"
#include "bmof_fixture.h"

#define MAX_WORDS	16
#define MAX_REFS	256
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* A list being built: concatenated items and how many. */
struct items {
	struct fx *f;
	uint32_t n;
};

/* What the description said, for the self-check. */
struct want_class {
	char name[128];
	char guid[37];
	long ids[256];
	size_t nids;
};

struct gen {
	const char *path;
	unsigned int line;
	/* the class being built */
	bool in_class;
	char class_name[128];
	struct fx *class_quals;
	struct items props, methods;
	/* method ids of the class, to refuse a duplicate */
	long ids[256];
	size_t nids;
	/* the method being built */
	bool in_method;
	char method_name[128];
	struct fx *method_quals;
	struct items in, out;
	long param_ids[64];
	size_t nparam_ids;
	/* every class, and every object type used, checked at the end */
	struct items root;
	char *classes[MAX_REFS];
	struct want_class want[MAX_REFS];
	size_t nclasses;
	char *refs[MAX_REFS];
	unsigned int ref_lines[MAX_REFS];
	size_t nrefs;
};

static void die(const struct gen *g, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%u: ", g->path, g->line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void add(struct items *l, struct fx *item)
{
	if (!l->f)
		l->f = fx_new();
	fx_cat(l->f, item);
	l->n++;
}

/* The list's items as a bMOF array of structures; the list is emptied. */
static struct fx *take_list(struct items *l)
{
	struct fx *f = fx_list_items(l->f ? l->f : fx_new(), l->n);

	l->f = NULL;
	l->n = 0;
	return f;
}


static const struct {
	const char *name;
	uint32_t type;
} types[] = {
	{ "sint8", BMOF_SINT8 },     { "uint8", BMOF_UINT8 },	   { "sint16", BMOF_SINT16 },
	{ "uint16", BMOF_UINT16 },   { "sint32", BMOF_SINT32 },   { "uint32", BMOF_UINT32 },
	{ "sint64", BMOF_SINT64 },   { "uint64", BMOF_UINT64 },   { "boolean", BMOF_BOOLEAN },
	{ "string", BMOF_STRING },   { "char16", BMOF_CHAR16 },   { "real32", BMOF_REAL32 },
	{ "real64", BMOF_REAL64 },   { "datetime", BMOF_DATETIME },
};

static bool is_name(const char *s)
{
	const char *p;

	if (!*s || (*s >= '0' && *s <= '9'))
		return false;
	for (p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '_'))
			return false;
	return strlen(s) < 128;
}

/*
 * TYPE or TYPE[]: the type code, and in cim the CIMTYPE qualifier's text
 * ("uint32", "object:Foo").
 */
static uint32_t parse_type(struct gen *g, const char *word, char *cim, size_t cimlen)
{
	char base[128];
	size_t n = strlen(word), i;
	uint32_t array = 0;

	if (n > 2 && !strcmp(word + n - 2, "[]")) {
		array = BMOF_ARRAY;
		n -= 2;
	}
	if (n >= sizeof(base))
		die(g, "type '%s' is too long", word);
	memcpy(base, word, n);
	base[n] = 0;
	for (i = 0; i < ARRAY_SIZE(types); i++) {
		if (!strcmp(base, types[i].name)) {
			snprintf(cim, cimlen, "%s", base);
			return types[i].type | array;
		}
	}
	if (!is_name(base))
		die(g, "'%s' is not a type", word);
	if (g->nrefs == MAX_REFS)
		die(g, "more than %d object types", MAX_REFS);
	g->refs[g->nrefs] = strdup(base);
	g->ref_lines[g->nrefs++] = g->line;
	snprintf(cim, cimlen, "object:%s", base);
	return BMOF_OBJECT | array;
}

/* The options of a line: key=value words and bare flags. */
struct opts {
	const char *guid, *super, *namespace, *desc, *returns;
	long id, max;
	bool block, read, write;
};

static long parse_num(struct gen *g, const char *key, const char *v)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(v, &end, 0);
	if (errno || end == v || *end || n < 0 || n > 0x7fffffff)
		die(g, "%s=%s: not a number from 0 to 2^31-1", key, v);
	return n;
}

static bool is_guid(const char *s)
{
	int i;

	if (strlen(s) != 36)
		return false;
	for (i = 0; i < 36; i++) {
		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (s[i] != '-')
				return false;
		} else if (!strchr("0123456789abcdefABCDEF", s[i])) {
			return false;
		}
	}
	return true;
}

/* Is word one of the space-separated words of list? */
static bool has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	if (!n)
		return false;
	for (p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return true;
	return false;
}

/* allowed: the keys and flags this kind of line takes, space separated. */
static void parse_opts(struct gen *g, char **w, int n, const char *allowed, struct opts *o)
{
	char key[32];
	const char *eq, *v;
	size_t klen;
	int i;

	memset(o, 0, sizeof(*o));
	o->id = -1;
	o->max = -1;
	for (i = 0; i < n; i++) {
		eq = strchr(w[i], '=');
		klen = eq ? (size_t)(eq - w[i]) : strlen(w[i]);
		if (klen >= sizeof(key))
			die(g, "unknown option '%s'", w[i]);
		memcpy(key, w[i], klen);
		key[klen] = 0;
		v = eq ? eq + 1 : NULL;
		if (!has_word(allowed, key) || (eq && !*v))
			die(g, "unknown or empty option '%s' (this line takes: %s)", w[i], allowed);
		if (!strcmp(key, "block") || !strcmp(key, "read") || !strcmp(key, "write")) {
			if (v)
				die(g, "%s takes no value", key);
			*(!strcmp(key, "block") ? &o->block : !strcmp(key, "read") ? &o->read :
						  &o->write) = true;
			continue;
		}
		if (!v)
			die(g, "%s needs a value: %s=...", key, key);
		if (!strcmp(key, "guid")) {
			if (!is_guid(v))
				die(g, "guid=%s: not a GUID (8-4-4-4-12 hex digits)", v);
			o->guid = v;
		} else if (!strcmp(key, "super")) {
			o->super = v;
		} else if (!strcmp(key, "namespace")) {
			o->namespace = v;
		} else if (!strcmp(key, "desc")) {
			o->desc = v;
		} else if (!strcmp(key, "returns")) {
			o->returns = v;
		} else if (!strcmp(key, "id")) {
			o->id = parse_num(g, key, v);
		} else if (!strcmp(key, "max")) {
			o->max = parse_num(g, key, v);
		} else {
			die(g, "unknown option '%s'", w[i]);
		}
	}
}

static void end_method(struct gen *g)
{
	struct fx *objs, *m;
	uint32_t n = 0;

	if (!g->in_method)
		return;
	g->in_method = false;
	if (!g->in.n && !g->out.n) {
		add(&g->methods, fx_property(g->method_name, BMOF_VOID, NULL, g->method_quals));
		return;
	}
	objs = fx_new();
	if (g->in.n) {
		fx_cat(objs, fx_object(1, NULL, take_list(&g->in), NULL));
		n++;
	}
	if (g->out.n) {
		fx_cat(objs, fx_object(1, NULL, take_list(&g->out), NULL));
		n++;
	}
	m = fx_property(g->method_name, BMOF_OBJECT | BMOF_ARRAY, fx_array_value(n, objs),
			g->method_quals);
	add(&g->methods, m);
}

static void end_class(struct gen *g)
{
	struct fx *methods;

	end_method(g);
	if (!g->in_class)
		return;
	g->in_class = false;
	methods = g->methods.n ? take_list(&g->methods) : NULL;
	add(&g->root, fx_object(0, g->class_quals, take_list(&g->props), methods));
}

static void do_class(struct gen *g, char **w, int n)
{
	struct fx *quals = fx_new();
	uint32_t nq = 0;
	char guid[64];
	struct opts o;
	size_t i;

	if (n < 2 || !is_name(w[1]))
		die(g, "class needs a NAME");
	parse_opts(g, w + 2, n - 2, "guid super namespace desc block", &o);
	end_class(g);
	for (i = 0; i < g->nclasses; i++)
		if (!strcmp(g->classes[i], w[1]))
			die(g, "class %s is described twice", w[1]);
	if (g->nclasses == MAX_REFS)
		die(g, "more than %d classes", MAX_REFS);
	snprintf(g->want[g->nclasses].name, sizeof(g->want[0].name), "%s", w[1]);
	if (o.guid)
		for (i = 0; i < 36; i++)
			g->want[g->nclasses].guid[i] = o.guid[i] >= 'a' && o.guid[i] <= 'f' ?
							       o.guid[i] - 'a' + 'A' : o.guid[i];
	g->classes[g->nclasses++] = strdup(w[1]);
	snprintf(g->class_name, sizeof(g->class_name), "%s", w[1]);
	g->in_class = true;
	g->nids = 0;

	/* the qualifiers in the order mofcomp writes a block class's */
	fx_cat(quals, fx_q_true("WMI"));
	nq++;
	if (o.block) {
		fx_cat(quals, fx_q_true("Dynamic"));
		fx_cat(quals, fx_q_str("Provider", "WmiProv"));
		nq += 2;
	}
	fx_cat(quals, fx_q_str("Locale", "MS\\0x409"));
	nq++;
	if (o.desc) {
		fx_cat(quals, fx_q_str("Description", o.desc));
		nq++;
	}
	if (o.guid) {
		snprintf(guid, sizeof(guid), "{%s}", o.guid);
		fx_cat(quals, fx_q_str("guid", guid));
		nq++;
	}
	g->class_quals = fx_list_items(quals, nq);

	add(&g->props, fx_sysprop("__CLASS", w[1]));
	if (o.super)
		add(&g->props, fx_sysprop("__SUPERCLASS", o.super));
	add(&g->props, fx_sysprop("__NAMESPACE", o.namespace ? o.namespace : "root\\wmi"));
	if (o.block) {
		add(&g->props, fx_property("InstanceName", BMOF_STRING, NULL,
					   fx_list(fx_q_str("CIMTYPE", "string"), fx_q_true("key"),
						   fx_q_true("read"), NULL)));
		add(&g->props, fx_property("Active", BMOF_BOOLEAN, NULL,
					   fx_list(fx_q_str("CIMTYPE", "boolean"), fx_q_true("read"),
						   NULL)));
	}
}

/* A property's or parameter's qualifiers after CIMTYPE and the direction. */
static void common_quals(struct fx *q, uint32_t *nq, const struct opts *o)
{
	if (o->max >= 0) {
		fx_cat(q, fx_q_int("MAX", o->max));
		(*nq)++;
	}
	if (o->desc) {
		fx_cat(q, fx_q_str("Description", o->desc));
		(*nq)++;
	}
}

static void do_property(struct gen *g, char **w, int n)
{
	struct fx *q = fx_new();
	char cim[160];
	struct opts o;
	uint32_t type, nq = 1;

	if (!g->in_class)
		die(g, "property outside a class");
	if (g->in_method)
		die(g, "property after a method: list a class's properties first");
	if (n < 3 || !is_name(w[2]))
		die(g, "property needs a TYPE and a NAME");
	type = parse_type(g, w[1], cim, sizeof(cim));
	parse_opts(g, w + 3, n - 3, "id max desc read write", &o);
	fx_cat(q, fx_q_str("CIMTYPE", cim));
	if (o.id >= 0) {
		fx_cat(q, fx_q_int("WmiDataId", o.id));
		nq++;
	}
	if (o.read) {
		fx_cat(q, fx_q_true("read"));
		nq++;
	}
	if (o.write) {
		fx_cat(q, fx_q_true("write"));
		nq++;
	}
	common_quals(q, &nq, &o);
	add(&g->props, fx_property(w[2], type, NULL, fx_list_items(q, nq)));
}

static void do_method(struct gen *g, char **w, int n)
{
	struct fx *q = fx_new();
	char cim[160];
	struct opts o;
	uint32_t nq = 2, type;
	size_t i;

	if (!g->in_class)
		die(g, "method outside a class");
	if (n < 2 || !is_name(w[1]))
		die(g, "method needs a NAME");
	parse_opts(g, w + 2, n - 2, "id returns desc", &o);
	if (o.id < 0)
		die(g, "method %s needs id=N, its WmiMethodId", w[1]);
	for (i = 0; i < g->nids; i++)
		if (g->ids[i] == o.id)
			die(g, "%s.%s: method id %ld is taken", g->class_name, w[1], o.id);
	if (g->nids == ARRAY_SIZE(g->ids))
		die(g, "too many methods in %s", g->class_name);
	g->ids[g->nids++] = o.id;
	g->want[g->nclasses - 1].ids[g->want[g->nclasses - 1].nids++] = o.id;
	end_method(g);
	g->in_method = true;
	g->nparam_ids = 0;
	snprintf(g->method_name, sizeof(g->method_name), "%s", w[1]);
	fx_cat(q, fx_q_int("WmiMethodId", o.id));
	fx_cat(q, fx_q_true("Implemented"));
	if (o.desc) {
		fx_cat(q, fx_q_str("Description", o.desc));
		nq++;
	}
	g->method_quals = fx_list_items(q, nq);
	memset(&g->in, 0, sizeof(g->in));
	memset(&g->out, 0, sizeof(g->out));
	if (o.returns) {
		type = parse_type(g, o.returns, cim, sizeof(cim));
		add(&g->out, fx_sysprop("__CLASS", "__PARAMETERS"));
		add(&g->out, fx_property("ReturnValue", type, NULL,
					 fx_list(fx_q_str("CIMTYPE", cim), fx_q_true("out"), NULL)));
	}
}

static struct fx *param(const char *name, uint32_t type, const char *cim, const char *dir,
			const struct opts *o)
{
	struct fx *q = fx_new();
	uint32_t nq = 3;

	fx_cat(q, fx_q_str("CIMTYPE", cim));
	fx_cat(q, fx_q_true(dir));
	fx_cat(q, fx_q_int("ID", o->id));
	common_quals(q, &nq, o);
	return fx_property(name, type, NULL, fx_list_items(q, nq));
}

static void do_param(struct gen *g, char **w, int n)
{
	bool in = strcmp(w[0], "out"), out = strcmp(w[0], "in");
	char cim[160];
	struct opts o;
	uint32_t type;
	size_t i;

	if (!g->in_method)
		die(g, "%s parameter outside a method", w[0]);
	if (n < 3 || !is_name(w[2]))
		die(g, "%s needs a TYPE and a NAME", w[0]);
	if (!strcasecmp(w[2], "ReturnValue"))
		die(g, "ReturnValue is not a parameter: say returns=TYPE on the method");
	type = parse_type(g, w[1], cim, sizeof(cim));
	parse_opts(g, w + 3, n - 3, "id max desc", &o);
	if (o.id < 0)
		die(g, "parameter %s needs id=N, its ID", w[2]);
	for (i = 0; i < g->nparam_ids; i++)
		if (g->param_ids[i] == o.id)
			die(g, "%s.%s: parameter ID %ld is taken", g->class_name, g->method_name,
			    o.id);
	if (g->nparam_ids == ARRAY_SIZE(g->param_ids))
		die(g, "too many parameters");
	g->param_ids[g->nparam_ids++] = o.id;
	if (in) {
		if (!g->in.n)
			add(&g->in, fx_sysprop("__CLASS", "__PARAMETERS"));
		add(&g->in, param(w[2], type, cim, "in", &o));
	}
	if (out) {
		if (!g->out.n)
			add(&g->out, fx_sysprop("__CLASS", "__PARAMETERS"));
		add(&g->out, param(w[2], type, cim, "out", &o));
	}
}

/* Splits line into words in place; returns how many. */
static int split(struct gen *g, char *line, char **w)
{
	char *p = line, *d;
	int n = 0;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (!*p || *p == '#')
			return n;
		if (n == MAX_WORDS)
			die(g, "more than %d words", MAX_WORDS);
		w[n++] = d = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
			if (*p != '"') {
				*d++ = *p++;
				continue;
			}
			for (p++; *p && *p != '"'; )
				*d++ = *p++;
			if (!*p)
				die(g, "a \" is not closed");
			p++;
		}
		if (*p)
			p++;
		*d = 0;
	}
}

static void check_ascii(struct gen *g, const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80 || ((unsigned char)*s < 0x20 && *s != '\t' &&
						  *s != '\n' && *s != '\r'))
			die(g, "only printable ASCII is written (byte 0x%02x)", (unsigned char)*s);
}

static void parse_file(struct gen *g, FILE *f)
{
	char line[1024], *w[MAX_WORDS];
	size_t i, k;
	int n;

	while (fgets(line, sizeof(line), f)) {
		g->line++;
		if (!strchr(line, '\n') && !feof(f))
			die(g, "line longer than %zu bytes", sizeof(line) - 2);
		check_ascii(g, line);
		n = split(g, line, w);
		if (!n)
			continue;
		if (!strcmp(w[0], "class"))
			do_class(g, w, n);
		else if (!strcmp(w[0], "property"))
			do_property(g, w, n);
		else if (!strcmp(w[0], "method"))
			do_method(g, w, n);
		else if (!strcmp(w[0], "in") || !strcmp(w[0], "out") || !strcmp(w[0], "inout"))
			do_param(g, w, n);
		else
			die(g, "'%s': expected class, property, method, in, out or inout", w[0]);
	}
	if (ferror(f))
		die(g, "%s", strerror(errno));
	end_class(g);
	if (!g->root.n)
		die(g, "no class described");
	for (i = 0; i < g->nrefs; i++) {
		for (k = 0; k < g->nclasses; k++)
			if (!strcmp(g->refs[i], g->classes[k]))
				break;
		if (k == g->nclasses) {
			g->line = g->ref_lines[i];
			die(g, "type %s is no class of this file", g->refs[i]);
		}
	}
}

static void check_fail(const char *path, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: bmofgen's blob does not decode as described: ", path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/* The blob decodes to the classes described, in order, GUIDs and ids. */
static void self_check(const struct gen *g, const struct fx *blob)
{
	const struct want_class *w;
	const struct bmof_object *o;
	struct bmof *b;
	char err[256];
	size_t i, k;

	if (bmof_decode(blob->d, blob->len, &b, err, sizeof(err)))
		check_fail(g->path, "%s", err);
	if (b->nobjects != g->nclasses)
		check_fail(g->path, "%zu objects, %zu classes described", b->nobjects, g->nclasses);
	for (i = 0; i < b->nobjects; i++) {
		o = b->objects[i];
		w = &g->want[i];
		if (o->instance || !o->name || strcmp(o->name, w->name) || strcmp(o->guid, w->guid))
			check_fail(g->path, "object %zu is %s {%s}, not class %s {%s}", i,
				   o->name ? o->name : "unnamed", o->guid, w->name, w->guid);
		if (o->nmethods != w->nids)
			check_fail(g->path, "%s has %zu methods, not %zu", w->name, o->nmethods,
				   w->nids);
		for (k = 0; k < o->nmethods; k++)
			if (o->methods[k].id != w->ids[k])
				check_fail(g->path, "%s.%s has id %lld, not %ld", w->name,
					   o->methods[k].name, (long long)o->methods[k].id,
					   w->ids[k]);
	}
	bmof_free(b);
}

static void write_asl(const char *path, const char *src, const struct fx *blob, size_t dlen)
{
	FILE *f = fopen(path, "w");
	size_t i;

	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		exit(1);
	}
	fprintf(f, "/*\n * Generated by vmtest/acpi/bmofgen from %s: do not edit.\n"
		   " * A Binary MOF of %zu bytes, %zu decompressed: the body of a Buffer.\n */\n",
		src, blob->len, dlen);
	for (i = 0; i < blob->len; i++)
		fprintf(f, "%s0x%02X%s", i % 12 ? " " : "", blob->d[i],
			i + 1 == blob->len ? "\n" : i % 12 == 11 ? ",\n" : ",");
	if (fclose(f)) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		exit(1);
	}
}

static void write_blob(const char *path, const struct fx *blob)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(blob->d, 1, blob->len, f) != blob->len || fclose(f)) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		exit(1);
	}
}

int main(int argc, char **argv)
{
	static struct gen g;	/* large: the self-check keeps every class */
	struct fx *data, *blob;
	size_t dlen;
	FILE *f;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: bmofgen DESCRIPTION OUT.asl [OUT.bmof]\n");
		return 2;
	}
	g.path = argv[1];
	f = fopen(argv[1], "r");
	if (!f) {
		fprintf(stderr, "%s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	parse_file(&g, f);
	fclose(f);
	data = fx_root_items(g.root.f, g.root.n);
	dlen = data->len;
	blob = fx_fomb(fx_ds(data, true), dlen);
	fx_free(data);
	self_check(&g, blob);
	write_asl(argv[2], argv[1], blob, dlen);
	if (argc == 4)
		write_blob(argv[3], blob);
	fx_free(blob);
	return 0;
}

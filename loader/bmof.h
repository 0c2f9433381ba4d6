/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Binary MOF (bMOF): the class descriptions a laptop's firmware carries in
 * its WQxx buffer (the wmi-bmof driver's "bmof" file). The blob is a
 * "FOMB" header, a DoubleSpace ("DS") compressed stream, and in it a tree
 * of MS-WMIO-like objects: classes and instances, their qualifiers (with
 * flavours from a trailing "BMOFQUALFLAVOR11" table), properties and
 * methods, whose parameters are the properties of embedded "__PARAMETERS"
 * instances.
 *
 * bmof_decode() reads firmware data as root: every offset and length is
 * checked, the decompressed size and the nesting are capped, and any
 * fault is an error naming what is wrong and where, never a crash.
 */
#ifndef WMIBPF_BMOF_H
#define WMIBPF_BMOF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The largest decompressed bMOF accepted (real ones are a few KiB). */
#define BMOF_MAX_DECOMPRESSED	(16u << 20)
/* How deep embedded objects may nest (a method's parameters are 2). */
#define BMOF_MAX_DEPTH		8
/*
 * Work beyond one unit per decompressed byte that decoding may take (see
 * charge() in bmof.c): bounds time and memory when references share bytes.
 */
#define BMOF_WORK_SLACK		(1u << 20)

/* CIM type codes as stored (MS-WMIO CimType); BMOF_ARRAY marks an array. */
enum bmof_cim_type {
	BMOF_VOID = 0,
	BMOF_SINT16 = 2,
	BMOF_SINT32 = 3,
	BMOF_REAL32 = 4,
	BMOF_REAL64 = 5,
	BMOF_STRING = 8,
	BMOF_BOOLEAN = 11,
	BMOF_OBJECT = 13,
	BMOF_SINT8 = 16,
	BMOF_UINT8 = 17,
	BMOF_UINT16 = 18,
	BMOF_UINT32 = 19,
	BMOF_SINT64 = 20,
	BMOF_UINT64 = 21,
	BMOF_DATETIME = 101,
	BMOF_REFERENCE = 102,
	BMOF_CHAR16 = 103,
};
#define BMOF_ARRAY	0x2000u

/* Qualifier flavours (MS-WMIO 2.2.62). */
#define BMOF_FLAVOR_TO_INSTANCE		0x01u
#define BMOF_FLAVOR_TO_SUBCLASS		0x02u
#define BMOF_FLAVOR_DISABLE_OVERRIDE	0x10u
#define BMOF_FLAVOR_AMENDED		0x80u

struct bmof_object;

/* One element of a value: which member is valid follows the type. */
union bmof_scalar {
	int64_t i;		/* sint8..sint64 */
	uint64_t u;		/* uint8..uint64, char16 */
	double r;		/* real32, real64 */
	bool b;			/* boolean */
	char *s;		/* string, datetime, reference (UTF-8) */
	struct bmof_object *obj;	/* object */
};

struct bmof_value {
	uint32_t type;		/* enum bmof_cim_type, | BMOF_ARRAY */
	uint32_t count;		/* elements; 1 for a scalar */
	union bmof_scalar *v;
};

struct bmof_qualifier {
	char *name;
	struct bmof_value value;
	uint32_t flavors;	/* BMOF_FLAVOR_* */
};

enum bmof_direction {
	BMOF_DIR_NONE,
	BMOF_DIR_IN,
	BMOF_DIR_OUT,
	BMOF_DIR_INOUT,
};

/* A property, or a method's parameter. */
struct bmof_property {
	char *name;
	uint32_t type;		/* enum bmof_cim_type, | BMOF_ARRAY */
	/* "uint32", "string", ... or an embedded object's class name */
	char *type_name;
	bool array;
	struct bmof_value *value;	/* a default or instance value, or NULL */
	size_t nqualifiers;
	struct bmof_qualifier *qualifiers;
	/* parameters only: */
	enum bmof_direction direction;
	int64_t id;		/* ID(n), or -1 */
};

struct bmof_method {
	char *name;
	size_t nqualifiers;
	struct bmof_qualifier *qualifiers;
	int64_t id;		/* WmiMethodId(n), or -1 */
	char *returns;		/* type name; "void" when there is no ReturnValue */
	bool returns_array;
	size_t nparams;
	struct bmof_property *params;	/* in ID order */
};

struct bmof_object {
	bool instance;		/* an instance, else a class */
	char *name;		/* __CLASS (the class of an instance) */
	char *superclass;	/* or NULL */
	char *namespace;	/* or NULL */
	char guid[37];		/* the guid qualifier: upper case, no braces; "" if none */
	size_t nqualifiers;
	struct bmof_qualifier *qualifiers;
	size_t nproperties;
	struct bmof_property *properties;	/* without the __ system ones */
	size_t nmethods;
	struct bmof_method *methods;
};

struct bmof {
	size_t nobjects;
	struct bmof_object **objects;
	size_t decompressed_len;
};

/*
 * Decodes the blob buf[0..len). Returns 0 and a tree in *out (free it
 * with bmof_free), or a negative errno (-EINVAL corrupt, -E2BIG past a
 * cap, -ENOMEM) with err holding e.g. "bmof: compressed length 651
 * exceeds blob size 600".
 */
int bmof_decode(const void *buf, size_t len, struct bmof **out, char *err, size_t errlen);
void bmof_free(struct bmof *b);

/* The MOF name of a CIM type code without the array flag ("uint32"). */
const char *bmof_type_name(uint32_t type);
/* The qualifier called name (case-insensitive), or NULL. */
const struct bmof_qualifier *bmof_qualifier_find(const struct bmof_qualifier *q, size_t n,
						 const char *name);

struct json;

/*
 * What a caller knows of each class beyond the blob (wmibpf mof: whether
 * its GUID is on the WMI bus, which bmof it came from): json() adds keys
 * to the class's object, mof() writes comment lines before the class.
 * Either may be NULL; instances get no notes.
 */
struct bmof_notes {
	void (*json)(struct json *j, const struct bmof_object *o, void *arg);
	void (*mof)(FILE *f, const struct bmof_object *o, void *arg);
	void *arg;
};

/* Text that reads like MOF source; notes may be NULL. */
void bmof_print_mof(FILE *f, const struct bmof *b);
void bmof_print_mof_notes(FILE *f, const struct bmof *b, const struct bmof_notes *notes);
/* {"classes":[...]} (and "instances" when the blob has any), one line. */
void bmof_print_json(FILE *f, const struct bmof *b, bool pretty);
void bmof_print_json_notes(FILE *f, const struct bmof *b, bool pretty,
			   const struct bmof_notes *notes);

#endif

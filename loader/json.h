/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small JSON writer for --json output, in the spirit of bpftool's:
 * objects and arrays nest, commas and escaping are handled here.
 */
#ifndef WMIBPF_JSON_H
#define WMIBPF_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH	16

struct json {
	FILE *f;
	bool pretty;
	int depth;
	bool need_comma[JSON_MAX_DEPTH];
	bool after_key;
};

void json_init(struct json *j, FILE *f, bool pretty);
void json_object_begin(struct json *j);
void json_object_end(struct json *j);
void json_array_begin(struct json *j);
void json_array_end(struct json *j);
void json_key(struct json *j, const char *key);
void json_string(struct json *j, const char *s);
void json_uint(struct json *j, uint64_t v);
void json_int(struct json *j, int64_t v);
void json_bool(struct json *j, bool v);
void json_null(struct json *j);

/* key: value shorthands */
void json_kv_string(struct json *j, const char *key, const char *s);
void json_kv_uint(struct json *j, const char *key, uint64_t v);
void json_kv_int(struct json *j, const char *key, int64_t v);
void json_kv_bool(struct json *j, const char *key, bool v);

/* Ends a top-level value with a newline (one JSON document per line). */
void json_end_line(struct json *j);

/*
 * The UTF-8 sequence at p: its length, with its code point in *cp, or 0
 * for a byte that starts no valid one (nor a nul: that is length 1).
 */
int utf8_length(const unsigned char *p, unsigned int *cp);

/*
 * Whether cp is an invisible format character that changes how the text
 * around it shows: bidirectional controls (U+202E shows what follows
 * backwards), zero-width characters, line and paragraph separators.
 */
bool unicode_is_hidden(unsigned int cp);

#endif

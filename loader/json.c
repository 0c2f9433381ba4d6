// SPDX-License-Identifier: GPL-2.0
/* The JSON writer behind --json. */

#include "json.h"

void json_init(struct json *j, FILE *f, bool pretty)
{
	*j = (struct json){ .f = f, .pretty = pretty };
}

static void indent(struct json *j)
{
	int i;

	if (!j->pretty)
		return;
	fputc('\n', j->f);
	for (i = 0; i < j->depth; i++)
		fputs("    ", j->f);
}

/* Before any value: a comma if needed, unless it follows its key. */
static void value_prefix(struct json *j)
{
	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (j->depth > 0) {
		if (j->need_comma[j->depth])
			fputc(',', j->f);
		indent(j);
	}
	j->need_comma[j->depth] = true;
}

static void open_(struct json *j, char c)
{
	value_prefix(j);
	fputc(c, j->f);
	if (j->depth < JSON_MAX_DEPTH - 1)
		j->depth++;
	j->need_comma[j->depth] = false;
}

static void close_(struct json *j, char c)
{
	bool had = j->need_comma[j->depth];

	if (j->depth > 0)
		j->depth--;
	if (had)
		indent(j);
	fputc(c, j->f);
}

void json_object_begin(struct json *j)
{
	open_(j, '{');
}

void json_object_end(struct json *j)
{
	close_(j, '}');
}

void json_array_begin(struct json *j)
{
	open_(j, '[');
}

void json_array_end(struct json *j)
{
	close_(j, ']');
}

static void raw_string(struct json *j, const char *s)
{
	const unsigned char *p;

	fputc('"', j->f);
	for (p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", j->f);
			break;
		case '\\':
			fputs("\\\\", j->f);
			break;
		case '\n':
			fputs("\\n", j->f);
			break;
		case '\t':
			fputs("\\t", j->f);
			break;
		case '\r':
			fputs("\\r", j->f);
			break;
		default:
			if (*p < 0x20)
				fprintf(j->f, "\\u%04x", *p);
			else
				fputc(*p, j->f);
		}
	}
	fputc('"', j->f);
}

void json_key(struct json *j, const char *key)
{
	value_prefix(j);
	raw_string(j, key);
	fputs(j->pretty ? ": " : ":", j->f);
	j->after_key = true;
}

void json_string(struct json *j, const char *s)
{
	value_prefix(j);
	raw_string(j, s ? s : "");
}

void json_uint(struct json *j, uint64_t v)
{
	value_prefix(j);
	fprintf(j->f, "%llu", (unsigned long long)v);
}

void json_int(struct json *j, int64_t v)
{
	value_prefix(j);
	fprintf(j->f, "%lld", (long long)v);
}

void json_bool(struct json *j, bool v)
{
	value_prefix(j);
	fputs(v ? "true" : "false", j->f);
}

void json_null(struct json *j)
{
	value_prefix(j);
	fputs("null", j->f);
}

void json_kv_string(struct json *j, const char *key, const char *s)
{
	json_key(j, key);
	json_string(j, s);
}

void json_kv_uint(struct json *j, const char *key, uint64_t v)
{
	json_key(j, key);
	json_uint(j, v);
}

void json_kv_int(struct json *j, const char *key, int64_t v)
{
	json_key(j, key);
	json_int(j, v);
}

void json_kv_bool(struct json *j, const char *key, bool v)
{
	json_key(j, key);
	json_bool(j, v);
}

void json_end_line(struct json *j)
{
	fputc('\n', j->f);
	fflush(j->f);
}

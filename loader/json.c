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

/*
 * The length of the valid UTF-8 sequence at p (1 to 4), or 0 if there is
 * none: overlong forms, surrogates and code points past U+10FFFF are not.
 */
int utf8_length(const unsigned char *p, unsigned int *cp)
{
	int n, i;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4;
	else
		return 0;
	*cp = p[0] & (0x7f >> n);
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)	/* also stops at the nul */
			return 0;
		*cp = *cp << 6 | (p[i] & 0x3f);
	}
	if ((n == 3 && *cp < 0x800) || (n == 4 && (*cp < 0x10000 || *cp > 0x10ffff)) ||
	    (*cp >= 0xd800 && *cp <= 0xdfff))
		return 0;
	return n;
}

bool unicode_is_hidden(unsigned int cp)
{
	return cp == 0x061c || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) ||
	       (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xfeff;
}

/*
 * Strings come from the kernel and from whoever named a process: valid
 * JSON whatever they hold. Control characters, C0 and C1 (a terminal
 * takes U+009B as an escape too), are \u escapes, and so are the
 * invisible characters that would make a name show as another (a
 * bidirectional override, say); a byte that is no
 * valid UTF-8 is U+FFFD, as JSON has no way to carry raw bytes.
 */
static void raw_string(struct json *j, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned int cp;
	int n;

	fputc('"', j->f);
	while (*p) {
		n = utf8_length(p, &cp);
		if (!n) {
			fputs("\\ufffd", j->f);
			p++;
			continue;
		}
		switch (cp) {
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
			if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || unicode_is_hidden(cp))
				fprintf(j->f, "\\u%04x", cp);
			else
				fwrite(p, 1, n, j->f);
		}
		p += n;
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

// SPDX-License-Identifier: GPL-2.0
/* A WMI method call by name, laid out as the firmware's bMOF says. */

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bmof.h"
#include "cli.h"
#include "json.h"
#include "mof_bus.h"
#include "mof_call.h"
#include "mof_layout.h"
#include "mof_names.h"
#include "text.h"

/* A buffer that grows; on failure ok turns false and stays so. */
struct out {
	uint8_t *d;
	size_t len, cap;
	bool ok;
};

static void put(struct out *o, const void *p, size_t n)
{
	if (o->ok && o->len + n > o->cap) {
		size_t cap = (o->len + n) * 2 + 16;
		uint8_t *d = realloc(o->d, cap);

		if (!d) {
			o->ok = false;
			return;
		}
		o->d = d;
		o->cap = cap;
	}
	if (o->ok) {
		memcpy(o->d + o->len, p, n);
		o->len += n;
	}
}

static void align(struct out *o, size_t a)
{
	static const uint8_t zero[8];

	if (o->len % a)
		put(o, zero, a - o->len % a);
}

/* One integer or boolean element of s from text into o. */
static int put_scalar(struct out *o, const struct mof_slot *s, const char *text, const char *what,
		      char *msg, size_t msglen)
{
	bool is_signed = s->type == BMOF_SINT8 || s->type == BMOF_SINT16 ||
			 s->type == BMOF_SINT32 || s->type == BMOF_SINT64;
	uint64_t v, limit = s->size == 8 ? UINT64_MAX : (1ull << (8 * s->size)) - 1;
	uint8_t b[8];
	size_t i;

	if (s->type == BMOF_BOOLEAN) {
		if (strcmp(text, "true") && strcmp(text, "false"))
			return mof_error(msg, msglen, "%s: expected true or false, found '%s'", what, text);
		v = !strcmp(text, "true");
	} else if (is_signed) {
		bool neg = text[0] == '-';
		uint64_t half = limit / 2;

		if (text_parse_u64(text + neg, &v) || v > half + neg)
			return mof_error(msg, msglen, "%s: expected a number from -%llu to %llu, found "
				   "'%s'", what, (unsigned long long)half + 1,
				   (unsigned long long)half, text);
		v = neg ? -v : v;
	} else if (text_parse_u64(text, &v) || v > limit) {
		return mof_error(msg, msglen, "%s: expected a number from 0 to %llu, found '%s'", what,
			   (unsigned long long)limit, text);
	}
	for (i = 0; i < s->size; i++)
		b[i] = v >> (8 * i);
	align(o, s->size);
	put(o, b, s->size);
	return 0;
}

/* The value of one in parameter, as its slot lays it out. */
static int put_param(struct out *o, const struct mof_slot *s, const char *value, const char *what,
		     char *msg, size_t msglen)
{
	char *copy, *item, *rest;
	const char *c;
	size_t n;
	int ret = 0;

	if (s->type == BMOF_STRING) {
		uint8_t *w;
		size_t len;

		if (cli_marshal_string(value, &w, &len))
			return mof_error(msg, msglen, "%s: expected ASCII text of at most 32766 "
				   "characters", what);
		align(o, 2);
		put(o, w, len);
		free(w);
		return 0;
	}
	if (!s->array)
		return put_scalar(o, s, value, what, msg, msglen);
	for (c = strchr(value, ','), n = 1; c; c = strchr(c + 1, ','))
		n++;
	if (n != s->count)
		return mof_error(msg, msglen, "%s: expected %zu values separated by commas (MAX(%zu)), "
			   "found %zu", what, s->count, s->count, n);
	copy = strdup(value);
	if (!copy)
		return -ENOMEM;
	/* strsep, not strtok: "1,,2" is an empty value, not two. */
	for (rest = copy; rest && !ret;) {
		item = strsep(&rest, ",");
		ret = put_scalar(o, s, item, what, msg, msglen);
	}
	free(copy);
	return ret;
}

int mof_call_marshal(const struct bmof_method *m, char *const *words, size_t nwords,
		     uint8_t **in, size_t *len, char *msg, size_t msglen)
{
	struct out o = { .ok = true };
	bool *used = calloc(nwords + 1, sizeof(*used));
	size_t i, w;
	int ret = 0;

	if (!used)
		return -ENOMEM;
	for (w = 0; w < nwords && !ret; w++)
		if (!strchr(words[w], '=') || words[w][0] == '=')
			ret = mof_error(msg, msglen, "expected NAME=VALUE, found '%s'", words[w]);
	for (i = 0; i < m->nparams && !ret; i++) {
		const struct bmof_property *p = &m->params[i];
		const char *value = NULL;
		char what[2 * MOF_NAME_MAX + 3];
		struct mof_slot s;

		if (!mof_param_is_in(p))
			continue;
		ret = mof_param_slot(m, p, &s, msg, msglen);
		for (w = 0; w < nwords && !ret; w++) {
			size_t klen = strchr(words[w], '=') - words[w];

			if (strlen(p->name) != klen || strncasecmp(words[w], p->name, klen))
				continue;
			if (value)
				ret = mof_error(msg, msglen, "%s: %s is given twice", m->name, p->name);
			value = words[w] + klen + 1;
			used[w] = true;
		}
		if (!ret && !value)
			ret = mof_error(msg, msglen, "%s: missing %s=%s%s", m->name, p->name,
				  bmof_type_name(s.type), s.array ? "[]" : "");
		snprintf(what, sizeof(what), "%s: %s", m->name, p->name);
		if (!ret)
			ret = put_param(&o, &s, value, what, msg, msglen);
	}
	for (w = 0; w < nwords && !ret; w++) {
		if (used[w])
			continue;
		ret = mof_error(msg, msglen, "%s has no in parameter %.*s", m->name,
			  (int)(strchr(words[w], '=') - words[w]), words[w]);
	}
	free(used);
	if (!ret && !o.ok)
		ret = -ENOMEM;
	if (ret) {
		free(o.d);
		return ret;
	}
	*in = o.d;
	*len = o.len;
	return 0;
}

/* Walks the out parameters: each one's offset and byte length in buf. */
struct field {
	const struct bmof_property *p;
	struct mof_slot s;
	size_t off, size;
};

/* The next out parameter from *i on, laid out after *pos: 1, 0 at the end, or -errno. */
static int next_field(const struct bmof_method *m, size_t *i, size_t *pos, const uint8_t *buf,
		      size_t len, struct field *f, char *msg, size_t msglen)
{
	int ret;

	for (; *i < m->nparams && !mof_param_is_out(&m->params[*i]); (*i)++)
		;
	if (*i == m->nparams)
		return 0;
	f->p = &m->params[(*i)++];
	ret = mof_param_slot(m, f->p, &f->s, msg, msglen);
	if (ret)
		return ret;
	if (f->s.type == BMOF_STRING) {
		*pos += *pos % 2;
		if (*pos + 2 > len)
			goto short_result;
		f->size = 2 + (buf[*pos] | buf[*pos + 1] << 8);
		if (f->size % 2)
			return mof_error(msg, msglen, "%s: the string %s has an odd byte count %zu",
				   m->name, f->p->name, f->size - 2);
	} else {
		*pos = (*pos + f->s.size - 1) / f->s.size * f->s.size;
		f->size = f->s.size * f->s.count;
	}
	if (*pos + f->size > len)
		goto short_result;
	f->off = *pos;
	*pos += f->size;
	return 1;

short_result:
	snprintf(msg, msglen, "%s: the result has %zu bytes, too few for out parameter %s",
		 m->name, len, f->p->name);
	return -ENODATA;
}

int mof_call_check_result(const struct bmof_method *m, const uint8_t *buf, size_t len,
			  char *msg, size_t msglen)
{
	size_t i = 0, pos = 0;
	struct field f;
	int ret;

	while ((ret = next_field(m, &i, &pos, buf, len, &f, msg, msglen)) > 0)
		;
	return ret;
}

static uint64_t element(const struct field *f, const uint8_t *buf, size_t k)
{
	const uint8_t *p = buf + f->off + k * f->s.size;
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < f->s.size; i++)
		v |= (uint64_t)p[i] << (8 * i);
	/* Sign-extend what is signed. */
	if ((f->s.type == BMOF_SINT8 || f->s.type == BMOF_SINT16 || f->s.type == BMOF_SINT32) &&
	    (v >> (8 * f->s.size - 1)) & 1)
		v |= ~0ull << (8 * f->s.size);
	return v;
}

static bool field_signed(const struct field *f)
{
	return f->s.type == BMOF_SINT8 || f->s.type == BMOF_SINT16 ||
	       f->s.type == BMOF_SINT32 || f->s.type == BMOF_SINT64;
}

/* A string field as text, whole (a field of n bytes has at most n / 2 characters), malloc()ed. */
static char *field_text(const struct field *f, const uint8_t *buf)
{
	size_t size = f->size / 2 + 1;
	char *text = malloc(size);

	if (text && !text_wmi_string(buf + f->off, f->size, text, size))
		text[0] = '\0';
	return text;
}

static void print_element(FILE *out, const struct field *f, const uint8_t *buf, size_t k)
{
	uint64_t v = element(f, buf, k);

	if (f->s.type == BMOF_BOOLEAN)
		fprintf(out, "%s", v ? "true" : "false");
	else if (field_signed(f))
		fprintf(out, "%lld", (long long)v);
	else
		fprintf(out, "%llu", (unsigned long long)v);
}

/*
 * A string field between quotes, as MOF writes a string: a quote or a
 * backslash of the firmware's is escaped, so "a\"b" cannot read as the
 * field "a" and more (text_wmi_string() made the rest printable ASCII).
 */
static void print_string(FILE *out, const char *text)
{
	fputc('"', out);
	for (; *text; text++) {
		if (*text == '"' || *text == '\\')
			fputc('\\', out);
		fputc(*text, out);
	}
	fputs("\"\n", out);
}

void mof_call_print_result(FILE *out, const struct bmof_method *m, const uint8_t *buf,
			   size_t len)
{
	char msg[MOF_CALL_ERR_LEN];
	size_t i = 0, pos = 0, k;
	struct field f;

	while (next_field(m, &i, &pos, buf, len, &f, msg, sizeof(msg)) > 0) {
		fprintf(out, "%s = ", f.p->name);
		if (f.s.type == BMOF_STRING) {
			char *text = field_text(&f, buf);

			print_string(out, text ? text : "");
			free(text);
			continue;
		}
		if (f.s.array)
			fprintf(out, "[");
		for (k = 0; k < f.s.count; k++) {
			fprintf(out, "%s", k ? ", " : "");
			print_element(out, &f, buf, k);
		}
		fprintf(out, "%s\n", f.s.array ? "]" : "");
	}
	/* What the firmware returned beyond its declared fields is shown, never hidden. */
	if (pos < len) {
		fprintf(out, "(%zu more byte%s:", len - pos, len - pos == 1 ? "" : "s");
		for (k = pos; k < len; k++)
			fprintf(out, " %02x", buf[k]);
		fprintf(out, ")\n");
	}
}

static void json_element(struct json *j, const struct field *f, const uint8_t *buf, size_t k)
{
	uint64_t v = element(f, buf, k);

	if (f->s.type == BMOF_BOOLEAN)
		json_bool(j, v);
	else if (field_signed(f))
		json_int(j, (int64_t)v);
	else
		json_uint(j, v);
}

void mof_call_json_result(struct json *j, const struct bmof_method *m, const uint8_t *buf,
			  size_t len)
{
	char msg[MOF_CALL_ERR_LEN];
	size_t i = 0, pos = 0, k;
	struct field f;

	json_key(j, "fields");
	json_object_begin(j);
	while (next_field(m, &i, &pos, buf, len, &f, msg, sizeof(msg)) > 0) {
		json_key(j, f.p->name);
		if (f.s.type == BMOF_STRING) {
			char *text = field_text(&f, buf);

			json_string(j, text ? text : "");
			free(text);
			continue;
		}
		if (!f.s.array) {
			json_element(j, &f, buf, 0);
			continue;
		}
		json_array_begin(j);
		for (k = 0; k < f.s.count; k++)
			json_element(j, &f, buf, k);
		json_array_end(j);
	}
	json_object_end(j);
}

// SPDX-License-Identifier: GPL-2.0
/* Policy names, numbers and escaping; see text.h. */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "text.h"

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '-';
}

bool policy_name_valid(const char *s)
{
	size_t i;

	if (!s || !s[0] || s[0] == '-')
		return false;
	for (i = 0; s[i]; i++)
		if (i == POLICY_NAME_MAX || !name_char(s[i]))
			return false;
	return true;
}

int policy_name_from_file(const char *path, char name[POLICY_NAME_MAX + 1])
{
	const char *base = strrchr(path, '/');
	size_t len, i;

	base = base ? base + 1 : path;
	len = strlen(base);
	if (len >= 6 && !strcmp(base + len - 6, ".bpf.o"))
		len -= 6;
	else if (len >= 2 && !strcmp(base + len - 2, ".o"))
		len -= 2;
	name[0] = '\0';
	if (!len || len > POLICY_NAME_MAX)
		return -EINVAL;
	for (i = 0; i < len; i++)
		name[i] = name_char(base[i]) ? base[i] : '_';
	name[len] = '\0';
	return policy_name_valid(name) ? 0 : -EINVAL;
}

static int digit_value(char c, unsigned int base)
{
	int v;

	if (c >= '0' && c <= '9')
		v = c - '0';
	else if (c >= 'a' && c <= 'f')
		v = c - 'a' + 10;
	else if (c >= 'A' && c <= 'F')
		v = c - 'A' + 10;
	else
		return -1;
	return (unsigned int)v < base ? v : -1;
}

int text_parse_u64(const char *s, uint64_t *v)
{
	unsigned int base = 10;
	uint64_t n = 0;
	bool range = false;
	int d;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	} else if (s[0] == '0' && s[1] >= '0' && s[1] <= '9') {
		return -EDOM;
	}
	if (!*s)
		return -EINVAL;
	for (; *s; s++) {
		d = digit_value(*s, base);
		if (d < 0)
			return -EINVAL;
		/* Keeps reading past an overflow, for -EINVAL on "99999999999999999999x". */
		if (n > (UINT64_MAX - d) / base)
			range = true;
		else
			n = n * base + d;
	}
	if (range)
		return -ERANGE;
	*v = n;
	return 0;
}

int text_parse_u32(const char *s, uint32_t *v)
{
	uint64_t n;
	int ret = text_parse_u64(s, &n);

	if (!ret && n > UINT32_MAX)
		ret = -ERANGE;
	if (!ret)
		*v = n;
	return ret;
}

void text_escape(const char *s, size_t len, char *out, size_t size)
{
	size_t i, n = 0;

	if (!size)
		return;
	for (i = 0; i < len && s[i]; i++) {
		unsigned char c = s[i];
		char esc[5];
		size_t w;

		if (c == '\\')
			w = (size_t)snprintf(esc, sizeof(esc), "\\\\");
		else if (c >= 0x20 && c < 0x7f)
			w = (size_t)snprintf(esc, sizeof(esc), "%c", c);
		else
			w = (size_t)snprintf(esc, sizeof(esc), "\\x%02x", c);
		if (n + w >= size)
			break;
		memcpy(out + n, esc, w);
		n += w;
	}
	out[n] = '\0';
}

bool text_wmi_string(const uint8_t *p, size_t size, char *out, size_t outsize)
{
	size_t count, i, n = 0;

	if (size < 2 || !outsize)
		return false;
	count = p[0] | p[1] << 8;
	if (count % 2 || 2 + count != size)
		return false;
	for (i = 0; i < count / 2 && n + 1 < outsize; i++) {
		uint16_t c = p[2 + 2 * i] | p[3 + 2 * i] << 8;

		if (!c)
			break;
		out[n++] = c < 0x7f && c >= 0x20 ? c : '?';
	}
	out[n] = '\0';
	return true;
}

const char *text_result_type(uint32_t type)
{
	/* The values of WMI_RESULT_* in <linux/wmi.h>, which user space shares */
	static const char *const names[] = {
		"none", "integer", "string", "buffer", "package",
	};

	return type < sizeof(names) / sizeof(names[0]) ? names[type] : "?";
}

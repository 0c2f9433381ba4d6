// SPDX-License-Identifier: GPL-2.0
/* WMI GUID parsing and formatting; see guid.h for the byte order. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guid.h"

/*
 * Where each byte's two hex digits sit in the text form.  The first three
 * fields are stored little-endian, so their bytes come from the text in
 * reverse.
 */
static const uint8_t guid_text_pos[WMI_GUID_LEN] = {
	6, 4, 2, 0,		/* time_low, LE */
	11, 9,			/* time_mid, LE */
	16, 14,			/* time_hi_and_version, LE */
	19, 21,			/* clock_seq */
	24, 26, 28, 30, 32, 34,	/* node */
};

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Parse exactly 36 characters at s. */
static int parse36(const char *s, struct wmi_guid *g)
{
	struct wmi_guid tmp;
	int i;

	for (i = 0; i < WMI_GUID_STR_LEN; i++) {
		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (s[i] != '-')
				return -EINVAL;
		} else if (hexval(s[i]) < 0) {
			return -EINVAL;
		}
	}

	for (i = 0; i < WMI_GUID_LEN; i++) {
		const char *p = s + guid_text_pos[i];

		tmp.b[i] = (uint8_t)(hexval(p[0]) << 4 | hexval(p[1]));
	}
	*g = tmp;
	return 0;
}

int wmi_guid_parse(const char *s, struct wmi_guid *g)
{
	size_t len;

	if (!s)
		return -EINVAL;

	len = strlen(s);
	if (len == WMI_GUID_STR_LEN)
		return parse36(s, g);
	if (len == WMI_GUID_STR_LEN + 2 && s[0] == '{' && s[len - 1] == '}')
		return parse36(s + 1, g);
	return -EINVAL;
}

void wmi_guid_format(const struct wmi_guid *g, char buf[WMI_GUID_STR_LEN + 1])
{
	static const char digits[] = "0123456789ABCDEF";
	int i;

	memset(buf, '-', WMI_GUID_STR_LEN);
	for (i = 0; i < WMI_GUID_LEN; i++) {
		char *p = buf + guid_text_pos[i];

		p[0] = digits[g->b[i] >> 4];
		p[1] = digits[g->b[i] & 0xf];
	}
	buf[WMI_GUID_STR_LEN] = '\0';
}

bool wmi_guid_equal(const struct wmi_guid *a, const struct wmi_guid *b)
{
	return memcmp(a->b, b->b, WMI_GUID_LEN) == 0;
}

bool wmi_guid_is_null(const struct wmi_guid *g)
{
	static const struct wmi_guid null;

	return wmi_guid_equal(g, &null);
}

int wmi_devname_parse(const char *s, struct wmi_guid *g, unsigned int *index)
{
	struct wmi_guid tmp;
	unsigned long n;
	char *end;

	if (!s || strlen(s) < WMI_GUID_STR_LEN || parse36(s, &tmp))
		return -EINVAL;

	s += WMI_GUID_STR_LEN;
	if (*s == '\0') {
		n = 0;
	} else {
		/* "-N": N is a positive decimal without sign or leading zero. */
		if (s[0] != '-' || s[1] < '1' || s[1] > '9')
			return -EINVAL;
		errno = 0;
		n = strtoul(s + 1, &end, 10);
		if (errno || *end || n > 0xffff)
			return -EINVAL;
	}

	*g = tmp;
	*index = (unsigned int)n;
	return 0;
}

void wmi_binding_format(const uint8_t g[16], char buf[WMI_GUID_STR_LEN + 1])
{
	static const uint8_t null_guid[16];
	struct wmi_guid guid;

	if (!memcmp(g, null_guid, 16)) {
		strcpy(buf, "all");
		return;
	}
	memcpy(guid.b, g, 16);
	wmi_guid_format(&guid, buf);
}

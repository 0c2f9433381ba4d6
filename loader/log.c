// SPDX-License-Identifier: GPL-2.0
/* libbpf's messages, kept whole (see log.h). */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

static char *text;
static size_t length;

int log_append(const char *fmt, va_list ap)
{
	char *msg, *grown;
	int n;

	/* vasprintf() sizes the message: no fixed buffer to cut it at. */
	n = vasprintf(&msg, fmt, ap);
	if (n < 0)
		return -ENOMEM;
	grown = realloc(text, length + n + 1);
	if (!grown) {
		free(msg);
		return -ENOMEM;
	}
	text = grown;
	memcpy(text + length, msg, n + 1);
	length += n;
	free(msg);
	return 0;
}

const char *log_text(void)
{
	return text ? text : "";
}

size_t log_length(void)
{
	return length;
}

void log_reset(void)
{
	free(text);
	text = NULL;
	length = 0;
}

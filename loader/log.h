/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libbpf's messages while loading, kept whole to be shown when loading
 * fails. libbpf prints a refused program's verifier log in one message,
 * often far longer than a line: its end says why the program was refused,
 * so nothing of it may be cut.
 */
#ifndef WMIBPF_LOG_H
#define WMIBPF_LOG_H

#include <stdarg.h>
#include <stddef.h>

/* Append one formatted message, however long. 0, or -ENOMEM. */
int log_append(const char *fmt, va_list ap);

/* What was appended since the last reset ("" if nothing). */
const char *log_text(void);
size_t log_length(void);

void log_reset(void);

#endif

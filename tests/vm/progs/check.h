/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Checks for in-guest test programs, printing like tests/vm/lib.sh does:
 * "ok: what" or "FAIL: what (file:line)", then a count; check_finish() is
 * the exit status (a program that checked nothing fails).
 */
#ifndef WMIBPF_CHECK_H
#define WMIBPF_CHECK_H

#include <stdio.h>

static int checks, failures;

#define CHECK(cond, fmt, ...)							\
	do {									\
		checks++;							\
		if (cond) {							\
			printf("ok: " fmt "\n", ##__VA_ARGS__);			\
		} else {							\
			failures++;						\
			printf("FAIL: " fmt " (%s:%d)\n", ##__VA_ARGS__,	\
			       __FILE__, __LINE__);				\
		}								\
		fflush(stdout);							\
	} while (0)

static inline int check_finish(void)
{
	printf("%d checks, %d failed\n", checks, failures);
	return failures || !checks;
}

#endif

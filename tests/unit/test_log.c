// SPDX-License-Identifier: GPL-2.0
/* libbpf's messages kept whole (loader/log.c): a verifier log is not cut. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "log.h"

static void append(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	assert_int_equal(log_append(fmt, ap), 0);
	va_end(ap);
}

/* As libbpf prints a refused program: the whole log in one message. */
static void long_message_kept_whole(void **state)
{
	size_t size = 100000, i;
	char *verifier = malloc(size + 1);
	const char *text;

	(void)state;
	assert_non_null(verifier);
	for (i = 0; i < size; i++)
		verifier[i] = i % 64 == 63 ? '\n' : 'a' + i % 26;
	verifier[size] = '\0';

	append("libbpf: prog '%s': BPF program load failed: %s\n", "policy_call",
	       "Permission denied");
	append("libbpf: prog '%s': -- BEGIN PROG LOAD LOG --\n%s"
	       "R1 invalid mem access 'scalar'\n-- END PROG LOAD LOG --\n", "policy_call",
	       verifier);
	text = log_text();
	assert_int_equal(log_length(), strlen(text));
	assert_true(log_length() > size);
	assert_non_null(strstr(text, verifier));
	/* The verdict at the end is there. */
	assert_non_null(strstr(text, "R1 invalid mem access 'scalar'\n-- END PROG LOAD LOG --\n"));
	assert_int_equal(strncmp(text, "libbpf: prog 'policy_call': BPF program load failed", 51), 0);
	free(verifier);

	log_reset();
	assert_string_equal(log_text(), "");
	assert_int_equal(log_length(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(long_message_kept_whole),
	};

	return cmocka_run_group_tests_name("log", tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/* wmibpf check (loader/cmd_check.c): what it prints and its exit status. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "wmibpf.h"

static char dir[] = "/tmp/wmibpf-check-XXXXXX";
static char good[128], bad[128], missing[128];

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(good, sizeof(good), "%s/good.yaml", dir);
	snprintf(bad, sizeof(bad), "%s/bad.yaml", dir);
	snprintf(missing, sizeof(missing), "%s/missing.yaml", dir);
	write_file(good, "name: good\ndevice: all\n");
	write_file(bad, "name: bad\ndevice: nowhere\n");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	unlink(good);
	unlink(bad);
	rmdir(dir);
	return 0;
}

/* Run check on the files, quietly: its exit status. */
static int check(char **files, size_t nr)
{
	struct cli cli = { .files = files, .nr_files = nr, .quiet = true };
	struct app a = { .cli = &cli };

	return cmd_check(&a);
}

static void exit_status(void **state)
{
	char *ok[] = { good }, *invalid[] = { good, bad }, *unreadable[] = { missing },
	     *both[] = { missing, bad }, *both_rev[] = { bad, missing };

	(void)state;
	assert_int_equal(check(ok, 1), EXIT_OK);
	assert_int_equal(check(invalid, 2), EXIT_BAD_POLICY);
	/* wmibpf(8): 1 for a file that cannot be read, not 3. */
	assert_int_equal(check(unreadable, 1), EXIT_FAILED);
	assert_int_equal(check(both, 2), EXIT_FAILED);
	assert_int_equal(check(both_rev, 2), EXIT_FAILED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(exit_status),
	};

	return cmocka_run_group_tests_name("check", tests, setup, teardown);
}

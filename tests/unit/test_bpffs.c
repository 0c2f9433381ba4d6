// SPDX-License-Identifier: GPL-2.0
/* Telling a BPF filesystem from others (loader/bpffs.c). */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <cmocka.h>
#include <linux/magic.h>

#include "bpffs.h"
#include "wmibpf.h"

/* Without bpffs, an empty directory must not pass for "no policy loaded". */
static void not_bpffs(void **state)
{
	char dir[] = "/tmp/wmibpf-bpffs-XXXXXX", sub[64];

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(bpffs_check(dir), -ENODEV);
	/* Not there yet (no policy ever loaded): its parent decides. */
	snprintf(sub, sizeof(sub), "%s/wmi", dir);
	assert_int_equal(bpffs_check(sub), -ENODEV);
	assert_int_equal(bpffs_require(sub), EXIT_FAILED);
	rmdir(dir);
}

/* Where the host has bpffs mounted, the policies' place passes. */
static void host_bpffs(void **state)
{
	struct statfs st;

	(void)state;
	if (statfs("/sys/fs/bpf", &st) || st.f_type != BPF_FS_MAGIC)
		skip();
	assert_int_equal(bpffs_check("/sys/fs/bpf/wmi-test-not-there"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(not_bpffs),
		cmocka_unit_test(host_bpffs),
	};

	return cmocka_run_group_tests_name("bpffs", tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * bed-leak: leaks one object when it loads, on purpose. The test bed
 * looks for kernel memory leaks with kmemleak's scans at the end of every
 * boot; tests/vm/bed_kmemleak.sh loads this module to check that those
 * scans find a leak made by the last test, just before they run.
 *
 * The object holds BED_LEAK_MARK, which kmemleak's report shows in its
 * hex dump, so the test knows its own leak from any other.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#define BED_LEAK_MARK "wmi-bpf bed leak"

static int __init bed_leak_init(void)
{
	char *p = kzalloc(64, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	strscpy(p, BED_LEAK_MARK, 64);
	/* The only pointer to it goes out of scope: that is the leak. */
	return 0;
}
module_init(bed_leak_init);

/* Without an exit function the module could not be unloaded. */
static void __exit bed_leak_exit(void)
{
}
module_exit(bed_leak_exit);

MODULE_DESCRIPTION("Leaks one object, for the test bed's leak check");
MODULE_LICENSE("GPL");

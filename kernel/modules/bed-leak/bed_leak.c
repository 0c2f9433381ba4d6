// SPDX-License-Identifier: GPL-2.0
/*
 * bed-leak: leaks objects while it is loaded, on purpose. The test bed
 * looks for kernel memory leaks with kmemleak's scans at the end of every
 * boot; tests/vm/bed_kmemleak.sh loads this module to check that those
 * scans find a leak made by the last test, just before they run.
 *
 * Each object holds BED_LEAK_MARK, which kmemleak's report shows in its
 * hex dump, so the test knows its own leak from any other.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#define BED_LEAK_MARK "wmi-bpf bed leak"

/*
 * kmemleak is conservative: a stale copy of a pointer, on a stack or in
 * memory it still scans, keeps that object from being reported. Leaking
 * many makes it near certain that some are reported; the test wants at
 * least one. The module keeps each pointer xor-ed with a key, which looks
 * like no address to kmemleak, and frees them all when it is unloaded, so
 * that one a stale copy hid is not reported by a later scan either.
 */
#define BED_LEAK_OBJECTS	32
#define BED_LEAK_KEY		0xa5a5a5a5a5a5a5a5UL

static unsigned long bed_leak_hidden[BED_LEAK_OBJECTS];

static void bed_leak_free(void)
{
	int i;

	for (i = 0; i < BED_LEAK_OBJECTS; i++)
		if (bed_leak_hidden[i])
			kfree((void *)(bed_leak_hidden[i] ^ BED_LEAK_KEY));
}

static int __init bed_leak_init(void)
{
	char *p;
	int i;

	for (i = 0; i < BED_LEAK_OBJECTS; i++) {
		p = kzalloc(64, GFP_KERNEL);
		if (!p) {
			bed_leak_free();
			return -ENOMEM;
		}
		strscpy(p, BED_LEAK_MARK, 64);
		bed_leak_hidden[i] = (unsigned long)p ^ BED_LEAK_KEY;
	}
	return 0;
}
module_init(bed_leak_init);

static void __exit bed_leak_exit(void)
{
	bed_leak_free();
}
module_exit(bed_leak_exit);

MODULE_DESCRIPTION("Leaks objects, for the test bed's leak check");
MODULE_LICENSE("GPL");

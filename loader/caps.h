/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Capability names, as policies write them ("CAP_SYS_RAWIO") and `show`
 * prints them. The numbers are the kernel's (linux/capability.h), fixed
 * ABI, so the table needs no header of the running kernel.
 */
#ifndef WMIBPF_CAPS_H
#define WMIBPF_CAPS_H

#include <stddef.h>
#include <stdint.h>

/* CAP_LAST_CAP of Linux 6.12: CAP_CHECKPOINT_RESTORE. */
#define WMIBPF_CAP_LAST	40

/* The number of "CAP_NAME", or -1 if no capability has that name. */
int cap_from_name(const char *name);

/* "CAP_SYS_RAWIO" for 17, NULL past WMIBPF_CAP_LAST. */
const char *cap_name(unsigned int cap);

/* "CAP_SYS_ADMIN,CAP_SYS_RAWIO" for a mask, "-" for none, cut to size. */
void caps_text(char *buf, size_t size, uint64_t caps);

#endif

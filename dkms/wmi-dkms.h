/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place where the DKMS build of the WMI core differs from the
 * in-tree build of kernel/patches.  dkms/Kbuild includes this file first in
 * every file of wmi.ko; the in-tree build never sees it.
 *
 * LOCKDOWN_WMI_METHOD: patch 0006 adds this reason to enum lockdown_reason
 * in include/linux/security.h, among the integrity reasons.  A module
 * cannot add a value to the running kernel's enum, nor use a copy of the
 * series' security.h: every reason after the new one would move by one and
 * mean something else to the running kernel.  So the module is built
 * against the running kernel's security.h and asks for
 * LOCKDOWN_ACPI_TABLES instead, the integrity reason the kernel already
 * gives for user space choosing which ACPI code runs (the ACPI table
 * override and drivers/acpi/custom_method.c).  Any lockdown level that
 * refuses the in-tree reason (integrity, confidentiality) refuses this
 * one, so the module refuses what the in-tree core refuses.  What differs
 * is the reason's name: the kernel logs "modifying ACPI tables is
 * restricted", and an LSM that tells reasons apart sees ACPI_TABLES.
 * wmi-dkms.c checks at build time that the reason is an integrity one.
 *
 * <linux/acpi.h>: the series makes the deprecated GUID-string functions
 * macros that pass THIS_MODULE to __wmi_*() variants.  The module keeps
 * the running kernel's acpi.h, a header far too shared to replace with
 * another kernel's copy, so wmi.ko's own files see the old prototypes
 * (wmi-internal.h declares the __wmi_*() variants then) and a
 * distribution's drivers call the old symbols, which find their module
 * by return address (wmi-owner.c).
 *
 * Symbols the kernel does not export to modules are replaced below by the
 * same check made with exported ones, each with why it is the same.
 *
 * The CRCs of the 14 symbols the distribution's wmi.ko exports stay the
 * distribution's, so that its WMI drivers load on this module:
 * dkms/genksyms.patch hides from genksyms the one field the series adds to
 * a structure they pass (wmi_driver.shares_methods, in former padding;
 * wmi-dkms.c asserts that).  Those are all the differences.
 */
#ifndef _WMI_DKMS_H_
#define _WMI_DKMS_H_

#define LOCKDOWN_WMI_METHOD	LOCKDOWN_ACPI_TABLES

/*
 * security_capable(): the core asks whether the opener of a /dev/wmi node
 * (call->cred, its file's f_cred) has CAP_SYS_RAWIO.  The kernel does not
 * export security_capable() to modules, and the exported file_ns_capable()
 * takes the file, which the call does not carry.  wmi-dkms.c makes the same
 * check with exported functions.  Declared, not defined, here: this file
 * comes before each file's own pr_fmt and includes, so it includes nothing;
 * security.h's own prototype, renamed by the macro, matches this one.
 */
struct cred;
struct user_namespace;
int wmi_dkms_security_capable(const struct cred *cred, struct user_namespace *ns,
			      int cap, unsigned int opts);
#define security_capable	wmi_dkms_security_capable

#endif /* _WMI_DKMS_H_ */

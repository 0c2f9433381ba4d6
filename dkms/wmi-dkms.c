// SPDX-License-Identifier: GPL-2.0
/*
 * Part of wmi.ko in its DKMS build only (see wmi-dkms.h): the version the
 * module reports, so that /sys/module/wmi/version and modinfo tell the
 * replacement from the distribution's WMI core, build-time checks of what
 * wmi-dkms.h and dkms/genksyms.patch rely on, and security_capable() made of
 * exported functions.
 */

#include <linux/build_bug.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/module.h>
#include <linux/security.h>
#include <linux/stddef.h>
#include <linux/wmi.h>

static_assert(LOCKDOWN_WMI_METHOD != LOCKDOWN_NONE,
	      "LOCKDOWN_WMI_METHOD must be a lockdown reason");
static_assert(LOCKDOWN_WMI_METHOD < LOCKDOWN_INTEGRITY_MAX,
	      "LOCKDOWN_WMI_METHOD must be an integrity-level lockdown reason");

/*
 * dkms/genksyms.patch keeps the distribution's CRC for struct wmi_driver,
 * which is true only while the field the series adds lies in what was
 * padding: the members after it keep their offsets.
 */
static_assert(offsetof(struct wmi_driver, shares_methods) ==
	      offsetof(struct wmi_driver, no_singleton) + 1 &&
	      offsetof(struct wmi_driver, probe) ==
	      ALIGN(offsetof(struct wmi_driver, no_singleton) + 1, sizeof(void *)),
	      "wmi_driver.shares_methods must stay in what was padding");

/*
 * The same question security_capable(cred, ns, cap, opts) asks, through
 * ns_capable(), which asks security_capable() about current_cred(): the
 * task takes on @cred for that moment only.  Callers are tasks in the
 * ioctl of a /dev/wmi node, which may sleep.  The one side effect the
 * in-tree check lacks: a granted capability marks the task PF_SUPERPRIV,
 * as every capable() check does.
 */
int wmi_dkms_security_capable(const struct cred *cred, struct user_namespace *ns,
			      int cap, unsigned int opts)
{
	const struct cred *old;
	bool ok;

	old = override_creds(cred);
	if (opts & CAP_OPT_NOAUDIT)
		ok = ns_capable_noaudit(ns, cap);
	else
		ok = ns_capable(ns, cap);
	revert_creds(old);
	return ok ? 0 : -EPERM;
}

MODULE_VERSION(WMIBPF_VERSION);
MODULE_INFO(wmibpf_source, "linux-source " WMIBPF_SRCVER " with kernel/series");

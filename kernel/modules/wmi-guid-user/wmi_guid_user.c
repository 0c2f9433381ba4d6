// SPDX-License-Identifier: GPL-2.0
/*
 * wmi-guid-user: a module on the deprecated GUID-string functions, as
 * acer-wmi, asus-wmi or hp-wmi are: it binds no WMI device and names its
 * GUID to one function when it loads. Tests check that this makes it a
 * user of the device (its guid_users attribute), that raw calls to the
 * device's methods fail with EBUSY until the module is unloaded, and that
 * a load that fails leaves no user behind.
 *
 * Parameters (all read once, at load):
 *
 *   guid    the GUID to use
 *   use     the function: has (wmi_has_guid()), count
 *           (wmi_instance_count()), uid (wmi_get_acpi_device_uid()),
 *           method (wmi_evaluate_method(), instance 0, method id
 *           method_id, a dword 0 as input), query (wmi_query_block(),
 *           instance 0), set (wmi_set_block(), instance 0, the dword
 *           value), notify (wmi_install_notify_handler(), removed when
 *           the module is unloaded)
 *   method_id, value  for method and set
 *   fail    fail the load with -EAGAIN after the call
 *
 * A call that fails fails the load with -ENODEV; the log says which.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/acpi.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/wmi.h>

static char *guid;
module_param(guid, charp, 0444);
MODULE_PARM_DESC(guid, "The GUID to use");

static char *use = "has";
module_param(use, charp, 0444);
MODULE_PARM_DESC(use, "has, count, uid, method, query, set or notify");

static uint method_id;
module_param(method_id, uint, 0444);
MODULE_PARM_DESC(method_id, "Method id for use=method");

static uint value;
module_param(value, uint, 0444);
MODULE_PARM_DESC(value, "Dword written by use=set");

static bool fail;
module_param(fail, bool, 0444);
MODULE_PARM_DESC(fail, "Fail the load after the call");

static bool notify_installed;

static void guid_user_notify(union acpi_object *data, void *context)
{
}

static int guid_user_call(void)
{
	struct acpi_buffer out = { ACPI_ALLOCATE_BUFFER, NULL };
	u32 dword = value;
	struct acpi_buffer in = { sizeof(dword), &dword };
	acpi_status status;

	if (!strcmp(use, "has"))
		return wmi_has_guid(guid) ? 0 : -ENODEV;
	if (!strcmp(use, "count"))
		return wmi_instance_count(guid) > 0 ? 0 : -ENODEV;
	if (!strcmp(use, "uid"))
		return wmi_get_acpi_device_uid(guid) ? 0 : -ENODEV;
	if (!strcmp(use, "method")) {
		dword = 0;
		status = wmi_evaluate_method(guid, 0, method_id, &in, &out);
	} else if (!strcmp(use, "query")) {
		status = wmi_query_block(guid, 0, &out);
	} else if (!strcmp(use, "set")) {
		status = wmi_set_block(guid, 0, &in);
	} else if (!strcmp(use, "notify")) {
		status = wmi_install_notify_handler(guid, guid_user_notify, NULL);
		notify_installed = ACPI_SUCCESS(status);
	} else {
		return -EINVAL;
	}
	kfree(out.pointer);

	return ACPI_SUCCESS(status) ? 0 : -ENODEV;
}

static int __init guid_user_init(void)
{
	int ret;

	if (!guid)
		return -EINVAL;
	ret = guid_user_call();
	pr_info("%s %s: %d\n", use, guid, ret);
	if (ret)
		return ret;
	if (fail) {
		if (notify_installed)
			wmi_remove_notify_handler(guid);
		return -EAGAIN;
	}

	return 0;
}

static void __exit guid_user_exit(void)
{
	if (notify_installed)
		wmi_remove_notify_handler(guid);
}

module_init(guid_user_init);
module_exit(guid_user_exit);

MODULE_DESCRIPTION("A test user of the GUID-string WMI functions");
MODULE_LICENSE("GPL");

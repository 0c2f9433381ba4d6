// SPDX-License-Identifier: GPL-2.0
/*
 * acme-battery: the charge limit of the fake acme laptop (vmtest/acpi/acme.asl),
 * a data block the driver keeps as a sysfs attribute.
 *
 * The block D28B1D3D-...-8DE9936D1B31 holds the limit, a dword 50..100
 * (expensive: the WMI core enables data collection around each query).
 * The driver shows it as charge_control_end_threshold on its WMI device,
 * as battery drivers name it, and notifies pollers when it changes.
 *
 * Tools written before this driver existed read and write the block raw
 * through /dev/wmi. The driver claims the block, so their queries and sets
 * now come here: a set goes through the same path as a write of the
 * attribute, which checks the value (the firmware would ignore a bad one
 * silently), sets the firmware and notifies; a query is answered with the
 * firmware's contents. The tools keep working, and the attribute never
 * goes stale behind the driver's back.
 */

#include <linux/acpi.h>
#include <linux/device.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include <linux/unaligned.h>
#include <linux/wmi.h>

#define ACME_GUID_CHARGE_LIMIT	"D28B1D3D-B880-4E86-BCF8-8DE9936D1B31"

#define ACME_LIMIT_MIN	50
#define ACME_LIMIT_MAX	100

struct acme_battery {
	struct wmi_device *wdev;
	struct mutex lock;	/* Serialises sets with their notification */
};

static int acme_battery_query(struct acme_battery *bat, u32 *limit)
{
	struct wmi_buffer out = {};
	int ret;

	ret = wmidev_query_block(bat->wdev, 0, &out, sizeof(u32));
	if (ret)
		return ret;
	*limit = get_unaligned_le32(out.data);
	kfree(out.data);

	return 0;
}

/* The one path a new limit takes: the attribute's, and user space's sets. */
static int acme_battery_set(struct acme_battery *bat, u32 limit)
{
	__le32 data = cpu_to_le32(limit);
	struct wmi_buffer in = { sizeof(data), &data };
	int ret;

	if (limit < ACME_LIMIT_MIN || limit > ACME_LIMIT_MAX)
		return -EINVAL;

	mutex_lock(&bat->lock);
	ret = wmidev_set_block(bat->wdev, 0, &in);
	if (!ret)
		sysfs_notify(&bat->wdev->dev.kobj, NULL, "charge_control_end_threshold");
	mutex_unlock(&bat->lock);

	return ret;
}

static ssize_t charge_control_end_threshold_show(struct device *dev,
						 struct device_attribute *attr, char *buf)
{
	struct acme_battery *bat = dev_get_drvdata(dev);
	u32 limit;
	int ret;

	ret = acme_battery_query(bat, &limit);
	if (ret)
		return ret;

	return sysfs_emit(buf, "%u\n", limit);
}

static ssize_t charge_control_end_threshold_store(struct device *dev,
						  struct device_attribute *attr,
						  const char *buf, size_t count)
{
	struct acme_battery *bat = dev_get_drvdata(dev);
	u32 limit;
	int ret;

	ret = kstrtou32(buf, 10, &limit);
	if (ret)
		return ret;
	ret = acme_battery_set(bat, limit);

	return ret ?: count;
}
static DEVICE_ATTR_RW(charge_control_end_threshold);

static struct attribute *acme_battery_attrs[] = {
	&dev_attr_charge_control_end_threshold.attr,
	NULL
};
ATTRIBUTE_GROUPS(acme_battery);

/*
 * A user-space query or set of the claimed block. A set that is not one
 * dword is refused as the attribute refuses a value out of range.
 */
static int acme_battery_block_call(struct wmi_device *wdev, struct wmi_method_request *req)
{
	struct acme_battery *bat = dev_get_drvdata(&wdev->dev);
	union acpi_object obj = { .type = ACPI_TYPE_BUFFER };
	__le32 data;
	u32 limit;
	int ret;

	switch (req->kind) {
	case WMI_KIND_SET:
		if (req->input_size != sizeof(u32))
			return -EINVAL;
		return acme_battery_set(bat, get_unaligned_le32(req->input));
	case WMI_KIND_QUERY:
		ret = acme_battery_query(bat, &limit);
		if (ret)
			return ret;
		data = cpu_to_le32(limit);
		obj.buffer.length = sizeof(data);
		obj.buffer.pointer = (u8 *)&data;
		return wmi_request_answer(req, &obj);
	default:
		return -EOPNOTSUPP;
	}
}

static const struct wmi_intercept_ops acme_battery_intercept_ops = {
	.method_call = acme_battery_block_call,
};

static int acme_battery_probe(struct wmi_device *wdev, const void *context)
{
	struct acme_battery *bat;
	int ret;

	bat = devm_kzalloc(&wdev->dev, sizeof(*bat), GFP_KERNEL);
	if (!bat)
		return -ENOMEM;
	bat->wdev = wdev;
	ret = devm_mutex_init(&wdev->dev, &bat->lock);
	if (ret)
		return ret;
	dev_set_drvdata(&wdev->dev, bat);

	/* Released by the WMI core before remove, which it waits for. */
	return wmidev_intercept_block(wdev, &acme_battery_intercept_ops);
}

static const struct wmi_device_id acme_battery_id_table[] = {
	{ ACME_GUID_CHARGE_LIMIT, NULL },
	{ }
};
MODULE_DEVICE_TABLE(wmi, acme_battery_id_table);

static struct wmi_driver acme_battery_driver = {
	.driver = {
		.name = "acme-battery",
		.dev_groups = acme_battery_groups,
	},
	.id_table = acme_battery_id_table,
	.probe = acme_battery_probe,
};
module_wmi_driver(acme_battery_driver);

MODULE_DESCRIPTION("Charge limit of the WMI-BPF fake acme laptop");
MODULE_LICENSE("GPL");

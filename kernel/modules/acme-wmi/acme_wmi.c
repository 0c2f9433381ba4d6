// SPDX-License-Identifier: GPL-2.0
/*
 * acme-wmi: the kernel driver of the fake acme laptop (vmtest/acpi/acme.asl).
 *
 * It is what a vendor driver looks like once the kernel learns a feature:
 * the brightness becomes a backlight class device and the keyboard light an
 * LED class device, both on the WMI methods of FE733490-...-BC248874D383.
 *
 * User-space tools written before this driver existed set the brightness
 * and the keyboard light with raw WMI calls. The driver claims those two
 * methods, so such calls now come here: the driver performs them through
 * the backlight and LED cores, whose state, sysfs files and notifications
 * follow, and answers exactly as the firmware would. The tools keep working
 * and never learn the driver exists.
 *
 * It also takes state updates from WMI-BPF translators (policies/acme/):
 * a program that decodes a model's raw call hands the new level here with
 * bpf_wmi_driver_update(), key ACME_STATE_BRIGHTNESS or ACME_STATE_KBD_LIGHT
 * and a little-endian u32, and the same code path applies it.
 */

#include <linux/acpi.h>
#include <linux/backlight.h>
#include <linux/device.h>
#include <linux/leds.h>
#include <linux/module.h>
#include <linux/unaligned.h>
#include <linux/wmi.h>

#define ACME_GUID_METHODS	"FE733490-2E22-4EDB-A7B5-BC248874D383"

/* Method ids of the firmware (acme.asl, WMAA). */
enum acme_method {
	ACME_GET_BRIGHTNESS = 1,
	ACME_SET_BRIGHTNESS = 2,
	ACME_GET_KBD_LIGHT = 3,
	ACME_SET_KBD_LIGHT = 4,
};

/* The firmware's set methods answer 0, or 1 for a value out of range. */
#define ACME_STATUS_OK		0
#define ACME_STATUS_RANGE	1

#define ACME_MAX_BRIGHTNESS	100
#define ACME_MAX_KBD_LIGHT	3

/* Keys of bpf_wmi_driver_update() state updates, for translators. */
enum acme_state_key {
	ACME_STATE_BRIGHTNESS = 1,
	ACME_STATE_KBD_LIGHT = 2,
};

struct acme_wmi {
	struct wmi_device *wdev;
	struct backlight_device *bl;
	struct led_classdev kbd_led;
};

static int acme_call(struct wmi_device *wdev, u32 method, const u32 *arg, u32 *result)
{
	struct acpi_buffer out = { ACPI_ALLOCATE_BUFFER, NULL };
	__le32 le_arg = cpu_to_le32(arg ? *arg : 0);
	struct acpi_buffer in = { arg ? sizeof(le_arg) : 0, &le_arg };
	union acpi_object *obj;
	acpi_status status;
	int ret = 0;

	status = wmidev_evaluate_method(wdev, 0, method, &in, &out);
	if (ACPI_FAILURE(status))
		return -EIO;

	obj = out.pointer;
	if (!obj || obj->type != ACPI_TYPE_INTEGER)
		ret = -EPROTO;
	else
		*result = obj->integer.value;
	kfree(obj);

	return ret;
}

static int acme_set(struct wmi_device *wdev, u32 method, u32 value)
{
	u32 status;
	int ret;

	ret = acme_call(wdev, method, &value, &status);
	if (ret)
		return ret;

	return status == ACME_STATUS_OK ? 0 : -EINVAL;
}

static int acme_bl_get_brightness(struct backlight_device *bl)
{
	struct acme_wmi *acme = bl_get_data(bl);
	u32 level;
	int ret;

	ret = acme_call(acme->wdev, ACME_GET_BRIGHTNESS, NULL, &level);

	return ret ?: level;
}

static int acme_bl_update_status(struct backlight_device *bl)
{
	struct acme_wmi *acme = bl_get_data(bl);

	return acme_set(acme->wdev, ACME_SET_BRIGHTNESS, backlight_get_brightness(bl));
}

static const struct backlight_ops acme_bl_ops = {
	.get_brightness = acme_bl_get_brightness,
	.update_status = acme_bl_update_status,
};

static enum led_brightness acme_kbd_get(struct led_classdev *led)
{
	struct acme_wmi *acme = container_of(led, struct acme_wmi, kbd_led);
	u32 level;

	return acme_call(acme->wdev, ACME_GET_KBD_LIGHT, NULL, &level) ? 0 : level;
}

static int acme_kbd_set(struct led_classdev *led, enum led_brightness value)
{
	struct acme_wmi *acme = container_of(led, struct acme_wmi, kbd_led);

	return acme_set(acme->wdev, ACME_SET_KBD_LIGHT, value);
}

static int acme_set_brightness(struct acme_wmi *acme, u32 level)
{
	if (level > ACME_MAX_BRIGHTNESS)
		return -ERANGE;

	return backlight_device_set_brightness(acme->bl, level);
}

static int acme_set_kbd_light(struct acme_wmi *acme, u32 level)
{
	int ret;

	if (level > ACME_MAX_KBD_LIGHT)
		return -ERANGE;

	ret = led_set_brightness_sync(&acme->kbd_led, level);
	if (!ret)
		led_classdev_notify_brightness_hw_changed(&acme->kbd_led, level);

	return ret;
}

/* Answer an intercepted set the way the firmware would. */
static int acme_answer(struct wmi_method_request *req, u32 status)
{
	union acpi_object obj = {
		.integer = { .type = ACPI_TYPE_INTEGER, .value = status },
	};

	return wmi_request_answer(req, &obj);
}

/*
 * A user-space call to a claimed set method: do it through the class
 * device, so its state and notifications follow, instead of behind its
 * back. Out-of-range values, short input included, get the firmware's
 * answer without touching anything.
 */
static int acme_method_call(struct wmi_device *wdev, struct wmi_method_request *req)
{
	struct acme_wmi *acme = dev_get_drvdata(&wdev->dev);
	u32 value = U32_MAX;
	int ret;

	if (req->input_size >= sizeof(u32))
		value = get_unaligned_le32(req->input);

	switch (req->method_id) {
	case ACME_SET_BRIGHTNESS:
		ret = acme_set_brightness(acme, value);
		break;
	case ACME_SET_KBD_LIGHT:
		ret = acme_set_kbd_light(acme, value);
		break;
	default:
		return -EOPNOTSUPP;
	}

	if (ret == -ERANGE)
		return acme_answer(req, ACME_STATUS_RANGE);

	return ret ?: acme_answer(req, ACME_STATUS_OK);
}

/* A level a WMI-BPF translator decoded from a raw call. */
static int acme_state_update(struct wmi_device *wdev, u32 key, const void *data, size_t size)
{
	struct acme_wmi *acme = dev_get_drvdata(&wdev->dev);
	u32 level;

	if (size != sizeof(u32))
		return -EINVAL;
	level = get_unaligned_le32(data);

	switch (key) {
	case ACME_STATE_BRIGHTNESS:
		return acme_set_brightness(acme, level);
	case ACME_STATE_KBD_LIGHT:
		return acme_set_kbd_light(acme, level);
	default:
		return -EINVAL;
	}
}

static const struct wmi_intercept_ops acme_intercept_ops = {
	.method_call = acme_method_call,
	.state_update = acme_state_update,
};

static const u32 acme_claimed_methods[] = {
	ACME_SET_BRIGHTNESS,
	ACME_SET_KBD_LIGHT,
};

/*
 * The driver owns every method of its device. Reads of its own state and
 * the firmware's other features (fan profile, info, echo, model, counters,
 * events) cannot disturb it, so it shares them with raw user-space calls;
 * only method ids the firmware does not know stay owned.
 */
static const u32 acme_shared_methods[] = {
	ACME_GET_BRIGHTNESS, ACME_GET_KBD_LIGHT, 5, 6, 7, 8, 9, 10, 11, 12, 13,
};

static int acme_wmi_probe(struct wmi_device *wdev, const void *context)
{
	struct backlight_properties props = {
		.type = BACKLIGHT_PLATFORM,
		.max_brightness = ACME_MAX_BRIGHTNESS,
	};
	struct acme_wmi *acme;
	u32 level;
	int ret;

	acme = devm_kzalloc(&wdev->dev, sizeof(*acme), GFP_KERNEL);
	if (!acme)
		return -ENOMEM;
	acme->wdev = wdev;
	dev_set_drvdata(&wdev->dev, acme);

	/* First: until it shares them, raw calls to its methods fail with EBUSY. */
	ret = wmidev_share_methods(wdev, acme_shared_methods, ARRAY_SIZE(acme_shared_methods));
	if (ret)
		return ret;

	ret = acme_call(wdev, ACME_GET_BRIGHTNESS, NULL, &level);
	if (ret)
		return dev_err_probe(&wdev->dev, ret, "cannot read the brightness\n");
	props.brightness = level;

	acme->bl = devm_backlight_device_register(&wdev->dev, "acme", &wdev->dev, acme,
						  &acme_bl_ops, &props);
	if (IS_ERR(acme->bl))
		return PTR_ERR(acme->bl);

	acme->kbd_led.name = "acme::kbd_backlight";
	acme->kbd_led.max_brightness = ACME_MAX_KBD_LIGHT;
	acme->kbd_led.brightness_get = acme_kbd_get;
	acme->kbd_led.brightness_set_blocking = acme_kbd_set;
	acme->kbd_led.flags = LED_BRIGHT_HW_CHANGED;
	acme->kbd_led.brightness = acme_kbd_get(&acme->kbd_led);
	ret = devm_led_classdev_register(&wdev->dev, &acme->kbd_led);
	if (ret)
		return ret;

	/* Last: calls may arrive as soon as the methods are claimed. */
	return devm_wmidev_intercept_methods(wdev, &acme_intercept_ops, acme_claimed_methods,
					     ARRAY_SIZE(acme_claimed_methods));
}

static const struct wmi_device_id acme_wmi_id_table[] = {
	{ ACME_GUID_METHODS, NULL },
	{ }
};
MODULE_DEVICE_TABLE(wmi, acme_wmi_id_table);

static struct wmi_driver acme_wmi_driver = {
	.driver = {
		.name = "acme-wmi",
	},
	.id_table = acme_wmi_id_table,
	.probe = acme_wmi_probe,
};
module_wmi_driver(acme_wmi_driver);

MODULE_DESCRIPTION("Backlight and keyboard light of the WMI-BPF fake acme laptop");
MODULE_LICENSE("GPL");

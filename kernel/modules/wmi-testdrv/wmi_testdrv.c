// SPDX-License-Identifier: GPL-2.0
/*
 * wmi-testdrv: a WMI driver for the fake acme laptop that lets in-guest tests
 * make kernel-origin WMI calls and see the events the core delivers.
 *
 * It binds every acme GUID and exposes, under /sys/kernel/debug/wmi-testdrv/:
 *
 *   method  write "<device> <instance> <method id> [hex input]" to call
 *           wmidev_evaluate_method(); read the outcome
 *   query   write "<device> <instance>" to call wmidev_block_query()
 *   set     write "<device> <instance> <hex input>" to call wmidev_block_set()
 *   invoke  write "<device> <instance> <method id> <min size> [hex input]" to
 *           call wmidev_invoke_method(); reads back "ok <size> <hex bytes>"
 *           or "error <errno>"
 *   query_block  write "<device> <instance> <min size>" to call
 *           wmidev_query_block(); reads back as invoke
 *   set_block  write "<device> <instance> <hex input>" to call
 *           wmidev_set_block(); reads back "ok 0" or "error <errno>"
 *   trusting write as for method: a call made the way dell-smbios-wmi makes
 *           it, trusting the firmware: the result object is dereferenced
 *           unchecked and its buffer copied, by its own length, into a
 *           buffer the size of the input. KASAN sees any overflow.
 *   events  one line per event received: "<device> <object>"; full, it
 *           keeps the first
 *   event_count  events received, all of them
 *
 * and /sys/module/wmi_testdrv/parameters/raise_event, which raises the acme
 * hot key event with the dword written as its data, even under lockdown;
 * and .../parameters/charge_limit, which queries (read) and sets (write) the
 * acme charge limit block with wmidev_query_block() and wmidev_set_block(),
 * even under lockdown.
 *
 * <device> is the WMI device name (the GUID, with "-N" for duplicates).
 * With notify_call=1, the notify callback calls method 11 of the acme
 * method block, as hot key drivers call methods from theirs, and appends
 * the outcome to the event's line.
 * Outcomes read back as "ok <object>" or "error <acpi status>", where an
 * object prints as "integer 0x32", "string Aero 14", "buffer 01 02",
 * "package [integer 0x64, string Aero 14]" or "none".
 */

#include <linux/acpi.h>
#include <linux/debugfs.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/unaligned.h>
#include <linux/wmi.h>

#define TESTDRV_OUT_SIZE	1024
#define TESTDRV_IN_MAX		256
#define TESTDRV_WORDS_MAX	64	/* words of a request */
#define TESTDRV_EVENTS_SIZE	4096

struct testdrv_dev {
	struct list_head node;
	struct wmi_device *wdev;
	u32 fw_calls;		/* with own=1: firmware calls at probe */
};

static LIST_HEAD(testdrv_devs);
static DEFINE_MUTEX(testdrv_lock);	/* devices, last outcome, events */
static char testdrv_outcome[TESTDRV_OUT_SIZE];
static char testdrv_events[TESTDRV_EVENTS_SIZE];
static struct dentry *testdrv_dir;

static bool notify_call;
module_param(notify_call, bool, 0444);
MODULE_PARM_DESC(notify_call, "Call a method from the notify callback");

/*
 * By default the driver shares its devices' methods, so that tests may call
 * them raw while it observes. With own=1 it owns them, as real drivers do,
 * and checks the ownership rule: it counts the firmware's method calls
 * (method 10) when it binds and when it unbinds, and reports in the log how
 * many calls other than its own reached the firmware in between.
 */
static bool own;
module_param(own, bool, 0444);
MODULE_PARM_DESC(own, "Own the methods instead of sharing them");

/*
 * With late_claim=1 the remove callback tries to claim method 1 of a
 * method device, or a data block whole, and logs what it got: the core
 * closes claims before remove, so a claim from there (as from a work item
 * the driver cancels in remove) must fail with -ENODEV, not outlive the
 * driver with its callbacks in a module about to be unloaded.
 */
static bool late_claim;
module_param(late_claim, bool, 0444);
MODULE_PARM_DESC(late_claim, "Try to claim in the remove callback, and log the outcome");

#define TESTDRV_ACME_METHODS	"FE733490-2E22-4EDB-A7B5-BC248874D383"

static void format_object(struct seq_buf *s, const union acpi_object *obj)
{
	u32 i;

	if (!obj) {
		seq_buf_puts(s, "none");
		return;
	}

	switch (obj->type) {
	case ACPI_TYPE_INTEGER:
		seq_buf_printf(s, "integer 0x%llx", obj->integer.value);
		break;
	case ACPI_TYPE_STRING:
		seq_buf_printf(s, "string %.*s", obj->string.length, obj->string.pointer);
		break;
	case ACPI_TYPE_BUFFER:
		seq_buf_puts(s, "buffer");
		for (i = 0; i < obj->buffer.length; i++)
			seq_buf_printf(s, " %02x", obj->buffer.pointer[i]);
		break;
	case ACPI_TYPE_PACKAGE:
		seq_buf_puts(s, "package [");
		for (i = 0; i < obj->package.count; i++) {
			if (i)
				seq_buf_puts(s, ", ");
			format_object(s, &obj->package.elements[i]);
		}
		seq_buf_puts(s, "]");
		break;
	default:
		seq_buf_printf(s, "type %u", obj->type);
	}
}

/* Caller holds testdrv_lock. */
static struct wmi_device *find_device(const char *name)
{
	struct testdrv_dev *d;

	list_for_each_entry(d, &testdrv_devs, node)
		if (!strcmp(dev_name(&d->wdev->dev), name))
			return d->wdev;

	return NULL;
}

/*
 * Split a request into words; the last argument may be hex input bytes
 * ("0a 00 00 00" or "0a000000").  Returns the number of words found.
 */
static int split_words(char *buf, char **words, int max)
{
	int n = 0;
	char *w;

	while (n < max && (w = strsep(&buf, " \t\n"))) {
		if (*w)
			words[n++] = w;
	}

	return n;
}

static int parse_hex(char **words, int count, u8 *out, size_t max, acpi_size *len)
{
	char joined[2 * TESTDRV_IN_MAX + 1] = "";
	size_t n;
	int i;

	for (i = 0; i < count; i++)
		if (strlcat(joined, words[i], sizeof(joined)) >= sizeof(joined))
			return -E2BIG;

	n = strlen(joined);
	if (n % 2 || n / 2 > max)
		return -EINVAL;

	*len = n / 2;
	return hex2bin(out, joined, *len);
}

static void record_status(acpi_status status, const union acpi_object *obj)
{
	struct seq_buf s;

	seq_buf_init(&s, testdrv_outcome, sizeof(testdrv_outcome));
	if (ACPI_FAILURE(status)) {
		seq_buf_printf(&s, "error %s\n", acpi_format_exception(status));
		return;
	}
	seq_buf_puts(&s, "ok ");
	format_object(&s, obj);
	seq_buf_puts(&s, "\n");
}

enum testdrv_op {
	OP_METHOD, OP_QUERY, OP_SET, OP_INVOKE, OP_TRUSTING, OP_QUERY_BLOCK, OP_SET_BLOCK,
};

/* The first word of each request that is hex input */
static const int testdrv_first_hex[] = {
	[OP_METHOD] = 3, [OP_QUERY] = 2, [OP_SET] = 2, [OP_INVOKE] = 4, [OP_TRUSTING] = 3,
	[OP_QUERY_BLOCK] = 3, [OP_SET_BLOCK] = 2,
};

static void record_errno(int ret, const struct wmi_buffer *out)
{
	struct seq_buf s;
	size_t i;

	seq_buf_init(&s, testdrv_outcome, sizeof(testdrv_outcome));
	if (ret) {
		seq_buf_printf(&s, "error %d\n", ret);
		return;
	}
	seq_buf_printf(&s, "ok %zu", out->length);
	for (i = 0; i < out->length; i++)
		seq_buf_printf(&s, " %02x", ((u8 *)out->data)[i]);
	seq_buf_puts(&s, "\n");
}

/*
 * dell-smbios-wmi's run_smbios_call(), in short: the result is assumed to
 * be there and to fit the request buffer, as real firmware makes it.
 */
static void trusting_call(struct wmi_device *wdev, u8 instance, u32 method_id,
			  const struct acpi_buffer *in)
{
	struct acpi_buffer out = { ACPI_ALLOCATE_BUFFER, NULL };
	union acpi_object *obj, copy;
	acpi_status status;
	u8 *buf;

	buf = kmemdup(in->pointer, max_t(acpi_size, in->length, 1), GFP_KERNEL);
	if (!buf) {
		record_status(AE_NO_MEMORY, NULL);
		return;
	}

	status = wmidev_evaluate_method(wdev, instance, method_id, in, &out);
	if (ACPI_FAILURE(status)) {
		record_status(status, NULL);
		goto out_free;
	}
	obj = out.pointer;
	if (obj->type != ACPI_TYPE_BUFFER) {
		record_status(AE_TYPE, NULL);
		goto out_free;
	}
	memcpy(buf, obj->buffer.pointer, obj->buffer.length);

	copy = *obj;
	copy.buffer.pointer = buf;
	record_status(AE_OK, &copy);
out_free:
	kfree(out.pointer);
	kfree(buf);
}

static ssize_t request_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	enum testdrv_op op = (uintptr_t)file_inode(file)->i_private;
	struct acpi_buffer out = { ACPI_ALLOCATE_BUFFER, NULL };
	struct wmi_buffer wout = {}, win;
	unsigned int min_size = 0;
	struct acpi_buffer in = { 0, NULL };
	u8 *input = NULL;
	struct wmi_device *wdev;
	union acpi_object *obj;
	acpi_status status;
	char **words = NULL;
	unsigned int instance;
	u32 method_id = 0;
	int nwords, first_hex;
	char *req;
	int ret;

	if (count > 4 * TESTDRV_IN_MAX)
		return -E2BIG;

	req = memdup_user_nul(ubuf, count);
	if (IS_ERR(req))
		return PTR_ERR(req);
	/* On the heap: together they would not fit a kernel stack frame. */
	input = kzalloc(TESTDRV_IN_MAX, GFP_KERNEL);
	words = kcalloc(TESTDRV_WORDS_MAX, sizeof(*words), GFP_KERNEL);
	ret = -ENOMEM;
	if (!input || !words)
		goto out_free;
	in.pointer = input;

	nwords = split_words(req, words, TESTDRV_WORDS_MAX);
	first_hex = testdrv_first_hex[op];
	ret = -EINVAL;
	if (nwords < first_hex || kstrtouint(words[1], 0, &instance) || instance > U8_MAX)
		goto out_free;
	if (op == OP_QUERY_BLOCK) {
		if (kstrtouint(words[2], 0, &min_size))
			goto out_free;
	} else if (first_hex > 2 && kstrtou32(words[2], 0, &method_id)) {
		goto out_free;
	}
	if (op == OP_INVOKE && kstrtouint(words[3], 0, &min_size))
		goto out_free;
	if ((op == OP_SET || op == OP_SET_BLOCK) && nwords == first_hex)
		goto out_free;
	ret = parse_hex(words + first_hex, nwords - first_hex, input, TESTDRV_IN_MAX, &in.length);
	if (ret)
		goto out_free;

	mutex_lock(&testdrv_lock);
	wdev = find_device(words[0]);
	if (!wdev) {
		ret = -ENODEV;
		goto out_unlock;
	}

	switch (op) {
	case OP_METHOD:
		status = wmidev_evaluate_method(wdev, instance, method_id, &in, &out);
		record_status(status, out.pointer);
		kfree(out.pointer);
		break;
	case OP_QUERY:
		obj = wmidev_block_query(wdev, instance);
		record_status(obj ? AE_OK : AE_ERROR, obj);
		kfree(obj);
		break;
	case OP_SET:
		status = wmidev_block_set(wdev, instance, &in);
		record_status(status, NULL);
		break;
	case OP_INVOKE:
		win.length = in.length;
		win.data = input;
		ret = wmidev_invoke_method(wdev, instance, method_id, &win, &wout, min_size);
		record_errno(ret, &wout);
		kfree(wout.data);
		break;
	case OP_TRUSTING:
		trusting_call(wdev, instance, method_id, &in);
		break;
	case OP_QUERY_BLOCK:
		ret = wmidev_query_block(wdev, instance, &wout, min_size);
		record_errno(ret, &wout);
		kfree(wout.data);
		break;
	case OP_SET_BLOCK:
		win.length = in.length;
		win.data = input;
		ret = wmidev_set_block(wdev, instance, &win);
		record_errno(ret, &wout);
		break;
	}
	ret = count;

out_unlock:
	mutex_unlock(&testdrv_lock);
out_free:
	kfree(words);
	kfree(input);
	kfree(req);
	return ret;
}

/* Read one of the text buffers the lock protects. */
static ssize_t read_locked(const char *buf, char __user *ubuf, size_t count, loff_t *ppos)
{
	ssize_t ret;

	mutex_lock(&testdrv_lock);
	ret = simple_read_from_buffer(ubuf, count, ppos, buf, strlen(buf));
	mutex_unlock(&testdrv_lock);

	return ret;
}

static ssize_t outcome_read(struct file *file, char __user *ubuf, size_t count, loff_t *ppos)
{
	return read_locked(testdrv_outcome, ubuf, count, ppos);
}

static const struct file_operations request_fops = {
	.owner = THIS_MODULE,
	.write = request_write,
	.read = outcome_read,
	.llseek = default_llseek,
};

static ssize_t events_read(struct file *file, char __user *ubuf, size_t count, loff_t *ppos)
{
	return read_locked(testdrv_events, ubuf, count, ppos);
}

static const struct file_operations events_fops = {
	.owner = THIS_MODULE,
	.read = events_read,
	.llseek = default_llseek,
};

static atomic_long_t testdrv_event_count;

static int event_count_get(void *data, u64 *val)
{
	*val = atomic_long_read(&testdrv_event_count);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(event_count_fops, event_count_get, NULL, "%llu\n");

static void testdrv_notify(struct wmi_device *wdev, union acpi_object *data)
{
	struct acpi_buffer out = { ACPI_ALLOCATE_BUFFER, NULL };
	struct acpi_buffer in = { 0, NULL };
	struct wmi_device *methods;
	acpi_status status;
	size_t used;
	struct seq_buf s;

	atomic_long_inc(&testdrv_event_count);
	mutex_lock(&testdrv_lock);
	used = strlen(testdrv_events);
	seq_buf_init(&s, testdrv_events + used, sizeof(testdrv_events) - used);
	seq_buf_printf(&s, "%s ", dev_name(&wdev->dev));
	format_object(&s, data);
	methods = notify_call ? find_device(TESTDRV_ACME_METHODS) : NULL;
	if (methods) {
		status = wmidev_evaluate_method(methods, 0, 11, &in, &out);
		seq_buf_puts(&s, " then ");
		if (ACPI_FAILURE(status))
			seq_buf_printf(&s, "error %s", acpi_format_exception(status));
		else
			format_object(&s, out.pointer);
		kfree(out.pointer);
	}
	seq_buf_puts(&s, "\n");
	if (seq_buf_has_overflowed(&s))
		testdrv_events[used] = '\0';	/* full: drop the event */
	mutex_unlock(&testdrv_lock);
}

/*
 * raise_event: writing a dword raises the acme hot key event with it as
 * the data, by two kernel-origin calls (method 12 of the method block,
 * then the hot key simulator). A module parameter rather than debugfs, so
 * that it works under lockdown, which closes debugfs.
 *
 * The write returns only once the event has been handled: _WED reads the
 * data the last raise stored, so two writes in a row would otherwise race,
 * and on a slow or busy machine the first event would carry the second's
 * data. Notify handlers run on ACPI's notify workqueue; flushing it waits
 * for them, after testdrv_lock is released, which the handler takes.
 */
static int raise_event_set(const char *val, const struct kernel_param *kp)
{
	struct acpi_buffer in = { sizeof(u32), NULL }, none = { 0, NULL };
	struct wmi_device *methods, *hotkey;
	acpi_status status = AE_NOT_FOUND;
	u32 data;
	int ret;

	ret = kstrtou32(val, 0, &data);
	if (ret)
		return ret;
	in.pointer = &data;
	mutex_lock(&testdrv_lock);
	methods = find_device(TESTDRV_ACME_METHODS);
	hotkey = find_device("769356C8-76CA-4F3D-B856-3AAE62AEF4D4");
	if (methods && hotkey) {
		status = wmidev_evaluate_method(methods, 0, 12, &in, NULL);
		if (ACPI_SUCCESS(status))
			status = wmidev_evaluate_method(hotkey, 0, 1, &none, NULL);
	}
	mutex_unlock(&testdrv_lock);
	if (ACPI_FAILURE(status))
		return -EIO;
	acpi_os_wait_events_complete();

	return 0;
}

static const struct kernel_param_ops raise_event_ops = {
	.set = raise_event_set,
};
module_param_cb(raise_event, &raise_event_ops, NULL, 0200);
MODULE_PARM_DESC(raise_event, "Raise the acme hot key event with this data");

/*
 * charge_limit: kernel-origin queries and sets of the acme charge limit (a
 * dword), through the buffer API; a module parameter for what raise_event
 * is one for. A failed call fails the read or the write with its error.
 */
#define TESTDRV_ACME_DATA	"D28B1D3D-B880-4E86-BCF8-8DE9936D1B31"

static int charge_limit_set(const char *val, const struct kernel_param *kp)
{
	struct wmi_buffer in = { sizeof(u32), NULL };
	struct wmi_device *wdev;
	u32 limit;
	int ret;

	ret = kstrtou32(val, 0, &limit);
	if (ret)
		return ret;
	in.data = &limit;
	mutex_lock(&testdrv_lock);
	wdev = find_device(TESTDRV_ACME_DATA);
	ret = wdev ? wmidev_set_block(wdev, 0, &in) : -ENODEV;
	mutex_unlock(&testdrv_lock);

	return ret;
}

static int charge_limit_get(char *buf, const struct kernel_param *kp)
{
	struct wmi_buffer out = {};
	struct wmi_device *wdev;
	int ret;

	mutex_lock(&testdrv_lock);
	wdev = find_device(TESTDRV_ACME_DATA);
	ret = wdev ? wmidev_query_block(wdev, 0, &out, sizeof(u32)) : -ENODEV;
	mutex_unlock(&testdrv_lock);
	if (ret)
		return ret;
	ret = sysfs_emit(buf, "%u\n", get_unaligned_le32(out.data));
	kfree(out.data);

	return ret;
}

static const struct kernel_param_ops charge_limit_ops = {
	.set = charge_limit_set,
	.get = charge_limit_get,
};
module_param_cb(charge_limit, &charge_limit_ops, NULL, 0600);
MODULE_PARM_DESC(charge_limit, "Query or set the acme charge limit");

/* Method 10 of the acme method block: WMAA evaluations before this one */
static int testdrv_fw_calls(struct wmi_device *wdev, u32 *count)
{
	struct acpi_buffer out = { ACPI_ALLOCATE_BUFFER, NULL };
	struct acpi_buffer in = { 0, NULL };
	union acpi_object *obj;
	acpi_status status;
	int ret = -EIO;

	status = wmidev_evaluate_method(wdev, 0, 10, &in, &out);
	if (ACPI_FAILURE(status))
		return -EIO;
	obj = out.pointer;
	if (obj && obj->type == ACPI_TYPE_INTEGER) {
		*count = obj->integer.value;
		ret = 0;
	}
	kfree(obj);

	return ret;
}

static bool testdrv_counts(struct wmi_device *wdev)
{
	return own && !strcmp(dev_name(&wdev->dev), TESTDRV_ACME_METHODS);
}

static int testdrv_probe(struct wmi_device *wdev, const void *context)
{
	struct testdrv_dev *d;
	int ret;

	d = devm_kzalloc(&wdev->dev, sizeof(*d), GFP_KERNEL);
	if (!d)
		return -ENOMEM;

	d->wdev = wdev;
	dev_set_drvdata(&wdev->dev, d);
	if (testdrv_counts(wdev)) {
		ret = testdrv_fw_calls(wdev, &d->fw_calls);
		if (ret)
			return ret;
	}
	mutex_lock(&testdrv_lock);
	list_add_tail(&d->node, &testdrv_devs);
	mutex_unlock(&testdrv_lock);

	return 0;
}

/* Had the late claim been taken, a call would run this after unload. */
static int testdrv_late_call(struct wmi_device *wdev, struct wmi_method_request *req)
{
	dev_err(&wdev->dev, "a claim made in remove answers a call\n");
	return -EIO;
}

static const struct wmi_intercept_ops testdrv_late_ops = {
	.method_call = testdrv_late_call,
};

static void testdrv_claim_late(struct wmi_device *wdev)
{
	static const u32 method_one = 1;
	int ret;

	ret = wmidev_intercept_methods(wdev, &testdrv_late_ops, &method_one, 1);
	if (ret == -EINVAL)
		ret = wmidev_intercept_block(wdev, &testdrv_late_ops);
	if (ret != -EINVAL)
		dev_info(&wdev->dev, "claim in remove: %d\n", ret);
}

static void testdrv_remove(struct wmi_device *wdev)
{
	struct testdrv_dev *d = dev_get_drvdata(&wdev->dev);
	u32 now;

	if (late_claim)
		testdrv_claim_late(wdev);

	mutex_lock(&testdrv_lock);
	list_del(&d->node);
	mutex_unlock(&testdrv_lock);

	/* Its own calls in between are the two counting calls only. */
	if (testdrv_counts(wdev) && !testdrv_fw_calls(wdev, &now))
		dev_info(&wdev->dev, "firmware calls by others while bound: %u\n",
			 now - d->fw_calls - 1);
}

static const struct wmi_device_id testdrv_id_table[] = {
	{ "FE733490-2E22-4EDB-A7B5-BC248874D383", NULL },	/* methods */
	{ "AD81FA8F-3A66-4C67-B111-78F81C9633B3", NULL },	/* string methods */
	{ "1E8FEC9B-04A5-4ED1-B79D-B77EF1152878", NULL },	/* zones */
	{ "D28B1D3D-B880-4E86-BCF8-8DE9936D1B31", NULL },	/* charge limit */
	{ "4AB6A4B0-01CD-45D0-A57A-E4FE7D9ED165", NULL },	/* firmware info */
	{ "59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1", NULL },	/* event */
	{ "769356C8-76CA-4F3D-B856-3AAE62AEF4D4", NULL },	/* hot key simulator */
	{ "7341A899-B776-4263-B79B-1A87FEEA1766", NULL },	/* on both devices */
	{ }
};

static struct wmi_driver testdrv_driver = {
	.driver = {
		.name = "wmi-testdrv",
	},
	.id_table = testdrv_id_table,
	.probe = testdrv_probe,
	.remove = testdrv_remove,
	.notify = testdrv_notify,
	.no_singleton = true,
};

static int __init testdrv_init(void)
{
	int ret;

	testdrv_driver.shares_methods = !own;
	testdrv_dir = debugfs_create_dir("wmi-testdrv", NULL);
	debugfs_create_file("method", 0600, testdrv_dir, (void *)(uintptr_t)OP_METHOD,
			    &request_fops);
	debugfs_create_file("query", 0600, testdrv_dir, (void *)(uintptr_t)OP_QUERY,
			    &request_fops);
	debugfs_create_file("set", 0600, testdrv_dir, (void *)(uintptr_t)OP_SET,
			    &request_fops);
	debugfs_create_file("invoke", 0600, testdrv_dir, (void *)(uintptr_t)OP_INVOKE,
			    &request_fops);
	debugfs_create_file("trusting", 0600, testdrv_dir, (void *)(uintptr_t)OP_TRUSTING,
			    &request_fops);
	debugfs_create_file("query_block", 0600, testdrv_dir, (void *)(uintptr_t)OP_QUERY_BLOCK,
			    &request_fops);
	debugfs_create_file("set_block", 0600, testdrv_dir, (void *)(uintptr_t)OP_SET_BLOCK,
			    &request_fops);
	debugfs_create_file("events", 0400, testdrv_dir, NULL, &events_fops);
	debugfs_create_file("event_count", 0400, testdrv_dir, NULL, &event_count_fops);

	ret = wmi_driver_register(&testdrv_driver);
	if (ret)
		debugfs_remove_recursive(testdrv_dir);

	return ret;
}
module_init(testdrv_init);

static void __exit testdrv_exit(void)
{
	wmi_driver_unregister(&testdrv_driver);
	debugfs_remove_recursive(testdrv_dir);
}
module_exit(testdrv_exit);

MODULE_DESCRIPTION("WMI test driver for the WMI-BPF fake laptop");
MODULE_LICENSE("GPL");

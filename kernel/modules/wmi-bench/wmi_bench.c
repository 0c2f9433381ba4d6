// SPDX-License-Identifier: GPL-2.0
/*
 * wmi-bench: per-call cost of WMI method calls from a kernel driver, for
 * `make bench`. Binds the acme method block and the acme charge limit data
 * block, and measures in loops:
 *
 *   empty    a call of an empty noinline function: the yardstick
 *   hook     wmidev_evaluate_method() on the data block: the WMI core's
 *            dispatch, hooks and programs included, refused before any
 *            firmware runs (a data block has no methods)
 *   method   wmidev_evaluate_method() of method 1 (get brightness): the
 *            whole call, firmware included
 *
 * Write "<mode> <iterations> <runs>" to /sys/kernel/debug/wmi-bench/run,
 * read back the median and the minimum over the runs, in nanoseconds per
 * call, as "<median> <min>".
 */

#include <linux/acpi.h>
#include <linux/debugfs.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/wmi.h>

#define BENCH_GUID_METHODS	"FE733490-2E22-4EDB-A7B5-BC248874D383"
#define BENCH_GUID_DATA		"D28B1D3D-B880-4E86-BCF8-8DE9936D1B31"
#define BENCH_MAX_RUNS		101

static DEFINE_MUTEX(bench_lock);	/* devices, timings, the last result */
static struct wmi_device *bench_methods, *bench_data;
static char bench_result[64];
static u64 bench_ns[BENCH_MAX_RUNS];
static struct dentry *bench_dir;

static noinline void bench_empty(void)
{
	/* Keep the call: an empty asm the compiler cannot see through. */
	asm volatile("");
}

static int bench_call(struct wmi_device *wdev, u32 method)
{
	struct acpi_buffer out = { ACPI_ALLOCATE_BUFFER, NULL };
	struct acpi_buffer in = { 0, NULL };
	acpi_status status;

	status = wmidev_evaluate_method(wdev, 0, method, &in, &out);
	kfree(out.pointer);

	return ACPI_SUCCESS(status) ? 0 : -EIO;
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* Nanoseconds per call of one run of @iterations calls. */
static int bench_run(const char *mode, unsigned int iterations, u64 *ns)
{
	unsigned int i;
	u64 start;

	start = ktime_get_ns();
	for (i = 0; i < iterations; i++) {
		if (!strcmp(mode, "empty")) {
			bench_empty();
		} else if (!strcmp(mode, "hook")) {
			/* Refused with AE_BAD_DATA by design: that is the point. */
			bench_call(bench_data, 1);
		} else if (!strcmp(mode, "method")) {
			if (bench_call(bench_methods, 1))
				return -EIO;
		} else {
			return -EINVAL;
		}
	}
	*ns = div_u64(ktime_get_ns() - start, iterations);

	return 0;
}

static ssize_t run_write(struct file *file, const char __user *ubuf, size_t count, loff_t *ppos)
{
	unsigned int iterations, runs, i;
	char mode[16], *req;
	int ret;

	req = memdup_user_nul(ubuf, min_t(size_t, count, 63));
	if (IS_ERR(req))
		return PTR_ERR(req);
	ret = sscanf(req, "%15s %u %u", mode, &iterations, &runs);
	kfree(req);
	if (ret != 3 || !iterations || !runs || runs > BENCH_MAX_RUNS)
		return -EINVAL;

	mutex_lock(&bench_lock);
	if (!bench_methods || !bench_data) {
		ret = -ENODEV;
		goto out;
	}
	for (i = 0; i < runs; i++) {
		ret = bench_run(mode, iterations, &bench_ns[i]);
		if (ret)
			goto out;
		cond_resched();
	}
	sort(bench_ns, runs, sizeof(u64), cmp_u64, NULL);
	snprintf(bench_result, sizeof(bench_result), "%llu %llu\n", bench_ns[runs / 2],
		 bench_ns[0]);
	ret = count;
out:
	mutex_unlock(&bench_lock);
	return ret;
}

static ssize_t run_read(struct file *file, char __user *ubuf, size_t count, loff_t *ppos)
{
	ssize_t ret;

	mutex_lock(&bench_lock);
	ret = simple_read_from_buffer(ubuf, count, ppos, bench_result, strlen(bench_result));
	mutex_unlock(&bench_lock);

	return ret;
}

static const struct file_operations run_fops = {
	.owner = THIS_MODULE,
	.write = run_write,
	.read = run_read,
	.llseek = default_llseek,
};

static int bench_probe(struct wmi_device *wdev, const void *context)
{
	mutex_lock(&bench_lock);
	if (context)
		bench_data = wdev;
	else
		bench_methods = wdev;
	mutex_unlock(&bench_lock);

	return 0;
}

static void bench_remove(struct wmi_device *wdev)
{
	mutex_lock(&bench_lock);
	if (bench_data == wdev)
		bench_data = NULL;
	if (bench_methods == wdev)
		bench_methods = NULL;
	mutex_unlock(&bench_lock);
}

static const struct wmi_device_id bench_id_table[] = {
	{ BENCH_GUID_METHODS, NULL },
	{ BENCH_GUID_DATA, (void *)1 },
	{ }
};

static struct wmi_driver bench_driver = {
	.driver = {
		.name = "wmi-bench",
	},
	.id_table = bench_id_table,
	.probe = bench_probe,
	.remove = bench_remove,
};

static int __init bench_init(void)
{
	int ret;

	bench_dir = debugfs_create_dir("wmi-bench", NULL);
	debugfs_create_file("run", 0600, bench_dir, NULL, &run_fops);
	ret = wmi_driver_register(&bench_driver);
	if (ret)
		debugfs_remove_recursive(bench_dir);

	return ret;
}
module_init(bench_init);

static void __exit bench_exit(void)
{
	wmi_driver_unregister(&bench_driver);
	debugfs_remove_recursive(bench_dir);
}
module_exit(bench_exit);

MODULE_DESCRIPTION("WMI method call benchmark for the WMI-BPF fake laptop");
MODULE_LICENSE("GPL");

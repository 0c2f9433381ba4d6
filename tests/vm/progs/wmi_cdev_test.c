// SPDX-License-Identifier: GPL-2.0
/*
 * The user-space method interface, /dev/wmi/<device>, on the fake laptop.
 *
 *   wmi-cdev-test types     every result type, string input, instances
 *   wmi-cdev-test errors    every error path, and that it changed nothing
 *   wmi-cdev-test nonroot   open is refused to other users
 *   wmi-cdev-test gone      calls on a file whose device went away
 *   wmi-cdev-test opener    raw calls need CAP_SYS_RAWIO in the opener's
 *                           credentials, not the caller's
 */

#include <grp.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "check.h"
#include "wmi_util.h"

static const uint8_t model_string[] = {	/* "ACME Aero 14", marshalled */
	0x1a, 0x00, 'A', 0, 'C', 0, 'M', 0, 'E', 0, ' ', 0, 'A', 0, 'e', 0,
	'r', 0, 'o', 0, ' ', 0, '1', 0, '4', 0, 0, 0,
};

static uint32_t brightness(int fd)
{
	uint32_t v = UINT32_MAX;

	if (wmi_call_u32(fd, 0, 1, NULL, &v))
		printf("cannot read the brightness\n");
	return v;
}

static void test_types(void)
{
	static const uint8_t info[] = {	/* package: 100, "Aero 14", 01 02 03 */
		100, 0, 0, 0,
		0x10, 0x00, 'A', 0, 'e', 0, 'r', 0, 'o', 0, ' ', 0, '1', 0, '4', 0, 0, 0,
		0x01, 0x02, 0x03,
	};
	static const uint8_t echo_in[] = { 0xde, 0xad, 0xbe, 0xef, 0x00 };
	static const uint8_t xyz[] = { 0x06, 0x00, 'X', 0, 'Y', 0, 'Z', 0 };
	struct wmi_method_call c;
	uint8_t out[128];
	uint32_t v, arg;
	int fd, fs, fz, fd1, fd2, ret;

	fd = wmi_open(ACME_METHODS);
	CHECK(fd >= 0, "open the method block's node");
	if (fd < 0)
		return;

	arg = 42;
	CHECK(wmi_call_u32(fd, 0, 2, &arg, &v) == 0 && v == 0, "set brightness 42: status 0");
	ret = wmi_call(fd, &c, 0, 1, NULL, 0, out, sizeof(out));
	CHECK(ret == 0 && c.result_type == WMI_RESULT_INTEGER && c.output_size == 4 &&
	      le32(out) == 42, "integer result: type %u, %u bytes, value %u",
	      c.result_type, c.output_size, le32(out));

	ret = wmi_call(fd, &c, 0, 9, NULL, 0, out, sizeof(out));
	CHECK(ret == 0 && c.result_type == WMI_RESULT_STRING &&
	      c.output_size == sizeof(model_string) &&
	      !memcmp(out, model_string, sizeof(model_string)),
	      "string result marshalled as count + UTF-16LE + nul (%u bytes)", c.output_size);

	ret = wmi_call(fd, &c, 0, 8, echo_in, sizeof(echo_in), out, sizeof(out));
	CHECK(ret == 0 && c.result_type == WMI_RESULT_BUFFER && c.output_size == 5 &&
	      !memcmp(out, echo_in, 5), "buffer result copied as is");

	ret = wmi_call(fd, &c, 0, 7, NULL, 0, out, sizeof(out));
	CHECK(ret == 0 && c.result_type == WMI_RESULT_PACKAGE && c.output_size == sizeof(info) &&
	      !memcmp(out, info, sizeof(info)),
	      "package result: elements in order, aligned (%u bytes)", c.output_size);

	/* Too small: -ENOSPC, the size needed, the buffer untouched. */
	memset(out, 0x5a, sizeof(out));
	ret = wmi_call(fd, &c, 0, 9, NULL, 0, out, 4);
	CHECK(ret == -ENOSPC && c.output_size == sizeof(model_string) &&
	      c.result_type == WMI_RESULT_STRING && out[0] == 0x5a && out[3] == 0x5a,
	      "short output: ENOSPC (%d), needed size %u reported", ret, c.output_size);
	ret = wmi_call(fd, &c, 0, 1, NULL, 0, NULL, 0);
	CHECK(ret == -ENOSPC && c.output_size == 4, "no output buffer: ENOSPC, 4 bytes needed");
	ret = wmi_call(fd, &c, 0, 9, NULL, 0, out, sizeof(model_string));
	CHECK(ret == 0 && c.output_size == sizeof(model_string), "exactly sized output");
	close(fd);

	/* A string-flagged block takes a marshalled string. */
	fs = wmi_open(ACME_STRING);
	CHECK(fs >= 0, "open the string block's node");
	if (fs >= 0) {
		static const uint8_t want[] = { 0x08, 0x00, 'X', 0, 'Y', 0, 'Z', 0, 0, 0 };

		ret = wmi_call(fs, &c, 0, 1, xyz, sizeof(xyz), out, sizeof(out));
		CHECK(ret == 0 && c.result_type == WMI_RESULT_INTEGER && le32(out) == 0,
		      "string input XYZ accepted");
		ret = wmi_call(fs, &c, 0, 2, NULL, 0, out, sizeof(out));
		CHECK(ret == 0 && c.output_size == sizeof(want) && !memcmp(out, want, sizeof(want)),
		      "asset tag reads back XYZ");
		close(fs);
	}

	/* Instances of a multi-instance block. */
	fz = wmi_open(ACME_ZONES);
	CHECK(fz >= 0, "open the zones block's node");
	if (fz >= 0) {
		arg = 0xabcdef;
		CHECK(wmi_call_u32(fz, 1, 2, &arg, &v) == 0 && v == 0, "set zone 1 colour");
		CHECK(wmi_call_u32(fz, 1, 1, NULL, &v) == 0 && v == 0xabcdef,
		      "zone 1 colour 0x%x", v);
		CHECK(wmi_call_u32(fz, 3, 1, NULL, &v) == 0 && v == 0xffffff,
		      "zone 3 colour 0x%x", v);
		close(fz);
	}

	/* Duplicated GUID: each node reaches its own device. */
	fd1 = wmi_open(ACME_DUP);
	fd2 = wmi_open(ACME_DUP "-1");
	CHECK(fd1 >= 0 && fd2 >= 0, "both nodes of a duplicated GUID exist");
	CHECK(wmi_call_u32(fd1, 0, 1, NULL, &v) == 0 && v == 1, "first device answers 1");
	CHECK(wmi_call_u32(fd2, 0, 1, NULL, &v) == 0 && v == 2, "second device answers 2");
	close(fd1);
	close(fd2);
}

static void test_errors(void)
{
	static const uint8_t bad_odd[] = { 0x03, 0x00, 'A', 0, 0 };
	static const uint8_t bad_ascii[] = { 0x02, 0x00, 0xe9, 0x00 };
	static const uint8_t bad_short[] = { 0x08, 0x00, 'A', 0 };
	struct {
		struct wmi_method_call c;
		uint64_t tail;
	} big;
	static uint8_t huge[WMI_METHOD_INPUT_MAX + 1];
	struct wmi_method_call c;
	uint8_t out[64], tag[64];
	uint32_t v, arg = 77, status;
	int fd, fs, ret;

	fd = wmi_open(ACME_METHODS);
	CHECK(fd >= 0, "open the method block's node");
	if (fd < 0)
		return;

	arg = 20;
	CHECK(wmi_call_u32(fd, 0, 2, &arg, &status) == 0, "brightness set to 20 first");
	arg = 77;

	/* Each bad call is a set to 77: none of them may reach the firmware. */
	memset(&c, 0, sizeof(c));
	c.size = 16;
	c.method_id = 2;
	c.input = (uintptr_t)&arg;
	c.input_size = 4;
	CHECK(ioctl(fd, WMI_IOC_METHOD_CALL, &c) < 0 && errno == EINVAL,
	      "size below version 0: EINVAL");

	wmi_call(fd, &c, 0, 0, NULL, 0, NULL, 0);
	c.size = 0;
	CHECK(ioctl(fd, WMI_IOC_METHOD_CALL, &c) < 0 && errno == EINVAL, "size 0: EINVAL");

	memset(&big, 0, sizeof(big));
	big.c.size = sizeof(big);
	big.c.method_id = 2;
	big.c.input = (uintptr_t)&arg;
	big.c.input_size = 4;
	big.tail = 1;
	CHECK(ioctl(fd, WMI_IOC_METHOD_CALL, &big) < 0 && errno == E2BIG,
	      "larger structure with unknown non-zero fields: E2BIG");

	/* As openat2(): no version of the structure is larger than a page. */
	memset(&c, 0, sizeof(c));
	c.size = 4097;
	c.method_id = 2;
	c.input = (uintptr_t)&arg;
	c.input_size = 4;
	CHECK(ioctl(fd, WMI_IOC_METHOD_CALL, &c) < 0 && errno == E2BIG,
	      "size larger than a page: E2BIG");

	memset(&c, 0, sizeof(c));
	c.size = sizeof(c);
	c.flags = 1;
	c.method_id = 2;
	c.input = (uintptr_t)&arg;
	c.input_size = 4;
	CHECK(ioctl(fd, WMI_IOC_METHOD_CALL, &c) < 0 && errno == EINVAL, "unknown flag: EINVAL");
	c.flags = 0;
	c.reserved = 1;
	CHECK(ioctl(fd, WMI_IOC_METHOD_CALL, &c) < 0 && errno == EINVAL,
	      "reserved field set: EINVAL");

	ret = wmi_call(fd, &c, 1, 2, &arg, 4, out, sizeof(out));
	CHECK(ret == -EINVAL, "instance past instance_count: EINVAL (%d)", ret);
	ret = wmi_call(fd, &c, 0, 2, huge, sizeof(huge), out, sizeof(out));
	CHECK(ret == -E2BIG, "input over WMI_METHOD_INPUT_MAX: E2BIG (%d)", ret);
	ret = wmi_call(fd, &c, 0, 2, NULL, 4, out, sizeof(out));
	CHECK(ret == -EFAULT, "bad input pointer: EFAULT (%d)", ret);
	ret = wmi_call(fd, &c, 0, 2, &arg, 4, (void *)0xffff800000000000ULL, 64);
	CHECK(ret == -EFAULT, "kernel address as output: EFAULT (%d)", ret);
	CHECK(ioctl(fd, _IO(WMI_IOC, 0x7f), &c) < 0 && errno == ENOTTY, "unknown ioctl: ENOTTY");
	CHECK(brightness(fd) == 20, "no refused call reached the firmware");

	/* A larger structure whose new fields are zero is accepted. */
	memset(&big, 0, sizeof(big));
	big.c.size = sizeof(big);
	big.c.method_id = 1;
	big.c.output = (uintptr_t)out;
	big.c.output_size = sizeof(out);
	CHECK(ioctl(fd, WMI_IOC_METHOD_CALL, &big) == 0 && le32(out) == 20,
	      "larger structure with zero new fields works");

	/* The firmware aborting the method is an I/O error. */
	ret = wmi_call(fd, &c, 0, 99, NULL, 0, out, sizeof(out));
	CHECK(ret == -EIO, "unknown method id: EIO (%d)", ret);
	close(fd);

	fs = wmi_open(ACME_STRING);
	if (fs >= 0) {
		struct wmi_method_call g;

		wmi_call(fs, &g, 0, 2, NULL, 0, tag, sizeof(tag));
		ret = wmi_call(fs, &c, 0, 1, bad_odd, sizeof(bad_odd), out, sizeof(out));
		CHECK(ret == -EINVAL, "odd string byte count: EINVAL (%d)", ret);
		ret = wmi_call(fs, &c, 0, 1, bad_ascii, sizeof(bad_ascii), out, sizeof(out));
		CHECK(ret == -EINVAL, "non-ASCII string: EINVAL (%d)", ret);
		ret = wmi_call(fs, &c, 0, 1, bad_short, sizeof(bad_short), out, sizeof(out));
		CHECK(ret == -ENODATA, "string shorter than its count: ENODATA (%d)", ret);
		ret = wmi_call(fs, &c, 0, 2, NULL, 0, out, sizeof(out));
		CHECK(ret == 0 && c.output_size == g.output_size &&
		      !memcmp(out, tag, c.output_size), "asset tag unchanged");
		close(fs);
	}

	CHECK(access("/dev/wmi/" ACME_DATA, F_OK) == 0,
	      "a data block has a node (for queries and sets; see wmi_block_test)");
	CHECK(access("/dev/wmi/" ACME_EVENT, F_OK) == 0,
	      "an event block has a node (for its events; see wmi_event_test)");
	(void)v;
}

static void test_nonroot(void)
{
	struct stat st;
	pid_t pid;
	int status;

	CHECK(stat("/dev/wmi/" ACME_METHODS, &st) == 0 && (st.st_mode & 0777) == 0600 &&
	      st.st_uid == 0, "node is root's, mode 0600 (%o)", st.st_mode & 0777);

	pid = fork();
	if (pid == 0) {
		int fd;

		if (setgid(65534) || setuid(65534))
			_exit(2);
		fd = open("/dev/wmi/" ACME_METHODS, O_RDWR);
		_exit(fd < 0 && errno == EACCES ? 0 : 1);
	}
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	      WEXITSTATUS(status) == 0, "open as nobody: EACCES");
}

/* In a child that is nobody: the fan profile (method 5) on @fd, or -errno. */
static int call_as_nobody(int fd, bool reopen)
{
	int status, ret;
	pid_t pid;

	pid = fork();
	if (pid == 0) {
		uint32_t v;

		if (setgroups(0, NULL) || setgid(65534) || setuid(65534))
			_exit(100);
		if (reopen) {
			fd = open("/dev/wmi/" ACME_METHODS, O_RDWR);
			if (fd < 0)
				_exit(101);
		}
		ret = wmi_call_u32(fd, 0, 5, NULL, &v);
		_exit(ret < 0 ? -ret : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1000;
	return -WEXITSTATUS(status);
}

/*
 * The node granted to everyone (the test's chmod, as a udev rule would):
 * a file root opened works for a process that then became nobody, as for
 * /dev/mem; a file nobody opened does not reach the firmware raw.
 */
static void test_opener(void)
{
	int fd, ret;

	fd = wmi_open(ACME_METHODS);
	CHECK(fd >= 0, "root opens the node");
	ret = call_as_nobody(fd, false);
	CHECK(ret == 0, "root's file, called by nobody: raw call works (%d)", ret);
	ret = call_as_nobody(fd, true);
	CHECK(ret == -EPERM, "nobody's own file: EPERM (%d)", ret);
	close(fd);
}

/*
 * Unbinding a PNP0C14 device from the WMI mapper removes its WMI devices.
 * The second mapper of the fake laptop holds only the duplicated GUID, so
 * it comes back with the same name (the first would not: a duplicate's
 * name depends on the order devices appear in).
 */
#define MAPPER "/sys/bus/platform/drivers/acpi-wmi/"
#define GONE_DEV ACME_DUP "-1"

static int mapper_of(const char *wmidev, char *name, size_t size)
{
	char path[256], real[PATH_MAX];
	const char *p;

	snprintf(path, sizeof(path), "/sys/bus/wmi/devices/%s", wmidev);
	if (!realpath(path, real) || !(p = strstr(real, "/PNP0C14:")))
		return -1;
	snprintf(name, size, "%.10s", p + 1);
	return 0;
}

static void test_gone(void)
{
	char mapper[16];
	uint32_t v;
	int fd;

	CHECK(mapper_of(GONE_DEV, mapper, sizeof(mapper)) == 0, "mapper of %s is %s",
	      GONE_DEV, mapper);
	fd = wmi_open(GONE_DEV);
	CHECK(fd >= 0 && wmi_call_u32(fd, 0, 1, NULL, &v) == 0 && v == 2,
	      "call before removal works");

	CHECK(write_file(MAPPER "unbind", mapper) == 0, "unbind the WMI mapper");
	CHECK(access("/dev/wmi/" GONE_DEV, F_OK) < 0, "node removed with the device");
	CHECK(wmi_call_u32(fd, 0, 1, NULL, &v) == -ENODEV, "call on the open file: ENODEV");
	close(fd);

	CHECK(write_file(MAPPER "bind", mapper) == 0, "bind the WMI mapper again");
	fd = wmi_open(GONE_DEV);
	CHECK(fd >= 0 && wmi_call_u32(fd, 0, 1, NULL, &v) == 0 && v == 2, "new node works");
	close(fd);
}

int main(int argc, char **argv)
{
	if (argc != 2)
		goto usage;
	if (!strcmp(argv[1], "types"))
		test_types();
	else if (!strcmp(argv[1], "errors"))
		test_errors();
	else if (!strcmp(argv[1], "nonroot"))
		test_nonroot();
	else if (!strcmp(argv[1], "gone"))
		test_gone();
	else if (!strcmp(argv[1], "opener"))
		test_opener();
	else
		goto usage;
	return check_finish();

usage:
	fprintf(stderr, "usage: wmi-cdev-test types|errors|nonroot|gone|opener\n");
	return 64;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Data blocks from user space: WMI_IOC_BLOCK_QUERY and WMI_IOC_BLOCK_SET
 * on /dev/wmi/<device>, on the fake laptop's charge limit (expensive,
 * setable, a dword 50..100) and firmware information (read only, a
 * string).
 *
 *   wmi-block-test io            query and set, result types, ENOSPC
 *   wmi-block-test errors        every error path, and that it changed nothing
 *   wmi-block-test refused ERRNO a query and a set of the charge limit both
 *                                fail with ERRNO (EBUSY, EPERM)
 */

#include <stdbool.h>
#include <stdlib.h>

#include "check.h"
#include "wmi_util.h"

static const uint8_t fw_info[] = {	/* "ACME firmware 1.07", marshalled */
	0x26, 0x00, 'A', 0, 'C', 0, 'M', 0, 'E', 0, ' ', 0, 'f', 0, 'i', 0, 'r', 0,
	'm', 0, 'w', 0, 'a', 0, 'r', 0, 'e', 0, ' ', 0, '1', 0, '.', 0, '0', 0,
	'7', 0, 0, 0,
};

static void block_fill(struct wmi_block_call *b, uint32_t instance, const void *data,
		       uint32_t size)
{
	memset(b, 0, sizeof(*b));
	b->size = sizeof(*b);
	b->instance = instance;
	b->data = (uintptr_t)data;
	b->data_size = size;
}

/* A query or set; returns 0 or -errno, *b left as the kernel wrote it. */
static int block_call(int fd, unsigned long ioc, struct wmi_block_call *b, uint32_t instance,
		      const void *data, uint32_t size)
{
	block_fill(b, instance, data, size);
	return ioctl(fd, ioc, b) < 0 ? -errno : 0;
}

/* The charge limit, or UINT32_MAX if it could not be read. */
static uint32_t charge_limit(int fd)
{
	struct wmi_block_call b;
	uint8_t out[4] = { 0 };

	if (block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 0, out, sizeof(out)) ||
	    b.data_size != 4 || b.data_type != WMI_RESULT_BUFFER)
		return UINT32_MAX;
	return le32(out);
}

static int set_charge_limit(int fd, uint32_t v)
{
	struct wmi_block_call b;

	return block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, &v, sizeof(v));
}

static void test_io(void)
{
	struct wmi_block_call b;
	uint8_t out[64] = { 0 };
	uint32_t before;
	int fd, fi, ret;

	fd = wmi_open(ACME_DATA);
	CHECK(fd >= 0, "open the charge limit block's node");
	if (fd < 0)
		return;
	before = charge_limit(fd);
	CHECK(before >= 50 && before <= 100, "query: a buffer of 4 bytes, %u", before);
	CHECK(set_charge_limit(fd, 75) == 0, "set 75");
	CHECK(charge_limit(fd) == 75, "query after the set: 75");
	CHECK(set_charge_limit(fd, 10) == 0, "set 10: the firmware ignores it, as such firmware does");
	CHECK(charge_limit(fd) == 75, "query after the ignored set: still 75");

	ret = block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 0, out, 3);
	CHECK(ret == -ENOSPC && b.data_size == 4 && b.data_type == WMI_RESULT_BUFFER,
	      "a buffer too small: ENOSPC with the size and type needed (%d, %u, %u)", ret,
	      b.data_size, b.data_type);
	ret = block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 0, NULL, 0);
	CHECK(ret == -ENOSPC && b.data_size == 4, "no buffer at all: ENOSPC with the size (%d)",
	      ret);
	CHECK(set_charge_limit(fd, before) == 0 && charge_limit(fd) == before,
	      "charge limit back to %u", before);
	close(fd);

	fi = wmi_open(ACME_INFO);
	CHECK(fi >= 0, "open the firmware information block's node");
	if (fi < 0)
		return;
	ret = block_call(fi, WMI_IOC_BLOCK_QUERY, &b, 0, out, sizeof(out));
	CHECK(ret == 0 && b.data_type == WMI_RESULT_STRING && b.data_size == sizeof(fw_info) &&
	      !memcmp(out, fw_info, sizeof(fw_info)),
	      "a string block: a WMI string (%d, type %u, %u bytes)", ret, b.data_type,
	      b.data_size);
	close(fi);
}

static void test_errors(void)
{
	struct {
		struct wmi_block_call b;
		uint64_t tail;
	} big;
	static uint8_t huge[WMI_METHOD_INPUT_MAX + 1];
	struct wmi_method_call c;
	struct wmi_block_call b;
	uint32_t v = 77, before;
	uint8_t out[16] = { 0 };
	int fd, fi, fm, ret;

	fd = wmi_open(ACME_DATA);
	CHECK(fd >= 0, "open the charge limit block's node");
	if (fd < 0)
		return;
	before = charge_limit(fd);
	CHECK(before != 77 && before != UINT32_MAX, "charge limit %u first", before);

	/* Each bad set is a set to 77: none of them may reach the firmware. */
	block_fill(&b, 0, &v, 4);
	b.size = 16;
	CHECK(ioctl(fd, WMI_IOC_BLOCK_SET, &b) < 0 && errno == EINVAL,
	      "size below version 0: EINVAL");
	b.size = 0;
	CHECK(ioctl(fd, WMI_IOC_BLOCK_SET, &b) < 0 && errno == EINVAL, "size 0: EINVAL");
	block_fill(&b, 0, &v, 4);
	b.size = 8192;
	CHECK(ioctl(fd, WMI_IOC_BLOCK_SET, &b) < 0 && errno == E2BIG,
	      "size larger than a page: E2BIG");

	memset(&big, 0, sizeof(big));
	big.b.size = sizeof(big);
	big.b.data = (uintptr_t)&v;
	big.b.data_size = 4;
	big.tail = 1;
	CHECK(ioctl(fd, WMI_IOC_BLOCK_SET, &big) < 0 && errno == E2BIG,
	      "larger structure with unknown non-zero fields: E2BIG");

	block_fill(&b, 0, &v, 4);
	b.flags = 1;
	CHECK(ioctl(fd, WMI_IOC_BLOCK_SET, &b) < 0 && errno == EINVAL, "non-zero flags: EINVAL");
	block_fill(&b, 0, &v, 4);
	b.reserved = 1;
	CHECK(ioctl(fd, WMI_IOC_BLOCK_SET, &b) < 0 && errno == EINVAL,
	      "non-zero reserved: EINVAL");
	block_fill(&b, 0, &v, 4);
	b.data_type = WMI_RESULT_BUFFER;
	CHECK(ioctl(fd, WMI_IOC_BLOCK_SET, &b) < 0 && errno == EINVAL,
	      "a set with a data type: EINVAL");
	ret = block_call(fd, WMI_IOC_BLOCK_SET, &b, 1, &v, 4);
	CHECK(ret == -EINVAL, "instance past the block's count: EINVAL (%d)", ret);
	ret = block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 1, out, sizeof(out));
	CHECK(ret == -EINVAL, "query of an instance past the count: EINVAL (%d)", ret);
	ret = block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, huge, sizeof(huge));
	CHECK(ret == -E2BIG, "input above WMI_METHOD_INPUT_MAX: E2BIG (%d)", ret);
	ret = block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, (void *)8, 4);
	CHECK(ret == -EFAULT, "bad input pointer: EFAULT (%d)", ret);
	ret = block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 0, (void *)0xffff800000000000ULL, 16);
	CHECK(ret == -EFAULT, "kernel address as output: EFAULT (%d)", ret);
	CHECK(wmi_call(fd, &c, 0, 1, &v, 4, out, sizeof(out)) == -ENOTTY,
	      "a method call on a data block's node: ENOTTY");
	CHECK(ioctl(fd, _IO(WMI_IOC, 0x7f), &b) < 0 && errno == ENOTTY, "unknown ioctl: ENOTTY");
	CHECK(charge_limit(fd) == before, "no refused set reached the firmware");

	/* A larger structure whose new fields are zero is accepted. */
	memset(&big, 0, sizeof(big));
	big.b.size = sizeof(big);
	big.b.data = (uintptr_t)out;
	big.b.data_size = sizeof(out);
	CHECK(ioctl(fd, WMI_IOC_BLOCK_QUERY, &big) == 0 && big.b.data_size == 4 &&
	      le32(out) == before, "larger structure with zero new fields works");
	close(fd);

	fi = wmi_open(ACME_INFO);
	if (fi >= 0) {
		ret = block_call(fi, WMI_IOC_BLOCK_SET, &b, 0, fw_info, sizeof(fw_info));
		CHECK(ret == -EOPNOTSUPP, "a set of a read-only block: EOPNOTSUPP (%d)", ret);
		close(fi);
	}

	fi = wmi_open(ACME_EVENT);
	if (fi >= 0) {
		ret = block_call(fi, WMI_IOC_BLOCK_QUERY, &b, 0, out, sizeof(out));
		CHECK(ret == -ENOTTY, "a query on an event device's node: ENOTTY (%d)", ret);
		close(fi);
	}

	fm = wmi_open(ACME_METHODS);
	if (fm >= 0) {
		ret = block_call(fm, WMI_IOC_BLOCK_QUERY, &b, 0, out, sizeof(out));
		CHECK(ret == -ENOTTY, "a query on a method device's node: ENOTTY (%d)", ret);
		ret = block_call(fm, WMI_IOC_BLOCK_SET, &b, 0, &v, 4);
		CHECK(ret == -ENOTTY, "a set on a method device's node: ENOTTY (%d)", ret);
		close(fm);
	}
}

static void test_refused(int err)
{
	struct wmi_block_call b;
	uint32_t v = 77;
	uint8_t out[16] = { 0 };
	int fd, ret;

	fd = wmi_open(ACME_DATA);
	CHECK(fd >= 0, "open the charge limit block's node");
	if (fd < 0)
		return;
	ret = block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 0, out, sizeof(out));
	CHECK(ret == -err, "query refused: %s (%s)", strerror(err), strerror(-ret));
	ret = block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, &v, 4);
	CHECK(ret == -err, "set refused: %s (%s)", strerror(err), strerror(-ret));
	close(fd);
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "io"))
		test_io();
	else if (argc == 2 && !strcmp(argv[1], "errors"))
		test_errors();
	else if (argc == 3 && !strcmp(argv[1], "refused") && !strcmp(argv[2], "EBUSY"))
		test_refused(EBUSY);
	else if (argc == 3 && !strcmp(argv[1], "refused") && !strcmp(argv[2], "EPERM"))
		test_refused(EPERM);
	else
		goto usage;
	return check_finish();

usage:
	fprintf(stderr, "usage: wmi-block-test io|errors|refused EBUSY|EPERM\n");
	return 64;
}

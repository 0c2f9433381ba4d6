// SPDX-License-Identifier: GPL-2.0
/*
 * Data blocks from user space: WMI_IOC_BLOCK_QUERY and WMI_IOC_BLOCK_SET
 * on /dev/wmi/<device>, on the fake laptop's charge limit (expensive,
 * setable, a dword 50..100), firmware information (read only, a string
 * an instance, two instances) and asset owner (string flagged, setable,
 * at most 31 characters).
 *
 *   wmi-block-test io            query and set, result types, ENOSPC
 *   wmi-block-test errors        every error path, and that it changed nothing
 *   wmi-block-test string        the string-flagged block: sets take a WMI
 *                                string, malformed ones and the firmware's
 *                                limit fail, each leaving the owner as it was
 *   wmi-block-test refused ERRNO [owner]
 *                                a query and a set of the charge limit (or of
 *                                the asset owner) both fail with ERRNO
 *                                (EBUSY, EPERM)
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

static const uint8_t fw_date[] = {	/* "built 2026-11-30", instance 1 */
	0x22, 0x00, 'b', 0, 'u', 0, 'i', 0, 'l', 0, 't', 0, ' ', 0, '2', 0, '0', 0,
	'2', 0, '6', 0, '-', 0, '1', 0, '1', 0, '-', 0, '3', 0, '0', 0, 0, 0,
};

/* Room for any WMI string of the asset owner and more. */
#define WSTR_MAX	256

/* The charge limit, or UINT32_MAX if it could not be read. */
static uint32_t charge_limit(int fd)
{
	struct wmi_block_call b;
	uint8_t out[4] = { 0 };

	if (wmi_block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 0, out, sizeof(out)) ||
	    b.data_size != 4 || b.data_type != WMI_RESULT_BUFFER)
		return UINT32_MAX;
	return le32(out);
}

static int set_charge_limit(int fd, uint32_t v)
{
	struct wmi_block_call b;

	return wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, &v, sizeof(v));
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

	ret = wmi_block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 0, out, 3);
	CHECK(ret == -ENOSPC && b.data_size == 4 && b.data_type == WMI_RESULT_BUFFER,
	      "a buffer too small: ENOSPC with the size and type needed (%d, %u, %u)", ret,
	      b.data_size, b.data_type);
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 0, NULL, 0);
	CHECK(ret == -ENOSPC && b.data_size == 4, "no buffer at all: ENOSPC with the size (%d)",
	      ret);
	CHECK(set_charge_limit(fd, before) == 0 && charge_limit(fd) == before,
	      "charge limit back to %u", before);
	close(fd);

	fi = wmi_open(ACME_INFO);
	CHECK(fi >= 0, "open the firmware information block's node");
	if (fi < 0)
		return;
	ret = wmi_block_call(fi, WMI_IOC_BLOCK_QUERY, &b, 0, out, sizeof(out));
	CHECK(ret == 0 && b.data_type == WMI_RESULT_STRING && b.data_size == sizeof(fw_info) &&
	      !memcmp(out, fw_info, sizeof(fw_info)),
	      "a string block: a WMI string (%d, type %u, %u bytes)", ret, b.data_type,
	      b.data_size);
	memset(out, 0, sizeof(out));
	ret = wmi_block_call(fi, WMI_IOC_BLOCK_QUERY, &b, 1, out, sizeof(out));
	CHECK(ret == 0 && b.data_type == WMI_RESULT_STRING && b.data_size == sizeof(fw_date) &&
	      !memcmp(out, fw_date, sizeof(fw_date)),
	      "instance 1: its own string, the build date (%d, type %u, %u bytes)", ret,
	      b.data_type, b.data_size);
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
	wmi_block_fill(&b, 0, &v, 4);
	b.size = 16;
	CHECK(ioctl(fd, WMI_IOC_BLOCK_SET, &b) < 0 && errno == EINVAL,
	      "size below version 0: EINVAL");
	b.size = 0;
	CHECK(ioctl(fd, WMI_IOC_BLOCK_SET, &b) < 0 && errno == EINVAL, "size 0: EINVAL");
	wmi_block_fill(&b, 0, &v, 4);
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

	wmi_block_fill(&b, 0, &v, 4);
	b.flags = 1;
	CHECK(ioctl(fd, WMI_IOC_BLOCK_SET, &b) < 0 && errno == EINVAL, "non-zero flags: EINVAL");
	wmi_block_fill(&b, 0, &v, 4);
	b.reserved = 1;
	CHECK(ioctl(fd, WMI_IOC_BLOCK_SET, &b) < 0 && errno == EINVAL,
	      "non-zero reserved: EINVAL");
	wmi_block_fill(&b, 0, &v, 4);
	b.data_type = WMI_RESULT_BUFFER;
	CHECK(ioctl(fd, WMI_IOC_BLOCK_SET, &b) < 0 && errno == EINVAL,
	      "a set with a data type: EINVAL");
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 1, &v, 4);
	CHECK(ret == -EINVAL, "instance past the block's count: EINVAL (%d)", ret);
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 1, out, sizeof(out));
	CHECK(ret == -EINVAL, "query of an instance past the count: EINVAL (%d)", ret);
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, huge, sizeof(huge));
	CHECK(ret == -E2BIG, "input above WMI_METHOD_INPUT_MAX: E2BIG (%d)", ret);
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, (void *)8, 4);
	CHECK(ret == -EFAULT, "bad input pointer: EFAULT (%d)", ret);
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 0, (void *)0xffff800000000000ULL, 16);
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
		ret = wmi_block_call(fi, WMI_IOC_BLOCK_SET, &b, 0, fw_info, sizeof(fw_info));
		CHECK(ret == -EOPNOTSUPP, "a set of a read-only block: EOPNOTSUPP (%d)", ret);
		ret = wmi_block_call(fi, WMI_IOC_BLOCK_SET, &b, 1, fw_date, sizeof(fw_date));
		CHECK(ret == -EOPNOTSUPP, "a set of its instance 1: EOPNOTSUPP (%d)", ret);
		/*
		 * WQAE aborts past its two strings, so a query that reached
		 * the firmware would fail with EIO: EINVAL is the node's own.
		 */
		ret = wmi_block_call(fi, WMI_IOC_BLOCK_QUERY, &b, 2, out, sizeof(out));
		CHECK(ret == -EINVAL, "query of instance 2 of two: EINVAL (%d)", ret);
		ret = wmi_block_call(fi, WMI_IOC_BLOCK_QUERY, &b, 255, out, sizeof(out));
		CHECK(ret == -EINVAL, "query of instance 255: EINVAL (%d)", ret);
		ret = wmi_block_call(fi, WMI_IOC_BLOCK_SET, &b, 2, fw_info, sizeof(fw_info));
		CHECK(ret == -EINVAL, "set of instance 2 of two: EINVAL before EOPNOTSUPP (%d)",
		      ret);
		close(fi);
	}

	fi = wmi_open(ACME_EVENT);
	if (fi >= 0) {
		ret = wmi_block_call(fi, WMI_IOC_BLOCK_QUERY, &b, 0, out, sizeof(out));
		CHECK(ret == -ENOTTY, "a query on an event device's node: ENOTTY (%d)", ret);
		close(fi);
	}

	fm = wmi_open(ACME_METHODS);
	if (fm >= 0) {
		ret = wmi_block_call(fm, WMI_IOC_BLOCK_QUERY, &b, 0, out, sizeof(out));
		CHECK(ret == -ENOTTY, "a query on a method device's node: ENOTTY (%d)", ret);
		ret = wmi_block_call(fm, WMI_IOC_BLOCK_SET, &b, 0, &v, 4);
		CHECK(ret == -ENOTTY, "a set on a method device's node: ENOTTY (%d)", ret);
		close(fm);
	}
}

/* s marshalled as a WMI string into out (WSTR_MAX bytes); returns its size. */
static uint32_t wstr(uint8_t *out, const char *s)
{
	size_t i, n = strlen(s);
	uint16_t count = 2 * (n + 1);

	memset(out, 0, WSTR_MAX);
	out[0] = count & 0xff;
	out[1] = count >> 8;
	for (i = 0; i < n; i++)
		out[2 + 2 * i] = s[i];
	return 2 + count;
}

/* The asset owner as its query marshals it, into out; its size, or 0. */
static uint32_t owner(int fd, uint8_t *out)
{
	struct wmi_block_call b;

	memset(out, 0xee, WSTR_MAX);
	if (wmi_block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 0, out, WSTR_MAX) ||
	    b.data_type != WMI_RESULT_STRING)
		return 0;
	return b.data_size;
}

/* Whether the owner reads as the WMI string of s. */
static bool owner_is(int fd, const char *s)
{
	uint8_t want[WSTR_MAX], got[WSTR_MAX];
	uint32_t n = wstr(want, s);

	return owner(fd, got) == n && !memcmp(got, want, n);
}

static void test_string(void)
{
	static const char max[] = "Acme Rentals, fleet 7, Room 031";	/* 31 */
	uint8_t saved[WSTR_MAX], in[WSTR_MAX];
	struct wmi_block_call b;
	uint32_t saved_size, n;
	int fd, ret;

	fd = wmi_open(ACME_OWNER);
	CHECK(fd >= 0, "open the asset owner block's node");
	if (fd < 0)
		return;
	saved_size = owner(fd, saved);
	CHECK(saved_size >= 4, "query: a WMI string of %u bytes", saved_size);

	n = wstr(in, "Jane Doe");
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, in, n);
	CHECK(ret == 0 && owner_is(fd, "Jane Doe"), "set a WMI string, query it back (%d)", ret);
	CHECK(strlen(max) == 31, "a 31-character owner");
	n = wstr(in, max);
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, in, n);
	CHECK(ret == 0 && owner_is(fd, max), "31 characters, the firmware's most (%d)", ret);

	/* The firmware's limit: WSAG aborts, the only way a set says no. */
	n = wstr(in, "Acme Rentals, fleet 7, Room 0031");
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, in, n);
	CHECK(ret == -EIO, "32 characters: the firmware fails the set, EIO (%d)", ret);
	CHECK(owner_is(fd, max), "and the owner is as it was");

	/* Malformed WMI strings: refused before the firmware is asked. */
	n = wstr(in, "Mallory");
	in[0] = 15;	/* odd count */
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, in, n);
	CHECK(ret == -EINVAL, "an odd byte count: EINVAL (%d)", ret);
	n = wstr(in, "Mallory");
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, in, n - 2);
	CHECK(ret == -ENODATA, "a count past the end of the input: ENODATA (%d)", ret);
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, in, 1);
	CHECK(ret == -ENODATA, "one byte, not even a count: ENODATA (%d)", ret);
	n = wstr(in, "Mallory");
	in[2 + 2 * 1] = 0xe9;	/* U+00E9: 8 bits, but not ASCII */
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, in, n);
	CHECK(ret == -EINVAL, "a character outside ASCII: EINVAL (%d)", ret);
	n = wstr(in, "Mallory");
	in[2 + 2 * 1 + 1] = 0x01;	/* U+0161 */
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, in, n);
	CHECK(ret == -EINVAL, "a character past 8 bits: EINVAL (%d)", ret);
	CHECK(owner_is(fd, max), "no malformed string reached the firmware");

	/* Bytes after the count are ignored; no input at all is "". */
	n = wstr(in, "Bob");
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, in, n + 6);
	CHECK(ret == 0 && owner_is(fd, "Bob"), "bytes after the string are ignored (%d)", ret);
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, NULL, 0);
	CHECK(ret == 0 && owner_is(fd, ""), "no input: the empty string (%d)", ret);

	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 1, in, wstr(in, "Eve"));
	CHECK(ret == -EINVAL, "instance 1 of one: EINVAL (%d)", ret);
	CHECK(owner_is(fd, ""), "and it changed nothing");

	/* Put back what the bed had: the query's WMI string is a set's input. */
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, saved, saved_size);
	CHECK(ret == 0 && owner(fd, in) == saved_size && !memcmp(in, saved, saved_size),
	      "owner put back (%d)", ret);
	close(fd);
}

static void test_refused(int err, bool string)
{
	struct wmi_block_call b;
	uint32_t v = 77, n = 4;
	uint8_t out[WSTR_MAX] = { 0 }, in[WSTR_MAX];
	const void *data = &v;
	int fd, ret;

	/* A well-formed string: a malformed one fails EINVAL before the rights. */
	if (string) {
		n = wstr(in, "Mallory");
		data = in;
	}
	fd = wmi_open(string ? ACME_OWNER : ACME_DATA);
	CHECK(fd >= 0, "open the %s block's node", string ? "asset owner" : "charge limit");
	if (fd < 0)
		return;
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 0, out, sizeof(out));
	CHECK(ret == -err, "query refused: %s (%s)", strerror(err), strerror(-ret));
	ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, data, n);
	CHECK(ret == -err, "set refused: %s (%s)", strerror(err), strerror(-ret));
	close(fd);
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "io"))
		test_io();
	else if (argc == 2 && !strcmp(argv[1], "errors"))
		test_errors();
	else if (argc == 2 && !strcmp(argv[1], "string"))
		test_string();
	else if ((argc == 3 || (argc == 4 && !strcmp(argv[3], "owner"))) &&
		 !strcmp(argv[1], "refused") && !strcmp(argv[2], "EBUSY"))
		test_refused(EBUSY, argc == 4);
	else if ((argc == 3 || (argc == 4 && !strcmp(argv[3], "owner"))) &&
		 !strcmp(argv[1], "refused") && !strcmp(argv[2], "EPERM"))
		test_refused(EPERM, argc == 4);
	else
		goto usage;
	return check_finish();

usage:
	fprintf(stderr, "usage: wmi-block-test io|errors|string|refused EBUSY|EPERM [owner]\n");
	return 64;
}

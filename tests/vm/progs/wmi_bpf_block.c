// SPDX-License-Identifier: GPL-2.0
/*
 * WMI-BPF programs on data block queries and sets: tests/vm/bpf/test_block
 * on the acme charge limit (expensive, setable, a dword 50..100), from user
 * space (/dev/wmi) and from a kernel driver (wmi-testdrv: "query" is the
 * ACPI-object API, "query_block" and "set_block" the buffer API).
 *
 *   wmi-bpf-block hooks     what programs see, deny, answer, rewrite; and
 *                           that data collection (WCxx) is balanced
 *   wmi-bpf-block locked    the same program under lockdown: no rewrite
 *                           of a set, no answer to a kernel caller
 *   wmi-bpf-block raw       with the block owned: EBUSY, unless the
 *                           program allows the query raw
 */

#include <bpf/libbpf.h>
#include <stdbool.h>
#include <stdlib.h>

#include "check.h"
#include "wmi_util.h"

#include "test_block.skel.h"

/* enum block_action of test_block.bpf.c */
enum { PASS, DENY, ANSWER, REWRITE, ALLOW_RAW };

static struct test_block *skel;
static struct bpf_link *ops_link;
/* The kernel's values of kinds, origins, verdicts and flags, as the program has them */
#define K (skel->rodata)

/* A query or set of the charge limit's instance 0, on a node of its own. */
static int block_call(unsigned long ioc, struct wmi_block_call *b, void *data, uint32_t size)
{
	int fd = wmi_open(ACME_DATA), ret;

	if (fd < 0)
		return -errno;
	ret = wmi_block_call(fd, ioc, b, 0, data, size);
	close(fd);
	return ret;
}

/* A user-space query: 0 or -errno; *value the first dword. */
static int user_query(uint32_t *value, uint32_t *type, uint32_t *size)
{
	struct wmi_block_call b;
	uint8_t out[16] = { 0 };
	int ret = block_call(WMI_IOC_BLOCK_QUERY, &b, out, sizeof(out));

	*value = le32(out);
	if (type)
		*type = b.data_type;
	if (size)
		*size = b.data_size;
	return ret;
}

static int user_set(uint32_t value)
{
	struct wmi_block_call b;

	return block_call(WMI_IOC_BLOCK_SET, &b, &value, sizeof(value));
}

/*
 * acme's method 14: whether collection is on (bit 0), and how often WCAD
 * enabled it (bits 8 and up). -1 if it cannot be read.
 */
static long collections(void)
{
	char out[64] = "";
	unsigned long v;

	if (kcall_on("method", ACME_METHODS " 0 14", out, sizeof(out)) ||
	    sscanf(out, "ok integer %li", (long *)&v) != 1)
		return -1;
	return v;
}

/* The firmware's charge limit, read past the program by the ACPI-object API. */
static uint32_t firmware_limit(void)
{
	uint32_t saved = skel->bss->query_action, v = 0;
	char out[64] = "", *p;

	skel->bss->query_action = PASS;
	if (!kcall_on("query", ACME_DATA " 0", out, sizeof(out)) &&
	    (p = strstr(out, "ok buffer ")))
		v = strtoul(p + 10, NULL, 16);
	skel->bss->query_action = saved;
	return v;
}

static void attach(void)
{
	skel = test_block__open_and_load();
	CHECK(skel, "test_block loads");
	if (!skel)
		exit(check_finish());
	ops_link = bpf_map__attach_struct_ops(skel->maps.block);
	CHECK(ops_link, "test_block attaches to the charge limit block");
	if (!ops_link)
		exit(check_finish());
}

static void reply_bytes(uint32_t type, const void *data, uint32_t size)
{
	memset(skel->bss->reply, 0, sizeof(skel->bss->reply));
	memcpy(skel->bss->reply, data, size);
	skel->bss->reply_type = type;
	skel->bss->reply_size = size;
	skel->data->set_output_ret = 1;
}

/* The dword value, in size bytes (zeroes after it). */
static void reply_u32(uint32_t type, uint32_t value, uint32_t size)
{
	uint8_t b[16] = { 0 };

	memcpy(b, &value, sizeof(value));
	reply_bytes(type, b, size);
}

static void test_seen(void)
{
	uint32_t v, type, size;

	CHECK(user_query(&v, &type, &size) == 0 && v == 80, "user query passes: 80");
	CHECK(skel->bss->kind == K->kind_query && skel->bss->method_id == 0 &&
	      skel->bss->instance == 0 && skel->bss->origin == K->origin_user &&
	      skel->bss->in_size == 0 && skel->bss->out_max == 4096,
	      "method_call sees a user query: kind %u, method 0, no input, out_max %u",
	      skel->bss->kind, skel->bss->out_max);
	CHECK(skel->bss->done_kind == K->kind_query && skel->bss->done_out_size == 4 &&
	      skel->bss->done_out_type == WMI_RESULT_BUFFER && skel->bss->out_value == 80 &&
	      skel->bss->done_verdict == K->verdict_firmware && skel->bss->done_retval == 0,
	      "method_done sees the firmware's 4-byte buffer, 80");

	CHECK(user_set(70) == 0, "user set 70 passes");
	CHECK(skel->bss->kind == K->kind_set && skel->bss->in_size == 4 &&
	      skel->bss->in_value == 70 && skel->bss->out_max == 0,
	      "method_call sees the set's input, 70, and no output to give (out_max %u)",
	      skel->bss->out_max);
	CHECK(skel->bss->done_kind == K->kind_set && skel->bss->done_out_size == 0 &&
	      skel->bss->done_out_max == 0, "method_done sees a set without result");
	CHECK(firmware_limit() == 70, "the firmware got 70");

	CHECK(kcall_on_is("query_block", ACME_DATA " 0 4", "ok 4 46 00 00 00"),
	      "kernel query through the buffer API passes");
	CHECK(skel->bss->origin == K->origin_kernel && skel->bss->out_min == 4 &&
	      skel->bss->out_max == 4096 && !(skel->bss->flags & K->flag_acpi_object),
	      "a wmidev_query_block() caller may be answered with its min_size 4 and up");
	CHECK(kcall_on_is("query", ACME_DATA " 0", "ok buffer 46 00 00 00"),
	      "kernel query through the ACPI-object API passes");
	CHECK((skel->bss->flags & K->flag_acpi_object) && skel->bss->out_max == 0,
	      "an ACPI-object caller is flagged and may not be answered");
	CHECK(kcall_on_is("set_block", ACME_DATA " 0 50000000", "ok 0") &&
	      skel->bss->kind == K->kind_set && skel->bss->origin == K->origin_kernel &&
	      skel->bss->in_value == 80, "kernel set of 80 seen");
}

static void test_deny(long c0)
{
	uint32_t v;

	skel->bss->query_action = DENY;
	skel->bss->set_action = DENY;
	CHECK(user_query(&v, NULL, NULL) == -EACCES, "a denied user query: EACCES");
	CHECK(kcall_on_is("query_block", ACME_DATA " 0 4", "error -13"),
	      "a denied kernel query: -EACCES");
	CHECK(kcall_on_is("query", ACME_DATA " 0", "error AE_ERROR"),
	      "a denied ACPI-object query: no object");
	CHECK(collections() == c0, "no denied query enabled collection");
	CHECK(user_set(60) == -EACCES, "a denied user set: EACCES");
	CHECK(kcall_on_is("set_block", ACME_DATA " 0 3c000000", "error -13"),
	      "a denied kernel set: -EACCES");
	skel->bss->query_action = PASS;
	skel->bss->set_action = PASS;
	CHECK(firmware_limit() == 80, "the firmware kept 80");
}

static void test_answer(long c0)
{
	uint32_t v, type, size;

	skel->bss->query_action = ANSWER;
	reply_u32(WMI_RESULT_BUFFER, 42, 4);
	CHECK(user_query(&v, &type, &size) == 0 && v == 42 && type == WMI_RESULT_BUFFER &&
	      size == 4, "an answered user query: 42");
	reply_u32(WMI_RESULT_INTEGER, 43, 4);
	CHECK(user_query(&v, &type, &size) == 0 && v == 43 && type == WMI_RESULT_INTEGER,
	      "user space may be answered with another type");
	reply_u32(WMI_RESULT_BUFFER, 44, 8);
	CHECK(kcall_on_is("query_block", ACME_DATA " 0 4", "ok 8 2c 00 00 00 00 00 00 00"),
	      "a wmidev_query_block() caller answered above its min_size");
	CHECK(collections() == c0, "no answered query enabled collection");

	reply_u32(WMI_RESULT_BUFFER, 45, 4);
	CHECK(kcall_on_is("query_block", ACME_DATA " 0 8", "error -61") &&
	      skel->data->set_output_ret == -ENODATA,
	      "an answer under the caller's min_size is refused (%d)", skel->data->set_output_ret);
	skel->data->set_output_ret = 1;
	CHECK(kcall_on_is("query", ACME_DATA " 0", "ok buffer 50 00 00 00") &&
	      skel->data->set_output_ret == -EOPNOTSUPP,
	      "an ACPI-object caller is not answered: it gets the firmware's (%d)",
	      skel->data->set_output_ret);

	skel->bss->query_action = PASS;
	skel->bss->set_action = ANSWER;
	CHECK(user_set(60) == 0 && skel->data->set_output_ret == -EOPNOTSUPP,
	      "a set answered without output (none to set: EOPNOTSUPP) succeeds");
	CHECK(kcall_on_is("set_block", ACME_DATA " 0 3c000000", "ok 0"),
	      "so does a kernel driver's");
	skel->bss->set_action = PASS;
	CHECK(firmware_limit() == 80, "neither reached the firmware: still 80");
}

static void test_rewrite(void)
{
	uint32_t v, type, size;

	skel->bss->set_action = REWRITE;
	skel->bss->new_value = 60;
	CHECK(user_set(90) == 0 && firmware_limit() == 60, "a user set of 90 reached the firmware as 60");
	skel->bss->new_value = 65;
	CHECK(kcall_on_is("set_block", ACME_DATA " 0 5a000000", "ok 0") && firmware_limit() == 65,
	      "a kernel set of 90 reached the firmware as 65");
	CHECK(skel->bss->rewrite_refused == 0, "no rewrite refused");
	skel->bss->set_action = PASS;

	skel->bss->query_action = REWRITE;
	reply_u32(WMI_RESULT_BUFFER, 33, 4);
	CHECK(user_query(&v, NULL, NULL) == 0 && v == 33 && skel->bss->out_value == 65,
	      "a user query's result rewritten: 33 for the firmware's 65");
	reply_bytes(WMI_RESULT_STRING, "\x04\0A\0\0\0", 6);	/* "A" */
	CHECK(user_query(&v, &type, &size) == 0 && type == WMI_RESULT_STRING && size == 6,
	      "user space may get another type");
	reply_u32(WMI_RESULT_BUFFER, 34, 4);
	CHECK(kcall_on_is("query_block", ACME_DATA " 0 4", "ok 4 22 00 00 00"),
	      "a kernel query's result rewritten within bounds");
	reply_u32(WMI_RESULT_BUFFER, 35, 4);
	CHECK(kcall_on_is("query", ACME_DATA " 0", "ok buffer 23 00 00 00"),
	      "an ACPI-object caller's result rewritten in place");

	reply_u32(WMI_RESULT_BUFFER, 36, 8);
	CHECK(kcall_on_is("query_block", ACME_DATA " 0 4", "ok 4 41 00 00 00") &&
	      skel->data->set_output_ret == -E2BIG,
	      "more bytes than the firmware gave: refused, the firmware's result (%d)",
	      skel->data->set_output_ret);
	reply_u32(WMI_RESULT_INTEGER, 37, 4);
	CHECK(kcall_on_is("query_block", ACME_DATA " 0 4", "ok 4 41 00 00 00") &&
	      skel->data->set_output_ret == -EINVAL,
	      "another type than the firmware's: refused (%d)", skel->data->set_output_ret);
	reply_u32(WMI_RESULT_BUFFER, 38, 2);
	CHECK(kcall_on_is("query_block", ACME_DATA " 0 4", "ok 4 41 00 00 00") &&
	      skel->data->set_output_ret == -ENODATA,
	      "under the caller's min_size: refused (%d)", skel->data->set_output_ret);
	reply_u32(WMI_RESULT_BUFFER, 39, 8);
	CHECK(user_query(&v, &type, &size) == 0 && v == 39 && size == 8,
	      "user space may get more bytes");
	skel->bss->query_action = PASS;
}

static void test_hooks(void)
{
	long c0, c1;

	attach();
	CHECK(user_set(80) == 0, "charge limit 80");
	test_seen();
	c0 = collections();
	CHECK(c0 >= 0 && !(c0 & 1), "collection off (%#lx)", c0);
	test_deny(c0);
	c0 = collections();
	test_answer(c0);
	test_rewrite();
	c1 = collections();
	CHECK(!(c1 & 1), "collection off after every path (%#lx)", c1);
	bpf_link__destroy(ops_link);
	CHECK(firmware_limit() == 65 && user_set(80) == 0, "detached: charge limit back to 80");
	test_block__destroy(skel);
}

#define CHARGE_LIMIT_PARAM "/sys/module/wmi_testdrv/parameters/charge_limit"

/* A kernel query through wmi-testdrv's parameter: debugfs is locked down. */
static int param_query(uint32_t *v)
{
	char buf[32] = "";
	int fd = open(CHARGE_LIMIT_PARAM, O_RDONLY), ret;

	if (fd < 0)
		return -errno;
	ret = read(fd, buf, sizeof(buf) - 1);
	ret = ret < 0 ? -errno : 0;
	close(fd);
	*v = strtoul(buf, NULL, 10);
	return ret;
}

/* A kernel set: 0 or -errno, the error the call ended with. */
static int param_set(uint32_t v)
{
	int fd = open(CHARGE_LIMIT_PARAM, O_WRONLY), ret;
	char buf[16];

	if (fd < 0)
		return -errno;
	snprintf(buf, sizeof(buf), "%u", v);
	ret = write(fd, buf, strlen(buf)) < 0 ? -errno : 0;
	close(fd);
	return ret;
}

/*
 * Under lockdown no program changes what reaches the firmware or a kernel
 * driver; it still denies, and answers user space. Kernel calls are
 * wmi-testdrv's charge_limit parameter's.
 */
static void test_locked(void)
{
	uint32_t v = 0;

	attach();
	CHECK(param_set(80) == 0 && param_query(&v) == 0 && v == 80,
	      "charge limit 80, set by the kernel (%u)", v);
	CHECK(user_set(80) == -EPERM, "no raw set from user space");

	skel->bss->set_action = REWRITE;
	skel->bss->new_value = 60;
	CHECK(param_set(90) == 0 && skel->bss->rewrite_refused == 1,
	      "a kernel set of 90: no input window");
	skel->bss->set_action = ANSWER;
	CHECK(param_set(70) == -EIO, "a kernel set is not answered: it fails");
	skel->bss->set_action = PASS;
	CHECK(param_query(&v) == 0 && v == 90, "the firmware got 90 (%u)", v);

	skel->bss->query_action = ANSWER;
	reply_u32(WMI_RESULT_BUFFER, 42, 4);
	CHECK(param_query(&v) == 0 && v == 90 && skel->data->set_output_ret == -EPERM,
	      "a kernel query is not answered (%u, %d)", v, skel->data->set_output_ret);
	reply_u32(WMI_RESULT_BUFFER, 42, 4);
	CHECK(user_query(&v, NULL, NULL) == 0 && v == 42 && skel->data->set_output_ret == 0,
	      "user space is still answered: nothing reaches the firmware");
	skel->bss->query_action = REWRITE;
	reply_u32(WMI_RESULT_BUFFER, 34, 4);
	CHECK(param_query(&v) == 0 && v == 90 && skel->data->set_output_ret == -EPERM,
	      "a kernel query's result is not rewritten (%u, %d)", v,
	      skel->data->set_output_ret);
	skel->bss->query_action = DENY;
	CHECK(param_query(&v) == -EACCES, "denying still works");
	skel->bss->query_action = PASS;
	bpf_link__destroy(ops_link);
	test_block__destroy(skel);
}

/* Owned by wmi-testdrv own=1: a raw query fails unless allowed raw. */
static void test_raw(void)
{
	uint32_t v;

	attach();
	CHECK(kcall_on_is("set_block", ACME_DATA " 0 50000000", "ok 0"), "charge limit 80");
	CHECK(user_query(&v, NULL, NULL) == -EBUSY &&
	      (skel->bss->flags & K->flag_owned), "an owned block: EBUSY, flagged owned");
	skel->bss->query_action = ALLOW_RAW;
	CHECK(user_query(&v, NULL, NULL) == 0 && skel->data->allow_raw_ret == 0 && v == 80,
	      "allowed raw by the program: the firmware answers 80");
	CHECK(user_set(81) == -EBUSY, "a set the program did not allow: EBUSY");
	skel->bss->query_action = PASS;
	bpf_link__destroy(ops_link);
	test_block__destroy(skel);
}

int main(int argc, char **argv)
{
	const char *t = argc > 1 ? argv[1] : "";

	if (!strcmp(t, "hooks"))
		test_hooks();
	else if (!strcmp(t, "locked"))
		test_locked();
	else if (!strcmp(t, "raw"))
		test_raw();
	else {
		fprintf(stderr, "usage: wmi-bpf-block hooks | locked | raw\n");
		return 64;
	}
	return check_finish();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * wmibpf query and set (loader/cmd_query.c, cmd_set.c), and what they
 * share with call (loader/node_call.c): what they print and exit with for
 * each answer of a node (their command lines are test_cli.c's). The
 * nodes are files in a made-up devdir; ioctl() and open() are wrapped, so
 * that every errno the kernel gives is seen without a kernel. With the
 * fake off, the real ioctl() on a file says ENOTTY, as a node of another
 * kind does.
 */

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include <linux/wmi.h>

#include "cli_run.h"

#define ACME "FE733490-2E22-4EDB-A7B5-BC248874D383"
#define DATA "ABBC0F6B-8EA1-11D1-00A0-C90629100000"

/* What the wrapped calls answer, and what they were asked. */
static struct {
	bool on;		/* off: the real ioctl() */
	int open_err;		/* open() of a node fails so */
	int err;		/* the ioctl fails so, after its sizes are set */
	uint32_t type;		/* a query's or call's result */
	uint8_t bytes[64];
	uint32_t size;
	unsigned long request;	/* what it was asked */
	struct wmi_block_call block;
	uint8_t data[64];	/* a set's data */
	struct wmi_method_call method;
	bool lie;		/* a broken kernel: size and err whatever it did */
} fake;

static char root[64], devdir[96], sysfs[96];

int __real_ioctl(int fd, unsigned long request, ...);
int __real_open(const char *path, int flags, ...);

/* The kernel's side: sizes and type first, the bytes if they fit. */
static int answer(uint32_t *size, uint32_t *type, uint64_t out)
{
	uint32_t room = *size;

	*size = fake.size;
	*type = fake.type;
	if (fake.lie)
		return fake.err ? (errno = fake.err, -1) : 0;
	if (fake.err)
		return errno = fake.err, -1;
	if (fake.size > room)
		return errno = ENOSPC, -1;
	memcpy((void *)(uintptr_t)out, fake.bytes, fake.size);
	return 0;
}

int __wrap_ioctl(int fd, unsigned long request, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!fake.on)
		return __real_ioctl(fd, request, arg);
	fake.request = request;
	if (request == WMI_IOC_METHOD_CALL) {
		struct wmi_method_call *m = arg;

		fake.method = *m;
		return answer(&m->output_size, &m->result_type, m->output);
	}
	memcpy(&fake.block, arg, sizeof(fake.block));
	if (request == WMI_IOC_BLOCK_QUERY) {
		struct wmi_block_call *b = arg;

		return answer(&b->data_size, &b->data_type, b->data);
	}
	assert_int_equal(request, WMI_IOC_BLOCK_SET);
	assert_true(fake.block.data_size <= sizeof(fake.data));
	memcpy(fake.data, (void *)(uintptr_t)fake.block.data, fake.block.data_size);
	return fake.err ? (errno = fake.err, -1) : 0;
}

int __wrap_open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	if (flags & (O_CREAT | O_TMPFILE)) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	if (fake.open_err && !strncmp(path, devdir, strlen(devdir)))
		return errno = fake.open_err, -1;
	return __real_open(path, flags, mode);
}

/* Run a command line on the made-up devdir and sysfs: its exit status. */
static int run(const char *line, char **out, char **err)
{
	struct cli c;
	struct app a = { .cli = &c };
	char *usage = NULL;
	int rc;

	assert_int_equal(cli_parse_line(wmibpf_verbs, line, &c, &usage), EXIT_OK);
	c.devdir = devdir;
	c.sysfs = sysfs;
	rc = cli_capture(c.verb->run, &a, out, err);
	cli_free(&c);
	return rc;
}

/* line exits with rc, printing out and err exactly. */
static void expect(const char *line, int rc, const char *out, const char *err)
{
	char *o, *e;
	int got = run(line, &o, &e);

	if (got != rc || strcmp(o, out) || strcmp(e, err))
		fail_msg("'%s': exit %d, out '%s', err '%s'; expected %d, '%s', '%s'", line, got,
			 o, e, rc, out, err);
	free(o);
	free(e);
}

static void touch(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	char dev[160];

	(void)state;
	snprintf(root, sizeof(root), "/tmp/wmibpf-block-XXXXXX");
	assert_non_null(mkdtemp(root));
	snprintf(devdir, sizeof(devdir), "%s/dev", root);
	snprintf(sysfs, sizeof(sysfs), "%s/sys", root);
	assert_int_equal(mkdir(devdir, 0755), 0);
	touch(devdir, DATA, "");
	touch(devdir, ACME, "");
	snprintf(dev, sizeof(dev), "%s/dir", devdir);
	assert_int_equal(mkdir(dev, 0755), 0);
	snprintf(dev, sizeof(dev), "mkdir -p %s/bus/wmi/devices/" DATA, sysfs);
	assert_int_equal(system(dev), 0);
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	return system(cmd);
}

/* The fake on, answering with a result of type and these bytes. */
static void answer_with(uint32_t type, const void *bytes, uint32_t size)
{
	memset(&fake, 0, sizeof(fake));
	fake.on = true;
	fake.type = type;
	memcpy(fake.bytes, bytes, size);
	fake.size = size;
}

/* Nodes that are not there, not a data block's, or not to be opened. */
static void wrong_nodes(void **state)
{
	char msg[512];

	(void)state;
	memset(&fake, 0, sizeof(fake));
	snprintf(msg, sizeof(msg), "wmibpf: %s/" ACME "-9: No such file or directory (no such WMI "
		 "data block; see wmibpf devices)\n", devdir);
	expect("wmibpf query " ACME "-9", EXIT_NOT_FOUND, "", msg);
	expect("wmibpf set " ACME "-9 --u32 1", EXIT_NOT_FOUND, "", msg);
	snprintf(msg, sizeof(msg), "wmibpf: %s/" ACME "-9: No such file or directory (no such WMI "
		 "device with methods; see wmibpf devices)\n", devdir);
	expect("wmibpf call " ACME "-9 1", EXIT_NOT_FOUND, "", msg);

	/* A file's ioctl is ENOTTY, as a method's or an event's node is to a query. */
	expect("wmibpf query " ACME, EXIT_NOT_FOUND, "",
	       "wmibpf: " ACME ": no WMI data block (see wmibpf devices)\n");
	expect("wmibpf set " ACME " --input 00", EXIT_NOT_FOUND, "",
	       "wmibpf: " ACME ": no WMI data block (see wmibpf devices)\n");
	expect("wmibpf call " DATA " 1", EXIT_NOT_FOUND, "",
	       "wmibpf: " DATA ": no WMI device with methods (see wmibpf devices)\n");

	snprintf(msg, sizeof(msg), "wmibpf: %s/dir: Is a directory\n", devdir);
	expect("wmibpf query dir", EXIT_FAILED, "", msg);

	fake.open_err = EACCES;
	snprintf(msg, sizeof(msg), "wmibpf: %s/" DATA ": Permission denied (the WMI data block "
		 "nodes are root's)\n", devdir);
	expect("wmibpf query " DATA, EXIT_FAILED, "", msg);
	expect("wmibpf set " DATA " --u32 1", EXIT_FAILED, "", msg);
	snprintf(msg, sizeof(msg), "wmibpf: %s/" ACME ": Permission denied (the WMI method nodes "
		 "are root's)\n", devdir);
	expect("wmibpf call " ACME " 1", EXIT_FAILED, "", msg);
}

/* An errno of the ioctl, a command line, and what it says for it (exit 1). */
struct failure {
	int err;
	const char *line;
	const char *msg;
};

static void expect_failures(const struct failure *f, size_t n)
{
	for (; n--; f++) {
		fake.err = f->err;
		expect(f->line, EXIT_FAILED, "", f->msg);
	}
}

/* The last ioctl was request, for instance, of data_size; the rest as the uAPI says. */
static void assert_block(unsigned long request, uint32_t instance, uint32_t data_size)
{
	assert_int_equal(fake.request, request);
	assert_int_equal(fake.block.size, WMI_BLOCK_CALL_SIZE_VER0);
	assert_int_equal(fake.block.flags, 0);
	assert_int_equal(fake.block.instance, instance);
	assert_int_equal(fake.block.data_size, data_size);
	assert_int_equal(fake.block.data_type, 0);
	assert_int_equal(fake.block.reserved, 0);
}

/* A query prints as call prints a result, and asks for what it should. */
static void queries(void **state)
{
	(void)state;
	answer_with(WMI_RESULT_BUFFER, "\x50\0\0\0", 4);
	expect("wmibpf query " DATA, EXIT_OK, "buffer [50 00 00 00]\n", "");
	assert_block(WMI_IOC_BLOCK_QUERY, 0, 4096);
	expect("wmibpf query " DATA " --json --instance 2", EXIT_OK,
	       "{\"device\":\"" DATA "\",\"instance\":2,\"type\":\"buffer\",\"bytes\":[80,0,0,0]}\n",
	       "");
	assert_block(WMI_IOC_BLOCK_QUERY, 2, 4096);

	fake.type = WMI_RESULT_INTEGER;
	expect("wmibpf query " DATA, EXIT_OK, "integer 80 [50 00 00 00]\n", "");
	expect("wmibpf query " DATA " -j", EXIT_OK, "{\"device\":\"" DATA "\",\"instance\":0,"
	       "\"type\":\"integer\",\"bytes\":[80,0,0,0],\"value\":80}\n", "");

	answer_with(WMI_RESULT_STRING, "\x06\0A\0C\0\0\0", 8);
	expect("wmibpf query " DATA, EXIT_OK, "string \"AC\" [06 00 41 00 43 00 00 00]\n", "");
	expect("wmibpf query " DATA " --json", EXIT_OK, "{\"device\":\"" DATA "\",\"instance\":0,"
	       "\"type\":\"string\",\"bytes\":[6,0,65,0,67,0,0,0],\"value\":\"AC\"}\n", "");

	answer_with(WMI_RESULT_NONE, "", 0);
	expect("wmibpf query " DATA, EXIT_OK, "none\n", "");
}

/* Every errno of a query, with its hint; the owner from sysfs for EBUSY. */
static void query_errors(void **state)
{
	static const struct failure f[] = {
		{ EINVAL, "wmibpf query " DATA " --instance 7", "wmibpf: " DATA " instance 7: "
		  "Invalid argument (no such instance; see wmibpf devices)\n" },
		{ EPERM, "wmibpf query " DATA, "wmibpf: " DATA " instance 0: Operation not "
		  "permitted (a raw query needs CAP_SYS_RAWIO when the node is opened and no "
		  "lockdown)\n" },
		{ ENODEV, "wmibpf query " DATA, "wmibpf: " DATA " instance 0: No such device (the "
		  "device went away)\n" },
		{ EIO, "wmibpf query " DATA, "wmibpf: " DATA " instance 0: Input/output error (the "
		  "firmware failed the query: an AML error, as firmware says no)\n" },
		{ EBUSY, "wmibpf query " DATA, "wmibpf: " DATA " instance 0: Device or resource "
		  "busy (the block belongs to the driver or a GUID user of an alias of the device; "
		  "see wmibpf devices)\n" },
	};
	char dir[160], link[200];

	(void)state;
	answer_with(WMI_RESULT_BUFFER, "", 0);
	fake.size = 28;
	expect("wmibpf query " DATA " --output-size 4", EXIT_FAILED, "", "wmibpf: " DATA
	       " instance 0: the result needs 28 bytes; retry with --output-size 28 (the block "
	       "was queried)\n");
	assert_int_equal(fake.block.data_size, 4);
	expect_failures(f, sizeof(f) / sizeof(f[0]));

	/* Who owns the block, as sysfs says. */
	snprintf(dir, sizeof(dir), "%s/bus/wmi/devices/" DATA, sysfs);
	snprintf(link, sizeof(link), "%s/driver", dir);
	assert_int_equal(symlink("../../../../bus/wmi/drivers/wmi-bmof", link), 0);
	expect("wmibpf query " DATA, EXIT_FAILED, "", "wmibpf: " DATA " instance 0: Device or "
	       "resource busy (the block belongs to wmi-bmof, bound to the device; see wmibpf "
	       "devices)\n");
	touch(dir, "guid_users", "acer_wmi\n");
	expect("wmibpf query " DATA, EXIT_FAILED, "", "wmibpf: " DATA " instance 0: Device or "
	       "resource busy (the block is in use by acer_wmi, which calls the device by its "
	       "GUID; see wmibpf devices)\n");
	unlink(link);
	touch(dir, "guid_users", "");
}

/* A set prints nothing, and hands the kernel the input as call does. */
static void sets(void **state)
{
	static const uint8_t tag[] = { 0x08, 0, 'T', 0, 'A', 0, 'G', 0, 0, 0 };
	static const struct failure f[] = {
		{ EOPNOTSUPP, "wmibpf set " DATA " --u32 1", "wmibpf: " DATA " instance 0: "
		  "Operation not supported (the block is read-only)\n" },
		{ E2BIG, "wmibpf set " DATA " --u32 1", "wmibpf: " DATA " instance 0: Argument "
		  "list too long (a block takes at most 32768 bytes)\n" },
		{ EPERM, "wmibpf set " DATA " --u32 1", "wmibpf: " DATA " instance 0: Operation "
		  "not permitted (a raw set needs CAP_SYS_RAWIO when the node is opened and no "
		  "lockdown)\n" },
		/* No result, so no room to ask for. */
		{ ENOSPC, "wmibpf set " DATA " --u32 1", "wmibpf: " DATA " instance 0: No space "
		  "left on device\n" },
		{ EBUSY, "wmibpf set " DATA " --u32 1 --instance 1", "wmibpf: " DATA " instance 1: "
		  "Device or resource busy (the block belongs to the driver or a GUID user of an "
		  "alias of the device; see wmibpf devices)\n" },
	};

	(void)state;
	answer_with(WMI_RESULT_NONE, "", 0);
	expect("wmibpf set " DATA " --u32 80", EXIT_OK, "", "");
	assert_block(WMI_IOC_BLOCK_SET, 0, 4);
	assert_memory_equal(fake.data, "\x50\0\0\0", 4);
	expect("wmibpf set " DATA " --string TAG --instance 1 --json", EXIT_OK, "", "");
	assert_block(WMI_IOC_BLOCK_SET, 1, sizeof(tag));
	assert_memory_equal(fake.data, tag, sizeof(tag));
	expect("wmibpf set " DATA " --input de:ad", EXIT_OK, "", "");
	assert_block(WMI_IOC_BLOCK_SET, 0, 2);
	assert_memory_equal(fake.data, "\xde\xad", 2);
	expect_failures(f, sizeof(f) / sizeof(f[0]));
}

/* call through the shared code: what it printed before, it prints now. */
static void calls(void **state)
{
	static const struct failure f[] = {
		{ EPERM, "wmibpf call " ACME " 9", "wmibpf: " ACME " method 9: Operation not "
		  "permitted (a raw call needs CAP_SYS_RAWIO when the node is opened and no "
		  "lockdown; or a driver or policy refused it)\n" },
		{ EBUSY, "wmibpf call " ACME " 9", "wmibpf: " ACME " method 9: Device or resource "
		  "busy (the method belongs to the driver or a GUID user of an alias of the device; "
		  "see wmibpf devices)\n" },
		{ EINVAL, "wmibpf call " ACME " 9", "wmibpf: " ACME " method 9: Invalid argument\n" },
	};

	(void)state;
	answer_with(WMI_RESULT_STRING, "\x06\0A\0C\0\0\0", 8);
	expect("wmibpf call " ACME " 9 --u32 2", EXIT_OK,
	       "string \"AC\" [06 00 41 00 43 00 00 00]\n", "");
	assert_int_equal(fake.request, WMI_IOC_METHOD_CALL);
	assert_int_equal(fake.method.method_id, 9);
	assert_int_equal(fake.method.input_size, 4);
	expect("wmibpf call " ACME " 9 --json", EXIT_OK, "{\"device\":\"" ACME "\",\"instance\":0,"
	       "\"method\":9,\"type\":\"string\",\"bytes\":[6,0,65,0,67,0,0,0],\"value\":\"AC\"}\n",
	       "");
	expect("wmibpf call " ACME " 9 --output-size 4", EXIT_FAILED, "", "wmibpf: " ACME
	       " method 9: the result needs 8 bytes; retry with --output-size 8 (the method has "
	       "run)\n");
	expect_failures(f, sizeof(f) / sizeof(f[0]));
}

/*
 * A kernel whose sizes do not match what it did: nothing is read past the
 * buffer, and an ENOSPC that asks for no more room offers no retry.
 */
static void lying_kernel(void **state)
{
	(void)state;
	answer_with(WMI_RESULT_BUFFER, "", 0);
	fake.lie = true;
	fake.size = 64;
	expect("wmibpf query " DATA " --output-size 4", EXIT_FAILED, "", "wmibpf: " DATA
	       " instance 0: the kernel says it wrote 64 bytes into a buffer of 4\n");
	expect("wmibpf call " ACME " 1 --output-size 4", EXIT_FAILED, "", "wmibpf: " ACME
	       " method 1: the kernel says it wrote 64 bytes into a buffer of 4\n");
	fake.size = 4;
	fake.err = ENOSPC;
	expect("wmibpf query " DATA " --output-size 4", EXIT_FAILED, "", "wmibpf: " DATA
	       " instance 0: No space left on device\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(wrong_nodes),
		cmocka_unit_test(queries),
		cmocka_unit_test(query_errors),
		cmocka_unit_test(sets),
		cmocka_unit_test(calls),
		cmocka_unit_test(lying_kernel),
	};

	return cmocka_run_group_tests_name("block", tests, setup, teardown);
}

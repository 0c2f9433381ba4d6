// SPDX-License-Identifier: GPL-2.0
/*
 * WMI-BPF in the guest: programs from bpf/, policies/acme/ and
 * tests/vm/bpf/ attached through their skeletons, checked through raw
 * calls on /dev/wmi and the driver state they move.
 *
 *   wmi-bpf-test deny | emulate | rewrite | detach | chain | scope |
 *                origin | answer | hostile | lockdown-rewrite locked|unlocked |
 *                lockdown-window |
 *                translator | recursion | cap | cap-alias GUID ALIAS | rawio |
 *                rawio-update | relink |
 *                verifier DIR | loop SECONDS | pin PATH |
 *                pin-translator PATH
 *
 * Kernel-origin calls go through wmi-testdrv's debugfs files, which the
 * shell side loads; acme-wmi is loaded by the tests that need it.
 */

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include <linux/capability.h>
#include <sys/syscall.h>

#include "check.h"
#include "wmi_util.h"

#include "acme_translator.skel.h"
#include "allow_all.skel.h"
#include "deny_method.skel.h"
#include "emulate_method.skel.h"
#include "rewrite_arg.skel.h"
#include "test_answer.skel.h"
#include "test_capable.skel.h"
#include "test_chain.skel.h"
#include "test_hostile.skel.h"
#include "test_rawio.skel.h"
#include "test_recursion.skel.h"
#include "test_relink.skel.h"
#include "test_scope.skel.h"

/* _WDG byte order of the acme GUIDs */
static const uint8_t guid_methods[16] = {
	0x90, 0x34, 0x73, 0xfe, 0x22, 0x2e, 0xdb, 0x4e,
	0xa7, 0xb5, 0xbc, 0x24, 0x88, 0x74, 0xd3, 0x83,
};

static const uint8_t guid_zones[16] = {
	0x9b, 0xec, 0x8f, 0x1e, 0xa5, 0x04, 0xd1, 0x4e,
	0xb7, 0x9d, 0xb7, 0x7e, 0xf1, 0x15, 0x28, 0x78,
};


/* The binding GUID is the first member of struct wmi_bpf_ops. */
static void bind_guid(struct bpf_map *ops, const uint8_t guid[16])
{
	size_t size;
	void *data = bpf_map__initial_value(ops, &size);

	if (data && size >= 16)
		memcpy(data, guid, 16);
}

static bool kcall_is(const char *req, const char *want)
{
	return kcall_on_is("method", req, want);
}

static int user_u32(const char *dev, uint32_t method, const uint32_t *arg, uint32_t *result)
{
	int fd = wmi_open(dev), ret;

	if (fd < 0)
		return -errno;
	ret = wmi_call_u32(fd, 0, method, arg, result);
	close(fd);
	return ret;
}

/* Calls reaching the firmware's WMAA so far (method 10 counts the others). */
static uint32_t firmware_calls(void)
{
	uint32_t n = 0;

	user_u32(ACME_METHODS, 10, NULL, &n);
	return n;
}

static void test_deny(void)
{
	struct deny_method *skel = deny_method__open();
	struct bpf_link *link;
	uint32_t v = 1, r;

	if (!skel)
		return;
	bind_guid(skel->maps.deny_method, guid_methods);
	skel->rodata->method_id = 6;
	skel->rodata->deny_errno = EACCES;
	CHECK(!deny_method__load(skel), "deny_method loads");
	link = bpf_map__attach_struct_ops(skel->maps.deny_method);
	CHECK(link, "deny_method attaches");

	CHECK(user_u32(ACME_METHODS, 6, &v, &r) == -EACCES, "fan profile set denied: EACCES");
	CHECK(user_u32(ACME_METHODS, 5, NULL, &r) == 0, "fan profile get still works");
	CHECK(kcall_is(ACME_ZONES " 0 1", "ok integer 0xff0000"), "other devices unaffected");

	bpf_link__destroy(link);
	CHECK(user_u32(ACME_METHODS, 6, &v, &r) == 0 && r == 0, "detached: set works again");
	deny_method__destroy(skel);
}

static void test_emulate(void)
{
	struct emulate_method *skel = emulate_method__open();
	struct bpf_link *link;
	uint32_t r = 0, before, after;

	if (!skel)
		return;
	bind_guid(skel->maps.emulate_method, guid_methods);
	skel->rodata->method_id = 1;
	skel->rodata->answer = 77;
	CHECK(!emulate_method__load(skel), "emulate_method loads");
	link = bpf_map__attach_struct_ops(skel->maps.emulate_method);
	CHECK(link, "emulate_method attaches");

	before = firmware_calls();
	CHECK(user_u32(ACME_METHODS, 1, NULL, &r) == 0 && r == 77, "brightness answered 77 (%u)", r);
	after = firmware_calls();
	CHECK(after == before + 1, "the firmware saw only the counting call (%u -> %u)",
	      before, after);

	bpf_link__destroy(link);
	CHECK(user_u32(ACME_METHODS, 1, NULL, &r) == 0 && r != 77, "detached: firmware answers");
	emulate_method__destroy(skel);
}

static void test_rewrite(void)
{
	struct rewrite_arg *skel = rewrite_arg__open();
	struct bpf_link *link;
	uint32_t v = 2, r = 9;

	if (!skel)
		return;
	bind_guid(skel->maps.rewrite_arg, guid_methods);
	skel->rodata->method_id = 6;
	skel->rodata->offset = 0;
	skel->rodata->min = 0;
	skel->rodata->max = 1;
	CHECK(!rewrite_arg__load(skel), "rewrite_arg loads");
	link = bpf_map__attach_struct_ops(skel->maps.rewrite_arg);
	CHECK(link, "rewrite_arg attaches");

	CHECK(user_u32(ACME_METHODS, 6, &v, &r) == 0 && r == 0, "fan profile 2 accepted");
	CHECK(user_u32(ACME_METHODS, 5, NULL, &r) == 0 && r == 1,
	      "the firmware got it clamped to 1 (%u)", r);
	CHECK(v == 2, "the caller's buffer is untouched");
	CHECK(kcall_is(ACME_METHODS " 0 6 02000000", "ok integer 0x0") &&
	      kcall_is(ACME_METHODS " 0 5", "ok integer 0x1"),
	      "a kernel driver's argument is clamped too");

	bpf_link__destroy(link);
	CHECK(user_u32(ACME_METHODS, 6, &v, &r) == 0 && user_u32(ACME_METHODS, 5, NULL, &r) == 0 &&
	      r == 2, "detached: 2 reaches the firmware");
	rewrite_arg__destroy(skel);
}

static void test_chain(void)
{
	struct test_chain *skel = test_chain__open_and_load();
	struct bpf_link *a, *b, *first;
	uint32_t v = 5, r;
	int fd;

	CHECK(skel, "test_chain loads");
	if (!skel)
		return;
	/* a, then b appended after it, then first put before both. */
	a = bpf_map__attach_struct_ops(skel->maps.chain_a);
	b = bpf_map__attach_struct_ops(skel->maps.chain_b);
	first = bpf_map__attach_struct_ops(skel->maps.chain_first);
	CHECK(a && b && first, "three programs attached");

	fd = wmi_open(ACME_ZONES);
	CHECK(wmi_call_u32(fd, 2, 2, &v, &r) == 0 && r == 0, "zone 2 set to 5");
	CHECK(skel->bss->seq == 3 && skel->bss->order[0] == 3 && skel->bss->order[1] == 1 &&
	      skel->bss->order[2] == 2, "order: first (BEFORE), a, b (got %u %u %u)",
	      skel->bss->order[0], skel->bss->order[1], skel->bss->order[2]);
	CHECK(wmi_call_u32(fd, 2, 1, NULL, &r) == 0 && r == (5 * 2 + 1 + 0x10),
	      "each saw the previous rewrite: firmware got 0x%x", r);
	close(fd);

	bpf_link__destroy(first);
	bpf_link__destroy(a);
	bpf_link__destroy(b);
	test_chain__destroy(skel);
}

static void test_scope(void)
{
	struct test_scope *skel = test_scope__open_and_load();
	struct bpf_link *zones, *all;
	uint32_t r;

	CHECK(skel, "test_scope loads");
	if (!skel)
		return;
	zones = bpf_map__attach_struct_ops(skel->maps.scope_zones);
	all = bpf_map__attach_struct_ops(skel->maps.scope_all);
	CHECK(zones && all, "programs attached");

	user_u32(ACME_METHODS, 1, NULL, &r);
	user_u32(ACME_DUP, 1, NULL, &r);
	CHECK(skel->bss->zones_seen == 0, "bound to the zones block, blind to others (%llu)",
	      (unsigned long long)skel->bss->zones_seen);
	CHECK(skel->bss->all_seen == 2, "bound to every device, saw both (%llu)",
	      (unsigned long long)skel->bss->all_seen);

	CHECK(kcall_is(ACME_ZONES " 3 1", "ok integer 0xffffff"), "kernel call on zone 3");
	CHECK(skel->bss->zones_seen == 1 && skel->bss->all_seen == 3, "both saw it");
	CHECK(skel->bss->last_instance == 3 && skel->bss->last_method == 1 &&
	      skel->bss->last_origin == 0 && !memcmp(skel->bss->last_guid, guid_zones, 16) &&
	      !strcmp(skel->bss->last_device, ACME_ZONES) &&
	      !strcmp(skel->bss->last_driver, "wmi-testdrv") &&
	      skel->bss->last_caller != 0 && skel->bss->last_start_ns != 0,
	      "context of a kernel call: instance, method, origin, GUID, device, driver");
	CHECK(!strcmp(skel->bss->last_caller_name, "request_write [wmi_testdrv]"),
	      "the calling function and module: '%s'", skel->bss->last_caller_name);
	CHECK(skel->bss->done_seen == 1 && skel->bss->last_retval == 0 &&
	      skel->bss->last_verdict == 0 && skel->bss->last_out_type == 1 &&
	      skel->bss->last_out_size == 4 && skel->bss->last_out[0] == 0xff &&
	      skel->bss->last_out[2] == 0xff, "method_done saw the marshalled result");

	CHECK(user_u32(ACME_ZONES, 1, NULL, &r) == 0, "user call on zone 0");
	CHECK(skel->bss->last_origin == 1 && skel->bss->last_pid == (uint32_t)getpid() &&
	      skel->bss->last_uid == 0 && !strcmp(skel->bss->last_comm, "wmi-bpf-test") &&
	      skel->bss->last_caller == 0 && !skel->bss->last_caller_name[0] &&
	      skel->bss->last_in_size == 0,
	      "context of a user call: origin, pid, uid, comm");

	bpf_link__destroy(zones);
	bpf_link__destroy(all);
	test_scope__destroy(skel);
}

/* A policy may deny a method to user space and leave kernel drivers be. */
static void test_origin(void)
{
	struct deny_method *skel;
	struct bpf_link *link;
	uint32_t v = 0x010203, r;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		skel = deny_method__open();
		if (!skel)
			return;
		bind_guid(skel->maps.deny_method, guid_zones);
		skel->rodata->method_id = 2;
		skel->rodata->deny_errno = EPERM;
		skel->rodata->user_only = pass;
		link = !deny_method__load(skel) ? bpf_map__attach_struct_ops(skel->maps.deny_method)
						 : NULL;
		CHECK(link, "deny zone colour sets, user_only=%d", pass);
		CHECK(user_u32(ACME_ZONES, 2, &v, &r) == -EPERM, "user call denied");
		if (pass)
			CHECK(kcall_is(ACME_ZONES " 1 2 07000000", "ok integer 0x0"),
			      "kernel call exempt");
		else
			CHECK(kcall_is(ACME_ZONES " 1 2 07000000", "error AE_ACCESS"),
			      "kernel call denied too: AE_ACCESS");
		bpf_link__destroy(link);
		deny_method__destroy(skel);
	}
}

static void test_answer(void)
{
	static const uint8_t hacked[] = { 14, 0, 'H', 0, 'a', 0, 'c', 0, 'k', 0, 'e', 0,
					  'd', 0, 0, 0 };
	static const uint8_t bytes[] = { 1, 2, 3, 4, 5 };
	struct test_answer *skel = test_answer__open_and_load();
	struct wmi_method_call c;
	struct bpf_link *link;
	uint8_t out[64];
	int fd;

	CHECK(skel, "test_answer loads");
	if (!skel)
		return;
	link = bpf_map__attach_struct_ops(skel->maps.answer);
	CHECK(link, "attached");

	fd = wmi_open(ACME_METHODS);
	CHECK(wmi_call(fd, &c, 0, 9, NULL, 0, out, sizeof(out)) == 0 &&
	      c.result_type == WMI_RESULT_STRING && c.output_size == sizeof(hacked) &&
	      !memcmp(out, hacked, sizeof(hacked)), "user space gets the rewritten string");
	CHECK(skel->bss->seen[0] == 0x1a && skel->bss->seen[2] == 'A',
	      "method_done saw the firmware's string first");
	CHECK(wmi_call(fd, &c, 0, 7, NULL, 0, out, sizeof(out)) == 0 &&
	      c.result_type == WMI_RESULT_BUFFER && c.output_size == 5 &&
	      !memcmp(out, bytes, 5), "a package method answered with a buffer");
	CHECK(wmi_call(fd, &c, 0, 1, NULL, 0, out, sizeof(out)) == -EIO,
	      "answered without output: the call fails with EIO");
	close(fd);

	CHECK(kcall_is(ACME_METHODS " 0 9", "ok string Hacked"),
	      "a kernel caller gets the rewrite in its ACPI string");
	CHECK(kcall_is(ACME_METHODS " 0 7", "error AE_ERROR"),
	      "an ACPI-object caller is never answered: the answer fails");
	CHECK(kcall_on_is("invoke", ACME_METHODS " 0 7 4", "ok 5 01 02 03 04 05"),
	      "a wmidev_invoke_method() caller gets the answer as bytes");
	CHECK(kcall_on_is("invoke", ACME_METHODS " 0 7 8", "error -5"),
	      "an answer below the caller's min_size fails the call");
	CHECK(kcall_on_is("invoke", ACME_METHODS " 0 9 2",
			  "ok 16 0e 00 48 00 61 00 63 00 6b 00 65 00 64 00 00 00"),
	      "a wmidev_invoke_method() caller gets the rewrite marshalled");
	CHECK(kcall_is(ACME_METHODS " 0 1", "error AE_ERROR"), "a kernel caller gets no \"OK, no object\"");

	bpf_link__destroy(link);
	CHECK(kcall_is(ACME_METHODS " 0 9", "ok string ACME Aero 14"), "detached: firmware again");
	test_answer__destroy(skel);
}

static int read_int(const char *path)
{
	FILE *f = fopen(path, "r");
	int v = -1;

	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

#define BACKLIGHT "/sys/class/backlight/acme/"

/* Attach one struct_ops of test_hostile; NULL if it did not attach. */
static struct bpf_link *attach_one(struct bpf_map *map)
{
	struct bpf_link *link = bpf_map__attach_struct_ops(map);

	CHECK(link, "%s attaches", bpf_map__name(map));
	return link;
}

/* Answers and rewrites a driver that trusts its firmware could not survive. */
static void test_hostile_answers(struct test_hostile *skel)
{
	struct bpf_link *link;
	uint32_t r, fw_r = 0;
	uint8_t out[128];
	char fw[512] = "";
	struct wmi_method_call c;
	int fd = wmi_open(ACME_METHODS);

	link = attach_one(skel->maps.no_result);
	CHECK(kcall_on_is("trusting", ACME_METHODS " 0 8 01020304", "error AE_ERROR"),
	      "no-result answer: the trusting driver gets an error, not a NULL object");
	CHECK(kcall_on_is("invoke", ACME_METHODS " 0 8 0 01020304", "error -5"),
	      "no-result answer: wmidev_invoke_method() fails with EIO");
	CHECK(wmi_call(fd, &c, 0, 8, "\1\2\3\4", 4, out, sizeof(out)) == -EIO,
	      "no-result answer: user space gets EIO too");
	bpf_link__destroy(link);

	link = attach_one(skel->maps.oversize);
	CHECK(kcall_on_is("trusting", ACME_METHODS " 0 8 01020304", "ok buffer 01 02 03 04"),
	      "oversize answer and rewrite: the trusting driver gets the firmware's 4 bytes");
	CHECK(skel->bss->answer_ret == -EOPNOTSUPP && skel->bss->out_max_call == 0,
	      "an ACPI-object caller takes no answer (%d, out_max %u)",
	      skel->bss->answer_ret, skel->bss->out_max_call);
	CHECK(skel->bss->rewrite_ret == -E2BIG && skel->bss->out_max_done == 4,
	      "a rewrite larger than the firmware's result is refused (%d, out_max %u)",
	      skel->bss->rewrite_ret, skel->bss->out_max_done);
	CHECK(kcall_on_is("invoke", ACME_METHODS " 0 8 4 01020304", "ok 4 01 02 03 04"),
	      "wmidev_invoke_method() caller: same bound");
	CHECK(wmi_call(fd, &c, 0, 8, "\1\2\3\4", 4, out, sizeof(out)) == 0 &&
	      c.output_size == 64 && out[0] == 0x41 && skel->bss->answer_ret == 0,
	      "user space may be answered with 64 bytes");
	bpf_link__destroy(link);

	/*
	 * The brightness is whatever earlier tests in this boot left; what
	 * matters is that the program's 99 never shows.
	 */
	CHECK(kcall_on("method", ACME_METHODS " 0 1", fw, sizeof(fw)) == 0 &&
	      wmi_call_u32(fd, 0, 1, NULL, &fw_r) == 0 && fw_r != 99,
	      "the firmware's brightness without programs: %s", fw);
	link = attach_one(skel->maps.set_go_on);
	CHECK(wmi_call_u32(fd, 0, 1, NULL, &r) == 0 && r == fw_r && skel->bss->answer_ret == 0,
	      "set then go on: user space gets the firmware's value (%u, firmware %u)", r, fw_r);
	CHECK(kcall_is(ACME_METHODS " 0 1", fw),
	      "set then go on: a kernel caller gets the firmware's value too");
	CHECK(kcall_on_is("invoke", ACME_METHODS " 0 9 0",
			  "ok 28 1a 00 41 00 43 00 4d 00 45 00 20 00 41 00 65 00 72 00 6f 00 "
			  "20 00 31 00 34 00 00 00"), "and other methods are untouched");
	bpf_link__destroy(link);
	close(fd);
}

/* A window kept across bpf_wmi_set_output() still reads the old output. */
static void test_hostile_stale(struct test_hostile *skel)
{
	struct bpf_link *link = attach_one(skel->maps.stale);
	struct wmi_method_call c;
	uint8_t out[64];
	int fd = wmi_open(ACME_METHODS);

	CHECK(wmi_call(fd, &c, 0, 9, NULL, 0, out, sizeof(out)) == 0 && out[2] == 'H',
	      "the rewrite reached user space");
	CHECK(skel->bss->after_ok && skel->bss->rewrite_ret == 0 &&
	      !memcmp(skel->bss->before, skel->bss->after, 4) && skel->bss->after[2] == 'A',
	      "the old window read the firmware's bytes, not freed memory");
	CHECK(kcall_is(ACME_METHODS " 0 9", "ok string Hacked"), "kernel caller: same");
	close(fd);
	bpf_link__destroy(link);
}

/* Failing or observing programs leave drivers with what they own. */
static void test_hostile_done(struct test_hostile *skel)
{
	struct bpf_link *link = attach_one(skel->maps.fail_after);
	uint32_t r;
	int fd = wmi_open(ACME_METHODS);

	CHECK(kcall_is(ACME_METHODS " 0 9", "error AE_ACCESS"),
	      "method_done fails a driver's call with its errno (kmemleak checks the result)");
	CHECK(kcall_on_is("invoke", ACME_METHODS " 0 9 0", "error -13"), "invoke too");
	CHECK(wmi_call_u32(fd, 0, 5, NULL, &r) == -EPERM,
	      "an errno outside the documented set becomes EPERM");
	CHECK(wmi_call_u32(fd, 0, 3, NULL, &r) == -EPERM,
	      "so does ENOSPC, which would say the result size was set");
	bpf_link__destroy(link);

	link = attach_one(skel->maps.observe);
	CHECK(kcall_is(ACME_METHODS " 0 13", "ok package [integer 0x1, package [integer 0x2]]"),
	      "an observer does not fail a result without Windows layout");
	CHECK(skel->bss->observed > 0 && (skel->bss->observed_flags & 16),
	      "the observer saw it flagged NO_LAYOUT (flags 0x%x)", skel->bss->observed_flags);
	CHECK(kcall_on_is("invoke", ACME_METHODS " 0 13 0", "error -71"),
	      "wmidev_invoke_method() refuses it with EPROTO");
	CHECK(kcall_is(ACME_METHODS " 0 7", "ok package [integer 0x64, string Aero 14, buffer 01 02 03]"),
	      "an observed package reaches the driver unchanged");
	bpf_link__destroy(link);
	close(fd);
}

static void test_hostile(void)
{
	struct test_hostile *skel = test_hostile__open_and_load();

	CHECK(skel, "test_hostile loads");
	if (!skel)
		return;
	test_hostile_answers(skel);
	test_hostile_stale(skel);
	test_hostile_done(skel);
	test_hostile__destroy(skel);
}

/*
 * Under lockdown no program changes what reaches the firmware or a driver:
 * rewrites of input and of kernel callers' results are refused, answers
 * to user space and denials still work. acme-wmi's backlight makes the
 * kernel-origin calls (debugfs, and so wmi-testdrv, is locked down too).
 * Run unlocked first, to show the same program does rewrite there.
 */
static void test_lockdown_rewrite(bool locked)
{
	struct test_hostile *skel = test_hostile__open_and_load();
	struct wmi_method_call c;
	struct bpf_link *link;
	uint32_t v = 1, r = 9;
	uint8_t out[128];
	int fd;

	CHECK(skel, "test_hostile loads");
	if (!skel)
		return;
	link = attach_one(skel->maps.rewrite);
	CHECK(!write_file(BACKLIGHT "brightness", "40"), "the driver sets brightness 40");
	if (locked) {
		CHECK(read_int(BACKLIGHT "actual_brightness") == 40 && !skel->bss->input_rewritten,
		      "the firmware got the driver's 40: no input window under lockdown");
		CHECK(skel->bss->rewrite_ret == -EPERM,
		      "the driver's result is not rewritten (%d)", skel->bss->rewrite_ret);
	} else {
		CHECK(read_int(BACKLIGHT "actual_brightness") == 99 && skel->bss->input_rewritten &&
		      skel->bss->rewrite_ret == 0, "unlocked, the program rewrites both ways");
		bpf_link__destroy(link);
		link = NULL;
		CHECK(read_int(BACKLIGHT "actual_brightness") == 7, "the firmware got 7");
	}
	fd = wmi_open(ACME_METHODS);
	if (locked)
		CHECK(wmi_call_u32(fd, 0, 6, &v, &r) == -EPERM, "raw user calls stay refused");
	close(fd);
	bpf_link__destroy(link);

	link = attach_one(skel->maps.oversize);
	fd = wmi_open(ACME_METHODS);
	CHECK(wmi_call(fd, &c, 0, 8, &v, sizeof(v), out, sizeof(out)) == 0 &&
	      c.output_size == 64 && out[0] == 0x41,
	      "answers to user space work: nothing reaches firmware or a driver");
	close(fd);
	bpf_link__destroy(link);
	test_hostile__destroy(skel);
}

static void *hold_setter(void *arg)
{
	*(int *)arg = write_file(BACKLIGHT "brightness", "40");
	return NULL;
}

/*
 * The lockdown rule holds for as long as a program holds what it was
 * given: `hold` takes a writable window into the driver's brightness set,
 * unlocked, then waits while the kernel is locked down; what it writes
 * must not reach the firmware. Must run unlocked, and leaves the kernel at
 * integrity lockdown.
 */
static void test_lockdown_window(void)
{
	struct test_hostile *skel = test_hostile__open_and_load();
	struct bpf_link *link;
	int i, set_ret = 1;
	pthread_t setter;

	CHECK(skel, "test_hostile loads");
	if (!skel)
		return;
	CHECK(!write_file(BACKLIGHT "brightness", "50") &&
	      read_int(BACKLIGHT "actual_brightness") == 50, "the firmware's brightness is 50");
	link = attach_one(skel->maps.hold);
	pthread_create(&setter, NULL, hold_setter, &set_ret);
	for (i = 0; i < 3000 && !skel->bss->call_held; i++)
		usleep(10000);
	CHECK(skel->bss->call_held && skel->bss->input_rewritten,
	      "unlocked, the program holds a window into the driver's input");
	CHECK(!write_file("/sys/kernel/security/lockdown", "integrity"),
	      "the kernel is locked down while it holds the window");
	skel->bss->release = 1;
	pthread_join(setter, NULL);
	bpf_link__destroy(link);

	CHECK(set_ret != 0, "the driver's set fails: the input the program held is not sent");
	CHECK(read_int(BACKLIGHT "actual_brightness") == 50,
	      "the firmware got neither the program's 7 nor the driver's 40 (%d)",
	      read_int(BACKLIGHT "actual_brightness"));
	test_hostile__destroy(skel);
}

/* acme-wmi must be loaded. */
static void test_translator(void)
{
	struct acme_translator *skel = acme_translator__open_and_load();
	struct bpf_link *link;
	uint32_t v, r, method = 2;
	uint64_t n = 0;

	CHECK(skel, "acme_translator loads");
	if (!skel)
		return;
	link = bpf_map__attach_struct_ops(skel->maps.acme_translator);
	CHECK(link, "attached");

	v = 33;
	CHECK(user_u32(ACME_METHODS, 2, &v, &r) == 0 && r == 0, "raw brightness set 33: status 0");
	CHECK(read_int(BACKLIGHT "brightness") == 33, "driver state followed");
	CHECK(read_int(BACKLIGHT "actual_brightness") == 33, "firmware followed");
	CHECK(!bpf_map__lookup_elem(skel->maps.translated, &method, sizeof(method), &n, sizeof(n),
				    0) && n == 1, "translated once (%llu)", (unsigned long long)n);
	v = 101;
	CHECK(user_u32(ACME_METHODS, 2, &v, &r) == 0 && r == 1, "101: the firmware's status 1");
	CHECK(read_int(BACKLIGHT "brightness") == 33, "nothing moved");
	v = 3;
	method = 4;
	CHECK(user_u32(ACME_METHODS, 4, &v, &r) == 0 && r == 0 &&
	      read_int("/sys/class/leds/acme::kbd_backlight/brightness") == 3,
	      "keyboard light translated too");

	bpf_link__destroy(link);
	acme_translator__destroy(skel);
}

/* acme-wmi must be loaded. */
static void test_recursion(void)
{
	struct test_recursion *skel = test_recursion__open_and_load();
	struct bpf_link *outer, *inner;
	uint32_t v = 44, r;

	CHECK(skel, "test_recursion loads");
	if (!skel)
		return;
	outer = bpf_map__attach_struct_ops(skel->maps.rec_outer);
	inner = bpf_map__attach_struct_ops(skel->maps.rec_inner);
	CHECK(outer && inner, "attached");

	CHECK(user_u32(ACME_METHODS, 2, &v, &r) == 0 && r == 0, "translated set of 44");
	CHECK(skel->data->outer_ret == 0, "the outer update worked (%d)", skel->data->outer_ret);
	CHECK(skel->bss->inner_nested >= 1, "the driver's nested call was flagged FROM_BPF");
	CHECK(skel->data->inner_ret == -EDEADLK, "recursing from it: EDEADLK (%d)",
	      skel->data->inner_ret);
	CHECK(read_int(BACKLIGHT "actual_brightness") == 44, "the firmware got 44 once");

	bpf_link__destroy(outer);
	bpf_link__destroy(inner);
	test_recursion__destroy(skel);
}

/* Whether we have CAP_SYS_RAWIO; with drop, give it up for good. */
static bool rawio_cap(bool drop)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[2] = {};

	if (syscall(SYS_capget, &hdr, data))
		return false;
	if (drop) {
		data[0].effective &= ~(1u << CAP_SYS_RAWIO);
		data[0].permitted &= ~(1u << CAP_SYS_RAWIO);
		data[0].inheritable &= ~(1u << CAP_SYS_RAWIO);
		if (syscall(SYS_capset, &hdr, data))
			return true;
	}
	return data[0].effective >> CAP_SYS_RAWIO & 1;
}

/*
 * One round of calls through test_rawio: with may, every change it makes
 * takes effect; without, each kfunc that alters fails with -EPERM and the
 * firmware and the callers get what they would with no program.
 */
static void rawio_round(struct test_rawio *skel, bool may, const char *how,
			const char *brightness)
{
	char want[64];
	uint32_t r = 0;
	int ret;

	skel->bss->rewrite_ret = 0;
	skel->bss->answer_ret = 1;
	skel->bss->raw_ret = 1;
	skel->bss->done_ret = 1;

	CHECK(kcall_is(ACME_METHODS " 0 6 02000000", "ok integer 0x0"),
	      "%s: a driver sets fan profile 2", how);
	CHECK(skel->bss->rewrite_ret == (may ? 1 : 2), "%s: bpf_wmi_rewrite_input() %s", how,
	      may ? "gives a window" : "gives none");
	snprintf(want, sizeof(want), "ok integer 0x%x", may ? 1 : 2);
	CHECK(kcall_is(ACME_METHODS " 0 5", want), "%s: the firmware got fan profile %d",
	      how, may ? 1 : 2);

	snprintf(want, sizeof(want), "%s", may ? "ok integer 0x4d" : brightness);
	CHECK(kcall_is(ACME_METHODS " 0 1", want), "%s: a driver reads brightness '%s'",
	      how, want);
	CHECK(skel->bss->done_ret == (may ? 0 : -EPERM),
	      "%s: rewriting a driver's result: %d", how, skel->bss->done_ret);

	ret = user_u32(ACME_METHODS, 1, NULL, &r);
	if (may)
		CHECK(ret == 0 && r == 77, "%s: user space answered 77 (%d, %u)", how, ret, r);
	else
		CHECK(ret == -EIO, "%s: user space not answered: EIO (%d)", how, ret);
	CHECK(skel->bss->answer_ret == (may ? 0 : -EPERM),
	      "%s: answering: %d", how, skel->bss->answer_ret);
	CHECK(skel->bss->raw_ret == (may ? 0 : -EPERM),
	      "%s: bpf_wmi_allow_raw(): %d", how, skel->bss->raw_ret);
}

/* A thread that gives up CAP_SYS_RAWIO attaches a map; capset() is per thread. */
struct rawio_attach {
	struct bpf_map *map;
	struct bpf_link *link;
	bool dropped;
};

static void *rawio_attach_thread(void *arg)
{
	struct rawio_attach *a = arg;

	a->dropped = !rawio_cap(true);
	if (a->dropped)
		a->link = bpf_map__attach_struct_ops(a->map);
	return NULL;
}

/* Attach map from this thread (with CAP_SYS_RAWIO) or from one without it. */
static struct bpf_link *rawio_attach(struct bpf_map *map, bool rawio)
{
	struct rawio_attach a = { .map = map };
	pthread_t t;

	if (rawio)
		return bpf_map__attach_struct_ops(map);
	if (pthread_create(&t, NULL, rawio_attach_thread, &a))
		return NULL;
	pthread_join(t, NULL);
	CHECK(a.dropped, "the attaching thread dropped CAP_SYS_RAWIO");
	CHECK(rawio_cap(false), "this thread keeps it");
	return a.link;
}

#define TESTDRV "/sys/kernel/debug/wmi-testdrv/"

/*
 * Raise the acme hot key with data through wmi-testdrv, which returns once
 * the event was handled; then what the reader ev (an O_NONBLOCK open file
 * of the event node) got: its data, -1 for nothing, -2 on an error.
 */
static int64_t rawio_raise(int ev, uint32_t data)
{
	uint8_t rec[WMI_EVENT_READ_SIZE];
	const struct wmi_event *e = (const struct wmi_event *)rec;
	char s[16];
	ssize_t n;

	snprintf(s, sizeof(s), "0x%x", data);
	if (write_file("/sys/module/wmi_testdrv/parameters/raise_event", s))
		return -2;
	n = read(ev, rec, sizeof(rec));
	if (n < 0)
		return errno == EAGAIN ? -1 : -2;
	if (n != (ssize_t)e->size || e->data_type != WMI_RESULT_INTEGER || e->data_size != 4)
		return -2;
	return le32(rec + e->header_size);
}

/* The last event line of wmi-testdrv's driver, as its notify callback got it. */
static void rawio_driver_event(char *line, size_t size)
{
	FILE *f = fopen(TESTDRV "events", "r");
	char buf[4096];
	size_t n;

	snprintf(line, size, "none");
	while (f && fgets(buf, sizeof(buf), f)) {
		n = strcspn(buf, "\n");
		if (n < size) {
			memcpy(line, buf, n);
			line[n] = '\0';
		}
	}
	if (f)
		fclose(f);
}

/*
 * One event 0x2a through the attached event programs: what the reader and
 * the driver get, and whose set_output was taken. want is the data they
 * must get; seen_a, seen_b what ev_a and ev_b must have seen (0: not run);
 * ret_a, ret_b what their bpf_wmi_set_output() must have said.
 */
static void rawio_event_round(struct test_rawio *skel, int ev, const char *how, uint32_t want,
			      uint32_t seen_a, int ret_a, uint32_t seen_b, int ret_b)
{
	char line[128], expect[128];
	int64_t got;

	memset(skel->bss->ev_seen, 0, sizeof(skel->bss->ev_seen));
	skel->bss->ev_ret[0] = skel->bss->ev_ret[1] = 1;
	got = rawio_raise(ev, 0x2a);
	CHECK(got == want, "%s: the reader got 0x%llx, expected 0x%x", how, (long long)got, want);
	rawio_driver_event(line, sizeof(line));
	snprintf(expect, sizeof(expect), "%s integer 0x%x", ACME_EVENT, want);
	CHECK(!strcmp(line, expect), "%s: the driver got '%s'", how, line);
	CHECK(skel->bss->ev_seen[0] == seen_a && skel->bss->ev_seen[1] == seen_b,
	      "%s: ev_a saw 0x%x, ev_b 0x%x (expected 0x%x, 0x%x)", how, skel->bss->ev_seen[0],
	      skel->bss->ev_seen[1], seen_a, seen_b);
	if (seen_a)
		CHECK(skel->bss->ev_ret[0] == ret_a, "%s: ev_a's set_output: %d", how,
		      skel->bss->ev_ret[0]);
	if (seen_b)
		CHECK(skel->bss->ev_ret[1] == ret_b, "%s: ev_b's set_output: %d", how,
		      skel->bss->ev_ret[1]);
}

/* Program i (0: ev_a, 1: ev_b) drops an event: nobody gets it, the next one as sent. */
static void rawio_event_drop(struct test_rawio *skel, int ev, const char *how, int i)
{
	int before = read_int(TESTDRV "event_count");
	int64_t got;

	skel->bss->ev_drop[i] = 1;
	got = rawio_raise(ev, 0xdead);
	skel->bss->ev_drop[i] = 0;
	CHECK(got == -1 && read_int(TESTDRV "event_count") == before,
	      "%s: ev_%c drops an event: no reader (%lld) nor driver got it", how, 'a' + i,
	      (long long)got);
}

/*
 * Event data is rewritten only by a program attached with CAP_SYS_RAWIO:
 * alone and in a chain with one attached without it, in either order.
 * The one without may still observe and drop. wmi-testdrv must be loaded.
 */
static void test_rawio_event(struct test_rawio *skel)
{
	int ev = open("/dev/wmi/" ACME_EVENT, O_RDONLY | O_NONBLOCK);
	struct bpf_link *a, *b;

	CHECK(ev >= 0, "open the event node");
	if (ev < 0)
		return;
	rawio_event_round(skel, ev, "no program", 0x2a, 0, 0, 0, 0);

	a = rawio_attach(skel->maps.ev_a, true);
	CHECK(a, "ev_a attached with CAP_SYS_RAWIO");
	rawio_event_round(skel, ev, "ev_a with CAP_SYS_RAWIO", 0x12a, 0x2a, 0, 0, 0);
	bpf_link__destroy(a);

	a = rawio_attach(skel->maps.ev_a, false);
	CHECK(a, "ev_a attached without CAP_SYS_RAWIO");
	rawio_event_round(skel, ev, "ev_a without", 0x2a, 0x2a, -EPERM, 0, 0);
	rawio_event_drop(skel, ev, "ev_a without", 0);
	bpf_link__destroy(a);

	/* ev_a, then ev_b: b sees a's rewrite, and its own is refused. */
	a = rawio_attach(skel->maps.ev_a, true);
	b = rawio_attach(skel->maps.ev_b, false);
	CHECK(a && b, "ev_a with CAP_SYS_RAWIO, then ev_b without");
	rawio_event_round(skel, ev, "a with, then b without", 0x12a, 0x2a, 0, 0x12a, -EPERM);
	rawio_event_drop(skel, ev, "a with, then b without", 1);
	bpf_link__destroy(b);
	bpf_link__destroy(a);

	/* ev_b, then ev_a: a sees the firmware's data, not b's. */
	b = rawio_attach(skel->maps.ev_b, false);
	a = rawio_attach(skel->maps.ev_a, true);
	CHECK(a && b, "ev_b without CAP_SYS_RAWIO, then ev_a with");
	rawio_event_round(skel, ev, "b without, then a with", 0x12a, 0x2a, 0, 0x2a, -EPERM);
	rawio_event_drop(skel, ev, "b without, then a with", 1);
	bpf_link__destroy(a);
	bpf_link__destroy(b);

	rawio_event_round(skel, ev, "detached", 0x2a, 0, 0, 0, 0);
	close(ev);
}

/*
 * A state update reaches the driver only from a program attached with
 * CAP_SYS_RAWIO; without it, bpf_wmi_driver_update() is -EPERM, the call
 * fails with it and the driver and firmware stay as they were. acme-wmi
 * must own the method block. Run as test_rawio is.
 */
static void test_rawio_update(void)
{
	struct test_rawio *skel = test_rawio__open_and_load();
	struct bpf_link *link;
	uint32_t v, r = 0;
	char level[16];
	int before, ret;

	CHECK(skel, "test_rawio loads");
	if (!skel)
		return;
	CHECK(rawio_cap(false), "we start with CAP_SYS_RAWIO");
	before = read_int(BACKLIGHT "brightness");
	CHECK(before >= 0, "brightness %d before", before);
	v = before == 33 ? 34 : 33;

	link = rawio_attach(skel->maps.rawio_update, true);
	CHECK(link, "attached with CAP_SYS_RAWIO");
	skel->bss->update_ret = 1;
	ret = user_u32(ACME_METHODS, 2, &v, &r);
	CHECK(ret == 0 && r == 0 && skel->bss->update_ret == 0,
	      "with CAP_SYS_RAWIO: brightness set %u translated (%d, %u, update %d)", v, ret, r,
	      skel->bss->update_ret);
	CHECK(read_int(BACKLIGHT "brightness") == (int)v &&
	      read_int(BACKLIGHT "actual_brightness") == (int)v,
	      "the driver and the firmware followed to %u", v);
	bpf_link__destroy(link);

	link = rawio_attach(skel->maps.rawio_update, false);
	CHECK(link, "attached without CAP_SYS_RAWIO");
	skel->bss->update_ret = 1;
	ret = user_u32(ACME_METHODS, 2, &(uint32_t){ 55 }, &r);
	CHECK(ret == -EPERM && skel->bss->update_ret == -EPERM,
	      "without: brightness set 55 fails with EPERM (%d, update %d)", ret,
	      skel->bss->update_ret);
	CHECK(read_int(BACKLIGHT "brightness") == (int)v &&
	      read_int(BACKLIGHT "actual_brightness") == (int)v,
	      "the driver and the firmware stay at %u", v);
	bpf_link__destroy(link);

	snprintf(level, sizeof(level), "%d", before);
	CHECK(!write_file(BACKLIGHT "brightness", level), "brightness restored");
	test_rawio__destroy(skel);
}

/*
 * Attach map without CAP_SYS_RAWIO, watching the kernel ask for it: the
 * attach succeeds, for a program that only observes, so the question is
 * asked without auditing, else every such attach is logged as a denial.
 */
static struct bpf_link *rawio_attach_watched(struct bpf_map *map)
{
	struct test_capable *cap = test_capable__open_and_load();
	struct bpf_link *link;

	CHECK(cap && !test_capable__attach(cap), "the capability watcher attaches");
	if (!cap)
		return NULL;
	cap->bss->watch_tid = syscall(SYS_gettid);
	link = bpf_map__attach_struct_ops(map);
	cap->bss->watch_tid = 0;
	CHECK(cap->bss->asked >= 1 && !cap->bss->audited,
	      "the attach asked for CAP_SYS_RAWIO without auditing (asked %u, audited %u)",
	      cap->bss->asked, cap->bss->audited);
	test_capable__destroy(cap);
	return link;
}

/*
 * Altering calls needs CAP_SYS_RAWIO when attaching or replacing, as a raw
 * call does; CAP_BPF and CAP_PERFMON only let a program observe and deny.
 * Run with CAP_SYS_RAWIO, CAP_PERFMON and CAP_BPF only; it drops the first.
 */
static void test_rawio(void)
{
	struct test_rawio *skel = test_rawio__open_and_load();
	char brightness[64] = "", fan[64] = "", req[64];
	struct bpf_link *link;
	unsigned int profile;

	CHECK(skel, "test_rawio loads");
	if (!skel)
		return;
	CHECK(rawio_cap(false), "we start with CAP_SYS_RAWIO");
	CHECK(!kcall_on("method", ACME_METHODS " 0 1", brightness, sizeof(brightness)) &&
	      !kcall_on("method", ACME_METHODS " 0 5", fan, sizeof(fan)) &&
	      sscanf(fan, "ok integer 0x%x", &profile) == 1,
	      "brightness '%s' and fan profile '%s' without a program", brightness, fan);
	test_rawio_event(skel);

	link = bpf_map__attach_struct_ops(skel->maps.rawio_a);
	CHECK(link, "attached with CAP_SYS_RAWIO");
	rawio_round(skel, true, "attached with CAP_SYS_RAWIO", brightness);

	CHECK(!rawio_cap(true), "CAP_SYS_RAWIO dropped");
	rawio_round(skel, true, "attacher dropped CAP_SYS_RAWIO since", brightness);

	CHECK(link && !bpf_link__update_map(link, skel->maps.rawio_b),
	      "replaced without CAP_SYS_RAWIO");
	rawio_round(skel, false, "replaced without CAP_SYS_RAWIO", brightness);
	bpf_link__destroy(link);

	link = rawio_attach_watched(skel->maps.rawio_a);
	CHECK(link, "attached without CAP_SYS_RAWIO");
	rawio_round(skel, false, "attached without CAP_SYS_RAWIO", brightness);
	bpf_link__destroy(link);

	snprintf(req, sizeof(req), ACME_METHODS " 0 6 %02x000000", profile & 0xff);
	CHECK(kcall_is(req, "ok integer 0x0"), "fan profile restored");
	test_rawio__destroy(skel);
}

/* GUID string to the bytes of a guid_t (the first three fields little-endian). */
static bool parse_guid(const char *s, uint8_t g[16])
{
	static const int at[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
	unsigned int b, i;

	if (strlen(s) != 36)
		return false;
	for (i = 0; i < 16; i++) {
		while (*s == '-')
			s++;
		if (sscanf(s, "%2x", &b) != 1)
			return false;
		g[at[i]] = b;
		s += 2;
	}
	return true;
}

static void test_cap(const uint8_t first[16], const uint8_t last[16]);

/* The programs bound to a device's aliases count towards its 16 together. */
static void test_cap_alias(const char *original, const char *alias)
{
	uint8_t a[16], b[16];

	CHECK(parse_guid(original, a) && parse_guid(alias, b), "GUIDs %s %s", original, alias);
	test_cap(a, b);
}

/*
 * At most 16 programs may act on one device: 16 bound to first, then one
 * more bound to last (a GUID of the same device, or of an alias of it).
 */
static void test_cap(const uint8_t first[16], const uint8_t last[16])
{
	struct allow_all *skel[18] = { };
	struct bpf_link *link[18] = { };
	int i, attached = 0, err = 0;

	for (i = 0; i < 18; i++) {
		skel[i] = allow_all__open();
		if (!skel[i])
			break;
		bind_guid(skel[i]->maps.allow_all, i < 16 ? first : last);
		if (allow_all__load(skel[i]))
			break;
		link[i] = bpf_map__attach_struct_ops(skel[i]->maps.allow_all);
		if (!link[i]) {
			err = -errno;
			break;
		}
		attached++;
	}
	CHECK(attached == 16, "16 programs attached to one device (%d)", attached);
	CHECK(err == -E2BIG, "the 17th refused with E2BIG (%d)", err);
	for (i = 0; i < 18; i++) {
		bpf_link__destroy(link[i]);
		allow_all__destroy(skel[i]);
	}
}

static char verifier_log[64 * 1024];

static int log_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	size_t len = strlen(verifier_log);

	if (level != LIBBPF_DEBUG)
		vsnprintf(verifier_log + len, sizeof(verifier_log) - len, fmt, ap);
	return 0;
}

/*
 * What the verifier says when a kfunc is handed something other than the
 * context a program was given (kernel/bpf/verifier.c of 6.12).
 */
#define VERIFIER_CTX_NULL	"Possibly NULL pointer passed to trusted arg0"
#define VERIFIER_CTX_STACK	"arg#0 pointer type STRUCT wmi_bpf_ctx must point to scalar"
#define VERIFIER_CTX_MAP	"arg#0 pointer type STRUCT wmi_bpf_ctx must point to scalar"
#define VERIFIER_CTX_OFFSET	\
	"args#0 expected pointer to STRUCT wmi_bpf_ctx but R1 has a pointer to STRUCT wmi_bpf_ctx"

/* Load DIR/NAME.bpf.o, expect the verifier to refuse it with WANT in its log. */
static void expect_refused(const char *dir, const char *name, const char *want)
{
	char path[256];
	struct bpf_object *obj;
	libbpf_print_fn_t old;
	int ret;

	snprintf(path, sizeof(path), "%s/%s.bpf.o", dir, name);
	obj = bpf_object__open(path);
	CHECK(obj, "open %s", path);
	if (!obj)
		return;
	verifier_log[0] = '\0';
	old = libbpf_set_print(log_print);
	ret = bpf_object__load(obj);
	libbpf_set_print(old);
	CHECK(ret < 0 && strstr(verifier_log, want), "%s refused: \"%s\"", name, want);
	if (!(ret < 0 && strstr(verifier_log, want)))
		printf("%s\n", verifier_log);
	bpf_object__close(obj);
}

static void test_verifier(const char *dir)
{
	expect_refused(dir, "bad_oob", "invalid access to memory, mem_size=4 off=4 size=1");
	expect_refused(dir, "bad_kfunc", "calling kernel function bpf_wmi_driver_update is not allowed");
	expect_refused(dir, "bad_ctx_write", "struct wmi_bpf_ctx is read-only");
	expect_refused(dir, "bad_ro_output", "cannot write into rdonly_mem");
	expect_refused(dir, "bad_ro_input", "cannot write into rdonly_mem");
	expect_refused(dir, "bad_ctx_null", VERIFIER_CTX_NULL);
	expect_refused(dir, "bad_ctx_stack", VERIFIER_CTX_STACK);
	expect_refused(dir, "bad_ctx_map", VERIFIER_CTX_MAP);
	expect_refused(dir, "bad_ctx_offset", VERIFIER_CTX_OFFSET);
	expect_refused(dir, "bad_tailcall", "bpf_tail_call");
	expect_refused(dir, "bad_event_oob", "invalid access to memory, mem_size=4 off=4 size=1");
	expect_refused(dir, "bad_block_oob", "invalid access to memory, mem_size=4 off=4 size=1");
	expect_refused(dir, "bad_event_update",
		       "calling kernel function bpf_wmi_driver_update is not allowed");
	expect_refused(dir, "bad_open_sleepable",
		       "attach to unsupported member event_open of struct wmi_bpf_ops");
}

static atomic_bool stop;
static atomic_long calls, bad, raced_opens;

enum caller_kind {
	STEADY,		/* a device that stays: success or EPERM only */
	REMOVABLE,	/* the mapper comes and goes: ENODEV on an old file */
	REOPENING,	/* the same, with a fresh open for every call */
};

/*
 * Opening the removable device's node while its mapper goes may fail with
 * ENOENT (the node is gone) or ENODEV (the node was looked up, then its
 * misc minor went away before the open reached it).
 */
static int open_caller(enum caller_kind kind)
{
	const char *path = kind == STEADY ? "/dev/wmi/" ACME_METHODS :
					    "/dev/wmi/" ACME_DUP "-1";
	int fd = open(path, O_RDWR);

	if (fd >= 0 || (kind != STEADY && errno == ENOENT))
		return fd;
	if (kind != STEADY && errno == ENODEV) {
		raced_opens++;
		return fd;
	}
	printf("open %s: %s\n", path, strerror(errno));
	bad++;
	return -2;
}

/*
 * Every call gets a defined answer: success, EPERM from the deny program,
 * or, on the device whose mapper comes and goes, ENODEV.
 */
static void *caller(void *arg)
{
	enum caller_kind kind = (enum caller_kind)(long)arg;
	int fd = -1, ret;
	uint32_t r;

	while (!stop) {
		if (fd < 0) {
			fd = open_caller(kind);
			if (fd == -2)
				break;
			if (fd < 0)
				continue;
		}
		ret = wmi_call_u32(fd, 0, 1, NULL, &r);
		calls++;
		if (ret && ret != -EPERM && (kind == STEADY || ret != -ENODEV)) {
			bad++;
			printf("call (caller %d): %d\n", kind, ret);
		}
		if (ret == -ENODEV || kind == REOPENING) {
			close(fd);
			fd = -1;
		}
	}
	if (fd >= 0)
		close(fd);
	return NULL;
}

static void test_loop(int seconds)
{
	struct deny_method *deny = deny_method__open();
	struct allow_all *allow = allow_all__open_and_load();
	time_t end = time(NULL) + seconds;
	long cycles = 0, failed = 0, removals = 0;
	pthread_t t[3];
	long i;

	CHECK(deny && allow, "deny_method and allow_all open");
	if (!deny || !allow)
		return;
	deny->rodata->method_id = 1;	/* bound to every device */
	CHECK(!deny_method__load(deny), "programs load");

	for (i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, caller, (void *)i);
	while (time(NULL) < end) {
		struct bpf_link *a = bpf_map__attach_struct_ops(allow->maps.allow_all);
		struct bpf_link *d = bpf_map__attach_struct_ops(deny->maps.deny_method);

		if (!a || !d) {
			printf("attach in cycle %ld: %s\n", cycles, strerror(errno));
			failed++;
		}
		/* Now and then the second mapper's device goes and comes back. */
		if (cycles % 50 == 0) {
			if (write_file("/sys/bus/platform/drivers/acpi-wmi/unbind", "PNP0C14:01") ||
			    write_file("/sys/bus/platform/drivers/acpi-wmi/bind", "PNP0C14:01")) {
				printf("unbind/bind PNP0C14:01: %s\n", strerror(errno));
				failed++;
			}
			removals++;
		}
		bpf_link__destroy(d);
		bpf_link__destroy(a);
		cycles++;
	}
	stop = true;
	for (i = 0; i < 3; i++)
		pthread_join(t[i], NULL);

	printf("%ld calls, %ld attach/detach cycles, %ld device removals, %ld opens raced one\n",
	       (long)calls, cycles, removals, (long)raced_opens);
	CHECK(cycles > 10 && removals > 0 && !failed,
	      "attached and detached %ld times, removed a device %ld times", cycles, removals);
	CHECK(calls > 0 && bad == 0, "every call got a defined answer (%ld did not)", (long)bad);
	deny_method__destroy(deny);
	allow_all__destroy(allow);
}

/* Attach the acme translator and pin its link: it outlives us. */
static void test_pin_translator(const char *path)
{
	struct acme_translator *skel = acme_translator__open_and_load();
	struct bpf_link *link = skel ? bpf_map__attach_struct_ops(skel->maps.acme_translator)
				     : NULL;

	CHECK(link && !bpf_link__pin(link, path), "acme_translator pinned at %s", path);
}

/* Attach deny_method (fan set, EACCES) and pin its link: it outlives us. */
static void test_pin(const char *path)
{
	struct deny_method *skel = deny_method__open();
	struct bpf_link *link;

	if (!skel)
		return;
	bind_guid(skel->maps.deny_method, guid_methods);
	skel->rodata->method_id = 6;
	skel->rodata->deny_errno = EACCES;
	link = !deny_method__load(skel) ? bpf_map__attach_struct_ops(skel->maps.deny_method) : NULL;
	CHECK(link && !bpf_link__pin(link, path), "deny_method pinned at %s", path);
	/* Exiting drops our references; the pin keeps the program attached. */
}

/* A call to the zones block's method 1: 0, or the errno it failed with. */
static void *relink_caller(void *arg)
{
	uint32_t r;

	*(int *)arg = user_u32(ACME_ZONES, 1, NULL, &r);
	return NULL;
}

static void *relink_detacher(void *arg)
{
	bpf_link__destroy(arg);
	return NULL;
}

static void *relink_releaser(void *arg)
{
	struct test_relink *skel = arg;

	usleep(800000);
	skel->bss->release = 1;
	return NULL;
}

/* Is id still a link's? Asked without taking a reference, which could make us its last. */
static bool link_id_exists(__u32 id)
{
	__u32 next;

	return !bpf_link_get_next_id(id - 1, &next) && next == id;
}

/*
 * A program detached and attached again while a call stands on it. The
 * detach (the last close of its link) waits in wmi_bpf_unreg() for the
 * call to leave the program; the attach must wait too. Linked again at
 * once, at the chain's end, the entry would send the call on from there:
 * past `deny`, which the call has not met yet, to the firmware.
 */
static void test_relink(void)
{
	struct test_relink *skel = test_relink__open_and_load();
	struct bpf_link_info info = { };
	__u32 info_len = sizeof(info);
	struct bpf_link *slow, *deny, *again;
	pthread_t caller, detacher, releaser;
	int caller_ret = 1, ret, i;
	uint32_t r;

	CHECK(skel, "test_relink loads");
	if (!skel)
		return;
	slow = bpf_map__attach_struct_ops(skel->maps.slow);
	deny = bpf_map__attach_struct_ops(skel->maps.deny);
	CHECK(slow && deny, "slow, then deny, attached to the zones block");
	ret = user_u32(ACME_ZONES, 1, NULL, &r);
	CHECK(ret == -EACCES && skel->bss->slow_runs == 1 && skel->bss->deny_runs == 1,
	      "a call runs slow, then deny refuses it (%d)", ret);

	/* slow holds the next call until released, 10 s at most. */
	skel->bss->hold_ns = 10000000000ull;
	pthread_create(&caller, NULL, relink_caller, &caller_ret);
	for (i = 0; i < 1000 && skel->bss->slow_runs < 2; i++)
		usleep(10000);
	CHECK(skel->bss->slow_runs == 2, "the call stands in slow");
	/*
	 * The detach waits for the call; the attach comes while it waits,
	 * and the call is let go 0.8 s later, wherever the attach is then.
	 * The detach has begun once its link's id is gone: the BPF core
	 * frees the id just before it calls wmi_bpf_unreg(). A fixed pause
	 * instead would be too short on a loaded host, the attach then
	 * refused with EBUSY as the program was still attached: until the
	 * detach holds the lock, that refusal is retried.
	 */
	ret = bpf_link_get_info_by_fd(bpf_link__fd(slow), &info, &info_len);
	CHECK(!ret && info.id, "slow's link has an id (%d)", ret);
	pthread_create(&detacher, NULL, relink_detacher, slow);
	for (i = 0; i < 10000 && info.id && link_id_exists(info.id); i++)
		usleep(1000);
	CHECK(!info.id || !link_id_exists(info.id), "the detach of slow began");
	pthread_create(&releaser, NULL, relink_releaser, skel);
	for (;;) {
		again = bpf_map__attach_struct_ops(skel->maps.slow);
		if (again || errno != EBUSY || skel->bss->release)
			break;
		usleep(1000);
	}
	pthread_join(releaser, NULL);
	pthread_join(detacher, NULL);
	pthread_join(caller, NULL);
	CHECK(again, "slow attached again");
	CHECK(caller_ret == -EACCES && skel->bss->deny_runs == 2,
	      "the call still met deny after slow was detached and attached under it "
	      "(%d, deny ran %u times)", caller_ret, skel->bss->deny_runs);
	CHECK(skel->bss->slow_runs == 2, "and ran slow once");

	ret = user_u32(ACME_ZONES, 1, NULL, &r);
	CHECK(ret == -EACCES, "afterwards calls are refused as before (%d)", ret);

	bpf_link__destroy(again);
	bpf_link__destroy(deny);
	test_relink__destroy(skel);
	ret = user_u32(ACME_ZONES, 1, NULL, &r);
	CHECK(ret == 0, "and with both gone, the firmware answers (%d)", ret);
}

/* A brightness set (method 2, which acme-wmi claims): 0, or the errno. */
static void *driver_only_caller(void *arg)
{
	uint32_t v = 77, r;

	*(int *)arg = user_u32(ACME_METHODS, 2, &v, &r);
	return NULL;
}

/*
 * A call the programs saw claimed goes to the claiming driver or nowhere.
 * `slow` holds a brightness set, which acme-wmi claims, while the driver
 * is unbound; let go, the call must fail with ENODEV rather than reach
 * the firmware raw, a route no program saw (the device is no longer
 * owned by then, and we have CAP_SYS_RAWIO).
 */
static void test_driver_only(void)
{
	struct test_relink *skel = test_relink__open();
	const char *drv = "/sys/bus/wmi/drivers/acme-wmi";
	struct bpf_link *slow = NULL;
	uint32_t v = 40, r = 0;
	int caller_ret = 1, ret, i;
	pthread_t caller;
	char path[128];

	CHECK(skel, "test_relink opens");
	if (!skel)
		return;
	skel->rodata->hold_method = 2;
	bind_guid(skel->maps.slow, guid_methods);
	if (!test_relink__load(skel))
		slow = bpf_map__attach_struct_ops(skel->maps.slow);
	CHECK(slow, "slow attached to acme's method block, for method 2");
	if (!slow)
		goto out;
	ret = user_u32(ACME_METHODS, 2, &v, &r);
	CHECK(ret == 0 && skel->bss->slow_runs == 1,
	      "a brightness set of 40 passes slow and goes to acme-wmi (%d)", ret);

	skel->bss->hold_ns = 10000000000ull;
	pthread_create(&caller, NULL, driver_only_caller, &caller_ret);
	for (i = 0; i < 1000 && skel->bss->slow_runs < 2; i++)
		usleep(10000);
	CHECK(skel->bss->slow_runs == 2, "a brightness set of 77 stands in slow");
	snprintf(path, sizeof(path), "%s/unbind", drv);
	ret = write_file(path, ACME_METHODS);
	CHECK(!ret, "acme-wmi unbound meanwhile (%d)", ret);
	skel->bss->release = 1;
	pthread_join(caller, NULL);
	CHECK(caller_ret == -ENODEV,
	      "the call fails with ENODEV, not raw to the firmware (%d)", caller_ret);
	ret = user_u32(ACME_METHODS, 1, NULL, &r);
	CHECK(ret == 0 && r == 40, "the firmware's brightness is still 40 (%d, %u)", ret, r);

	snprintf(path, sizeof(path), "%s/bind", drv);
	ret = write_file(path, ACME_METHODS);
	CHECK(!ret, "acme-wmi bound again (%d)", ret);
	bpf_link__destroy(slow);
out:
	test_relink__destroy(skel);
}

int main(int argc, char **argv)
{
	const char *t = argc > 1 ? argv[1] : "";

	if (!strcmp(t, "deny"))
		test_deny();
	else if (!strcmp(t, "emulate"))
		test_emulate();
	else if (!strcmp(t, "rewrite"))
		test_rewrite();
	else if (!strcmp(t, "chain"))
		test_chain();
	else if (!strcmp(t, "scope"))
		test_scope();
	else if (!strcmp(t, "origin"))
		test_origin();
	else if (!strcmp(t, "hostile"))
		test_hostile();
	else if (!strcmp(t, "lockdown-rewrite") && argc == 3)
		test_lockdown_rewrite(!strcmp(argv[2], "locked"));
	else if (!strcmp(t, "lockdown-window"))
		test_lockdown_window();
	else if (!strcmp(t, "answer"))
		test_answer();
	else if (!strcmp(t, "translator"))
		test_translator();
	else if (!strcmp(t, "recursion"))
		test_recursion();
	else if (!strcmp(t, "cap"))
		test_cap(guid_zones, guid_zones);
	else if (!strcmp(t, "cap-alias") && argc == 4)
		test_cap_alias(argv[2], argv[3]);
	else if (!strcmp(t, "rawio"))
		test_rawio();
	else if (!strcmp(t, "rawio-update"))
		test_rawio_update();
	else if (!strcmp(t, "driver-only"))
		test_driver_only();
	else if (!strcmp(t, "relink"))
		test_relink();
	else if (!strcmp(t, "verifier") && argc == 3)
		test_verifier(argv[2]);
	else if (!strcmp(t, "loop") && argc == 3)
		test_loop(atoi(argv[2]));
	else if (!strcmp(t, "pin") && argc == 3)
		test_pin(argv[2]);
	else if (!strcmp(t, "pin-translator") && argc == 3)
		test_pin_translator(argv[2]);
	else {
		fprintf(stderr, "usage: wmi-bpf-test TEST [ARG]\n");
		return 64;
	}
	return check_finish();
}

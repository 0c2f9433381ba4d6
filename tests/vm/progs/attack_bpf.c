// SPDX-License-Identifier: GPL-2.0
/*
 * attack-bpf TEST: the attacks of a hostile review, in
 * tests/vm/bpf/attack_review.bpf.c, as regression tests: each checks the
 * defence that now holds.
 *
 *   kdeadlock   (acme_wmi loaded) a state update from the driver's own call
 *   strnul      (wmi_testdrv) a string with a nul inside is refused, so an
 *               in-place rewrite and what later programs see cannot differ
 *   badstr      (wmi_testdrv) strings no firmware gives, for
 *               wmidev_invoke_method() callers
 *   bigin       a WMI_METHOD_INPUT_MAX input rewritten at its end
 *   manyset     many bpf_wmi_set_output() in one program
 */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "wmi_util.h"

#include "attack_review.skel.h"

#define BL "/sys/class/backlight/acme/brightness"

static struct attack_review *open_load(void)
{
	struct attack_review *skel = attack_review__open_and_load();

	CHECK(skel, "attack_review loads (the verifier accepts every program)");
	if (!skel)
		exit(check_finish());
	return skel;
}

/* Wait up to secs for pid; true if it exited. */
static bool wait_child(pid_t pid, int secs, int *status)
{
	int i;

	for (i = 0; i < secs * 10; i++) {
		if (waitpid(pid, status, WNOHANG) == pid)
			return true;
		usleep(100000);
	}
	return false;
}

static void test_kdeadlock(void)
{
	struct attack_review *skel = open_load();
	struct bpf_link *link = bpf_map__attach_struct_ops(skel->maps.kdeadlock);
	int status;
	pid_t pid;
	bool done;

	CHECK(link, "kdeadlock attaches");
	pid = fork();
	if (!pid)
		_exit(write_file(BL, "20") ? 1 : 0);
	done = wait_child(pid, 15, &status);
	printf("kdeadlock: program ran %llu times, bpf_wmi_driver_update() = %d\n",
	       (unsigned long long)skel->bss->kdeadlock_runs, skel->data->kdeadlock_ret);
	CHECK(done, "a backlight write whose WMI call hands a state update back to acme-wmi returns");
	CHECK(skel->bss->kdeadlock_runs > 0 && skel->data->kdeadlock_ret == -EDEADLK,
	      "bpf_wmi_driver_update() from the driver's own call is refused (%d)",
	      skel->data->kdeadlock_ret);
	if (!done) {
		/* The writer holds the SRCU read lock: detaching would hang too. */
		printf("kdeadlock: writer %d is stuck; leaving the link attached\n", pid);
		fflush(stdout);
		_exit(check_finish());
	}
	bpf_link__destroy(link);
	attack_review__destroy(skel);
}

static void test_strnul(void)
{
	struct attack_review *skel = open_load();
	struct bpf_link *a, *b;
	char out[512] = "";

	a = bpf_map__attach_struct_ops(skel->maps.strnul);
	b = bpf_map__attach_struct_ops(skel->maps.strnul_obs);
	CHECK(a && b, "strnul and strnul_obs attach");
	CHECK(!kcall_on("method", ACME_METHODS " 0 9", out, sizeof(out)), "kernel call of method 9");
	printf("strnul: driver got '%s', set_output %d; later program saw out_size %u\n",
	       out, skel->data->strnul_ret, skel->bss->obs_size);
	CHECK(skel->data->strnul_ret == -EINVAL,
	      "a string with a nul before its end is refused (%d)", skel->data->strnul_ret);
	CHECK(!strcmp(out, "ok string ACME Aero 14"), "the driver gets the firmware's string");
	CHECK(skel->bss->obs_runs == 1 && skel->bss->obs_size == 28,
	      "a later program sees what the driver got: 28 marshalled bytes (saw %u)",
	      skel->bss->obs_size);
	bpf_link__destroy(b);
	bpf_link__destroy(a);
	attack_review__destroy(skel);
}

static void test_badstr(void)
{
	static const char *const what[] = {
		"count 0, no terminating nul", "\"AB\" without its nul", "U+263A, not ASCII" };
	struct attack_review *skel = open_load();
	struct bpf_link *link;
	char out[512];
	unsigned int v;

	link = bpf_map__attach_struct_ops(skel->maps.badstr);
	CHECK(link, "badstr attaches");
	for (v = 0; v < 3; v++) {
		skel->bss->badstr_variant = v;
		skel->data->badstr_ret = 1;
		out[0] = '\0';
		kcall_on("invoke", ACME_METHODS " 0 9 0", out, sizeof(out));
		printf("badstr: %s: set_output %d, wmidev_invoke_method() caller got '%s'\n",
		       what[v], skel->data->badstr_ret, out);
		CHECK(skel->data->badstr_ret != 0,
		      "a driver is never handed a string firmware cannot return (%s)", what[v]);
	}
	bpf_link__destroy(link);
	attack_review__destroy(skel);
}

static void test_bigin(void)
{
	struct attack_review *skel = open_load();
	struct bpf_link *link = bpf_map__attach_struct_ops(skel->maps.bigin);
	static uint8_t in[WMI_METHOD_INPUT_MAX], out[WMI_METHOD_INPUT_MAX];
	struct wmi_method_call c;
	int fd = wmi_open(ACME_METHODS), ret;

	CHECK(link, "bigin attaches");
	memset(in, 0x5a, sizeof(in));
	ret = wmi_call(fd, &c, 0, 8, in, sizeof(in), out, sizeof(out));
	CHECK(ret == 0 && c.output_size == sizeof(in) && le32(out + sizeof(in) - 4) == 0xdeadbeef &&
	      out[sizeof(in) - 5] == 0x5a && in[sizeof(in) - 4] == 0x5a,
	      "a WMI_METHOD_INPUT_MAX input is rewritten at its end only, the caller's copy untouched (%d)",
	      ret);
	CHECK(skel->bss->bigin_wrap_ok && !skel->bss->bigin_past_end && skel->bss->bigin_rewritten,
	      "windows that wrap around or end past the input are refused");
	ret = wmi_call(fd, &c, 0, 8, in, sizeof(in) + 1, out, sizeof(out));
	CHECK(ret == -E2BIG, "WMI_METHOD_INPUT_MAX + 1 is refused (%d)", ret);
	close(fd);
	bpf_link__destroy(link);
	attack_review__destroy(skel);
}

static void test_manyset(void)
{
	struct attack_review *skel = open_load();
	struct bpf_link *link = bpf_map__attach_struct_ops(skel->maps.manyset);
	struct wmi_method_call c;
	uint8_t out[128];
	int fd = wmi_open(ACME_METHODS), ret, i;

	CHECK(link, "manyset attaches");
	for (i = 0; i < 20; i++) {
		ret = wmi_call(fd, &c, 0, 8, "\1\2\3\4", 4, out, sizeof(out));
		if (ret || c.output_size != 64 || out[0] != 63)
			break;
	}
	CHECK(i == 20 && skel->data->manyset_ret == 0,
	      "64 outputs set in one program: the last one answers (%d, %d)", ret,
	      skel->data->manyset_ret);
	close(fd);
	bpf_link__destroy(link);
	attack_review__destroy(skel);
}

int main(int argc, char **argv)
{
	const char *t = argc > 1 ? argv[1] : "";

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(t, "kdeadlock"))
		test_kdeadlock();
	else if (!strcmp(t, "strnul"))
		test_strnul();
	else if (!strcmp(t, "badstr"))
		test_badstr();
	else if (!strcmp(t, "bigin"))
		test_bigin();
	else if (!strcmp(t, "manyset"))
		test_manyset();
	else {
		fprintf(stderr, "usage: attack-bpf TEST\n");
		return 64;
	}
	return check_finish();
}

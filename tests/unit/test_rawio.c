// SPDX-License-Identifier: GPL-2.0
/*
 * What needs CAP_SYS_RAWIO at load (loader/rawio.c): the capability read
 * from a status file, the rules that alter calls, the objects that call a
 * kfunc that alters, on the project's real BPF objects.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <bpf/libbpf.h>

#include "policy.h"
#include "rawio.h"

static char status[] = "/tmp/wmibpf-rawio-XXXXXX";

/* A status file with the given CapEff line (NULL: none). */
static const char *status_with(const char *capeff)
{
	FILE *f;
	int fd;

	strcpy(status, "/tmp/wmibpf-rawio-XXXXXX");
	fd = mkstemp(status);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fprintf(f, "Name:\twmibpf\nCapInh:\t0000000000000000\nCapPrm:\t000001ffffffffff\n");
	if (capeff)
		fprintf(f, "CapEff:\t%s\n", capeff);
	fprintf(f, "CapBnd:\t000001ffffffffff\n");
	fclose(f);
	return status;
}

static void have(void **state)
{
	(void)state;
	assert_true(rawio_have(status_with("000001ffffffffff")));
	unlink(status);
	/* CAP_BPF and CAP_PERFMON, no CAP_SYS_RAWIO (17). */
	assert_false(rawio_have(status_with("000000c000000000")));
	unlink(status);
	assert_true(rawio_have(status_with("0000000000020000")));
	unlink(status);
	assert_false(rawio_have(status_with("000001fffffdffff")));
	unlink(status);
	/* Cannot tell: the kernel decides. */
	assert_true(rawio_have(status_with(NULL)));
	unlink(status);
	assert_true(rawio_have("/nonexistent/status"));
}

static unsigned int rule_of(const char *text)
{
	struct policy p;
	char *err = NULL;
	unsigned int line;

	assert_int_equal(policy_parse_buffer("p.yaml", text, strlen(text), &p, &err), 0);
	line = rawio_policy_rule(&p);
	policy_free(&p);
	return line;
}

static void rules(void **state)
{
	(void)state;
	assert_int_equal(rule_of("name: p\n"
				 "device: FE733490-2E22-4EDB-A7B5-BC248874D383\n"
				 "rules:\n"
				 "  - method: 6\n"
				 "    action: deny\n"
				 "  - method: 7\n"
				 "    action: audit\n"
				 "  - method: 8\n"
				 "    action: emulate\n"
				 "    answer: 1\n"
				 "  - method: 9\n"
				 "    action: raw\n"), 8);
	assert_int_equal(rule_of("name: p\n"
				 "device: FE733490-2E22-4EDB-A7B5-BC248874D383\n"
				 "rules:\n"
				 "  - method: 6\n"
				 "    action: deny\n"
				 "  - method: 9\n"
				 "    action: raw\n"), 6);
	assert_int_equal(rule_of("name: p\n"
				 "device: FE733490-2E22-4EDB-A7B5-BC248874D383\n"
				 "rules:\n"
				 "  - method: 6\n"
				 "    action: deny\n"
				 "  - method: 7\n"
				 "    action: intercept\n"), 0);
}

static const char *kfunc_of(const char *name)
{
	static char found[64];
	char path[512];
	struct bpf_object *obj;
	const char *k;

	snprintf(path, sizeof(path), "%s/%s.bpf.o", BPF_OBJS, name);
	obj = bpf_object__open_file(path, NULL);
	assert_non_null(obj);
	k = rawio_object_kfunc(obj);
	snprintf(found, sizeof(found), "%s", k ? k : "-");
	bpf_object__close(obj);
	return found;
}

static void objects(void **state)
{
	(void)state;
	assert_string_equal(kfunc_of("deny_method"), "-");
	assert_string_equal(kfunc_of("allow_all"), "-");
	assert_string_equal(kfunc_of("emulate_method"), "bpf_wmi_set_output");
	assert_string_equal(kfunc_of("rewrite_arg"), "bpf_wmi_rewrite_input");
	assert_string_equal(kfunc_of("test_owner"), "bpf_wmi_allow_raw");
	assert_string_equal(kfunc_of("bad_kfunc"), "bpf_wmi_driver_update");
	/* Reads only. */
	assert_string_equal(kfunc_of("test_scope"), "-");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(have),
		cmocka_unit_test(rules),
		cmocka_unit_test(objects),
	};

	libbpf_set_print(NULL);
	return cmocka_run_group_tests_name("rawio", tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * A policy's BPF objects are bound to its device (loader/bind.c), on
 * objects the build made: deny_method binds to all devices,
 * acme_translator to the acme laptop's method block.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <bpf/libbpf.h>

#include "bind.h"
#include "guid.h"
#include "policy.h"

#define ACME_METHODS	"FE733490-2E22-4EDB-A7B5-BC248874D383"
#define ACME_STRING	"AD81FA8F-3A66-4C67-B111-78F81C9633B3"
#define DENY		BPF_OBJS "/deny_method.bpf.o"
#define TRANSLATOR	BPF_OBJS "/acme_translator.bpf.o"

static void parse(const char *device, const char *object, struct policy *p)
{
	char text[512], *err = NULL;
	int ret;

	snprintf(text, sizeof(text), "name: t\ndevice: %s\nbpf:\n  - %s\n", device, object);
	ret = policy_parse_buffer("t.yaml", text, strlen(text), p, &err);
	if (ret)
		fail_msg("%s", err);
	assert_int_equal(p->nr_bpf, 1);
}

static struct bpf_object *open_obj(const char *path)
{
	struct bpf_object *obj = bpf_object__open_file(path, NULL);

	assert_non_null(obj);
	return obj;
}

/* The binding of the object's only wmi_bpf_ops map, as text. */
static void binding(struct bpf_object *obj, char buf[WMI_GUID_STR_LEN + 1])
{
	struct bpf_map *map;
	size_t size;
	const void *data;

	map = bpf_object__next_map(obj, NULL);
	while (map && bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS)
		map = bpf_object__next_map(obj, map);
	assert_non_null(map);
	data = bpf_map__initial_value(map, &size);
	assert_non_null(data);
	wmi_binding_format(data, buf);
}

/* Bind the policy's object; the binding it has after, or the error. */
static int bind(const char *device, const char *object, char *out, char **err)
{
	struct bpf_object *obj = open_obj(object);
	struct policy p;
	int ret;

	parse(device, object, &p);
	ret = policy_bind_object(&p, 0, obj, err);
	binding(obj, out);
	bpf_object__close(obj);
	policy_free(&p);
	return ret;
}

static void null_binding_takes_the_policys(void **state)
{
	char g[WMI_GUID_STR_LEN + 1], *err;

	(void)state;
	assert_int_equal(bind(ACME_STRING, DENY, g, &err), 0);
	assert_null(err);
	assert_string_equal(g, ACME_STRING);
	/* GUIDs are parsed: lower case in the file binds the same device. */
	assert_int_equal(bind("ad81fa8f-3a66-4c67-b111-78f81c9633b3", DENY, g, &err), 0);
	assert_string_equal(g, ACME_STRING);
}

static void all_devices_leaves_objects_alone(void **state)
{
	char g[WMI_GUID_STR_LEN + 1], *err;

	(void)state;
	assert_int_equal(bind("all", DENY, g, &err), 0);
	assert_string_equal(g, "all");
	assert_int_equal(bind("all", TRANSLATOR, g, &err), 0);
	assert_string_equal(g, ACME_METHODS);
}

static void same_device_is_kept(void **state)
{
	char g[WMI_GUID_STR_LEN + 1], *err;

	(void)state;
	assert_int_equal(bind(ACME_METHODS, TRANSLATOR, g, &err), 0);
	assert_null(err);
	assert_string_equal(g, ACME_METHODS);
}

static void another_device_is_refused(void **state)
{
	char g[WMI_GUID_STR_LEN + 1], *err;

	(void)state;
	assert_int_equal(bind(ACME_STRING, TRANSLATOR, g, &err), -EINVAL);
	assert_non_null(err);
	assert_string_equal(err, "t.yaml:4:5: bpf: " TRANSLATOR ": map acme_translator is "
			    "bound to device " ACME_METHODS ", not to the policy's device "
			    ACME_STRING "; a policy's objects act only on its device: list it "
			    "in a policy for " ACME_METHODS ", or bind it to all devices");
	free(err);
	/* Refused, not rebound. */
	assert_string_equal(g, ACME_METHODS);
}

/* check opens the objects itself; an object it cannot open is load's to refuse. */
static void offline(void **state)
{
	struct policy p;
	char *err;

	(void)state;
	parse(ACME_STRING, TRANSLATOR, &p);
	assert_int_equal(policy_bind_check(&p, &err), -EINVAL);
	assert_non_null(strstr(err, "t.yaml:4:5: bpf: "));
	free(err);
	policy_free(&p);

	parse(ACME_STRING, DENY, &p);
	assert_int_equal(policy_bind_check(&p, &err), 0);
	assert_null(err);
	policy_free(&p);

	parse(ACME_STRING, "/dev/null", &p);
	assert_int_equal(policy_bind_check(&p, &err), 0);
	policy_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(null_binding_takes_the_policys),
		cmocka_unit_test(all_devices_leaves_objects_alone),
		cmocka_unit_test(same_device_is_kept),
		cmocka_unit_test(another_device_is_refused),
		cmocka_unit_test(offline),
	};

	return cmocka_run_group_tests_name("bind", tests, NULL, NULL);
}

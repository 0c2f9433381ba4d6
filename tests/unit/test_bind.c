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

/*
 * Objects that define their own struct wmi_bpf_ops (tests/unit/bind/).
 * libbpf gives the kernel the member named guid, not bytes 0-15, so
 * that member is what is bound or refused; and an object whose member
 * cannot be found, or is there twice, is refused, since what the kernel
 * would get is not what the loader checked.
 */
static void *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n > 0);
	rewind(f);
	buf = malloc(n);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, n, f), (size_t)n);
	fclose(f);
	*len = n;
	return buf;
}

/* Bind obj for device; the binding of its guid member after, or the error. */
static int bind_obj(const char *device, struct bpf_object *obj, char *out, char **err)
{
	struct bpf_map *map = NULL;
	struct policy p;
	uint8_t *g;
	int ret;

	parse(device, BIND_HOSTILE "/short.bpf.o", &p);
	ret = policy_bind_object(&p, 0, obj, err);
	policy_free(&p);
	strcpy(out, "?");
	bpf_object__for_each_map(map, obj) {
		if (bpf_map__type(map) == BPF_MAP_TYPE_STRUCT_OPS &&
		    !wmi_ops_guid(obj, map, &g))
			wmi_binding_format(g, out);
	}
	return ret;
}

static int bind_hostile(const char *device, const char *name, char *out, char **err)
{
	char path[256];
	struct bpf_object *obj;
	int ret;

	snprintf(path, sizeof(path), "%s/%s.bpf.o", BIND_HOSTILE, name);
	obj = open_obj(path);
	ret = bind_obj(device, obj, out, err);
	bpf_object__close(obj);
	return ret;
}

static void guid_after_a_hole(void **state)
{
	char g[WMI_GUID_STR_LEN + 1], *err;

	(void)state;
	/* Bytes 0-15 are padding, all zero: the guid member is another device's. */
	assert_int_equal(bind_hostile(ACME_METHODS, "hole_other", g, &err), -EINVAL);
	assert_non_null(strstr(err, "map hole is bound to device " ACME_STRING));
	free(err);
	assert_string_equal(g, ACME_STRING);
	/* A null guid member is bound where it is, not in the padding. */
	assert_int_equal(bind_hostile(ACME_METHODS, "hole_null", g, &err), 0);
	assert_null(err);
	assert_string_equal(g, ACME_METHODS);
}

static void no_guid_member_is_refused(void **state)
{
	char g[WMI_GUID_STR_LEN + 1], *err;

	(void)state;
	/* 8 bytes, no guid: the kernel's would be zero, every device. */
	assert_int_equal(bind_hostile(ACME_METHODS, "short", g, &err), -EINVAL);
	assert_non_null(strstr(err, "map short_ops has no guid member to bind"));
	free(err);
	/* A policy for every device binds nothing, so needs none. */
	assert_int_equal(bind_hostile("all", "short", g, &err), 0);
}

static void two_guid_members_are_refused(void **state)
{
	char g[WMI_GUID_STR_LEN + 1], *err, *buf, *at;
	struct bpf_object *obj;
	size_t len;

	(void)state;
	/* libbpf copies both to the kernel's guid, the last one winning. */
	buf = read_all(BIND_HOSTILE "/dup.bpf.o", &len);
	/* In .BTF and in the DWARF strings alike. */
	for (at = buf; (at = memmem(at, buf + len - at, "\0guie\0", 6)); at += 5)
		at[4] = 'd';
	obj = bpf_object__open_mem(buf, len, NULL);
	assert_non_null(obj);
	assert_int_equal(bind_obj(ACME_METHODS, obj, g, &err), -EINVAL);
	assert_non_null(strstr(err, "map dup has no guid member to bind"));
	free(err);
	bpf_object__close(obj);
	free(buf);
}

static void flavored_type_is_bound(void **state)
{
	char g[WMI_GUID_STR_LEN + 1], *err;

	(void)state;
	/* wmi_bpf_ops___x is the kernel's wmi_bpf_ops to libbpf. */
	assert_int_equal(bind_hostile(ACME_METHODS, "flavor", g, &err), -EINVAL);
	assert_non_null(strstr(err, "map flavor is bound to device " ACME_STRING));
	free(err);
}

/* A map pinned by name is shared past the policy: load refuses the object. */
static void pinned_map_is_found(void **state)
{
	struct bpf_object *obj;

	(void)state;
	obj = open_obj(BIND_HOSTILE "/pinned.bpf.o");
	assert_non_null(wmi_object_pinned_map(obj));
	assert_string_equal(wmi_object_pinned_map(obj), "shared");
	bpf_object__close(obj);
	obj = open_obj(TRANSLATOR);
	assert_null(wmi_object_pinned_map(obj));
	bpf_object__close(obj);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(null_binding_takes_the_policys),
		cmocka_unit_test(all_devices_leaves_objects_alone),
		cmocka_unit_test(same_device_is_kept),
		cmocka_unit_test(another_device_is_refused),
		cmocka_unit_test(offline),
		cmocka_unit_test(guid_after_a_hole),
		cmocka_unit_test(no_guid_member_is_refused),
		cmocka_unit_test(two_guid_members_are_refused),
		cmocka_unit_test(flavored_type_is_bound),
		cmocka_unit_test(pinned_map_is_found),
	};

	return cmocka_run_group_tests_name("bind", tests, NULL, NULL);
}

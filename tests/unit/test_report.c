// SPDX-License-Identifier: GPL-2.0
/* monitor's output (loader/report.c): what the kernel reports, made harmless. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bmof.h"
#include "guid.h"
#include "mof_bus.h"
#include "policy.h"
#include "report.h"

static char *out;
static size_t out_size;

/* A report of a call from a process that named itself to forge a line and clear the screen. */
static void hostile_report(struct wmi_audit_event *e)
{
	memset(e, 0, sizeof(*e));
	strcpy(e->comm, "ev\nFAKE\x1b[2J\xff\\");
	strcpy(e->device, "FE733490-2E22-4EDB-A7B5-BC248874D383");
	e->method_id = 6;
	e->origin = WMI_POLICY_ORIGIN_USER;
	e->uid = 1000;
	e->action = WMI_ACTION_DENY;
	e->verdict = 5;
	e->error = -13;
}

static void text_is_escaped(void **state)
{
	struct wmi_audit_event e;
	struct json j;
	FILE *f = open_memstream(&out, &out_size);

	(void)state;
	assert_non_null(f);
	hostile_report(&e);
	json_init(&j, f, false);
	report_print(&j, f, false, "acme", &e, 0, NULL);
	fclose(f);
	/* One line, no ESC, the name's bytes readable. */
	assert_non_null(strstr(out, " pid 0 ev\\x0aFAKE\\x1b[2J\\xff\\\\ default: deny -> denied "
			       "error -13 (EACCES) "));
	assert_non_null(strstr(out, " acme FE733490-2E22-4EDB-A7B5-BC248874D383 method 6 "));
	assert_int_equal(strchr(out, '\n') - out, strlen(out) - 1);
	assert_null(strchr(out, '\x1b'));
	free(out);
}

/* The policy's name comes from the event as well: escaped like the rest, in both kinds of line. */
static void policy_is_escaped(void **state)
{
	struct wmi_audit_event e;
	struct json j;
	FILE *f = open_memstream(&out, &out_size);

	(void)state;
	assert_non_null(f);
	hostile_report(&e);
	json_init(&j, f, false);
	report_print(&j, f, false, "ac\x1b[2Jme\n", &e, 0, NULL);
	e.flags = WMI_AUDIT_F_EVENT;
	report_print(&j, f, false, "ac\x1b[2Jme\n", &e, 0, NULL);
	report_print(&j, f, true, "ac\x1b[2Jme\n", &e, 0, NULL);
	fclose(f);
	assert_non_null(strstr(out, " ac\\x1b[2Jme\\x0a FE733490-2E22-4EDB-A7B5-BC248874D383 "
			       "method 6 "));
	assert_non_null(strstr(out, " ac\\x1b[2Jme\\x0a FE733490-2E22-4EDB-A7B5-BC248874D383 "
			       "event 0x06 "));
	assert_non_null(strstr(out, "\"policy\":\"ac\\u001b[2Jme\\n\","));
	assert_null(strchr(out, '\x1b'));
	free(out);
}

static void json_is_escaped(void **state)
{
	struct wmi_audit_event e;
	struct json j;
	FILE *f = open_memstream(&out, &out_size);

	(void)state;
	assert_non_null(f);
	hostile_report(&e);
	/* A comm of 16 bytes without its nul stops at 16. */
	memcpy(e.comm, "0123456789abcdef", 16);
	json_init(&j, f, false);
	report_print(&j, f, true, "acme", &e, 0, NULL);
	hostile_report(&e);
	report_print(&j, f, true, "acme", &e, 0, NULL);
	fclose(f);
	assert_non_null(strstr(out, "\"comm\":\"0123456789abcdef\",\"rule\":0,"));
	assert_non_null(strstr(out, "\"comm\":\"ev\\nFAKE\\u001b[2J\\ufffd\\\\\",\"rule\":0,"));
	assert_null(strchr(out, '\x1b'));
	free(out);
}

/* What audit mode let through says so, in text and in JSON. */
static void audit_mode_flagged(void **state)
{
	struct wmi_audit_event e;
	struct json j;
	FILE *f = open_memstream(&out, &out_size);

	(void)state;
	assert_non_null(f);
	hostile_report(&e);
	e.verdict = 0;
	e.error = 0;
	e.flags = WMI_AUDIT_F_AUDIT_MODE;
	json_init(&j, f, false);
	report_print(&j, f, false, "acme", &e, 0, NULL);
	report_print(&j, f, true, "acme", &e, 0, NULL);
	e.flags = 0;
	report_print(&j, f, true, "acme", &e, 0, NULL);
	fclose(f);
	assert_non_null(strstr(out, " default: deny (audit mode: not enforced) -> firmware error 0 "));
	assert_non_null(strstr(out, "\"action\":\"deny\",\"verdict\":\"firmware\",\"error\":0,"));
	assert_non_null(strstr(out, ",\"audit_mode\":true}"));
	/* Enforced events carry no such key. */
	assert_null(strstr(strstr(out, "audit_mode") + 1, "audit_mode"));
	free(out);
}

/* A WMI event an event rule reported: its notify id, rule and outcome. */
static void wmi_events(void **state)
{
	struct wmi_audit_event e;
	struct json j;
	FILE *f = open_memstream(&out, &out_size);

	(void)state;
	assert_non_null(f);
	memset(&e, 0, sizeof(e));
	strcpy(e.device, "59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1\n\x1b");
	e.method_id = 0xd0;
	e.rule = 1;
	e.action = WMI_ACTION_DROP;
	e.flags = WMI_AUDIT_F_EVENT | WMI_AUDIT_F_DROPPED;
	json_init(&j, f, false);
	report_print(&j, f, false, "keys", &e, 0, NULL);
	report_print(&j, f, true, "keys", &e, 0, NULL);
	e.rule = 2;
	e.action = WMI_ACTION_AUDIT;
	e.flags = WMI_AUDIT_F_EVENT;
	report_print(&j, f, false, "keys", &e, 0, NULL);
	e.rule = 1;
	e.action = WMI_ACTION_DROP;
	e.flags = WMI_AUDIT_F_EVENT | WMI_AUDIT_F_AUDIT_MODE;
	report_print(&j, f, false, "keys", &e, 0, NULL);
	fclose(f);
	assert_non_null(strstr(out, " keys 59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1\\x0a\\x1b event "
			       "0xd0 rule 1: drop -> dropped "));
	assert_non_null(strstr(out, "\"event\":208,\"rule\":1,\"action\":\"drop\","
			       "\"outcome\":\"dropped\","));
	assert_non_null(strstr(out, " event 0xd0 rule 2: audit -> delivered "));
	assert_non_null(strstr(out, " event 0xd0 rule 1: drop (audit mode: not enforced) -> "
			       "delivered "));
	/* No caller's fields: an event has none. */
	assert_null(strstr(out, "\"uid\""));
	assert_null(strstr(out, " uid "));
	assert_null(strstr(out, "method"));
	assert_null(strchr(out, '\x1b'));
	free(out);
}

/* An open of an event node a read rule reported: who, the rule, the outcome. */
static void readers(void **state)
{
	struct wmi_audit_event e;
	struct json j;
	FILE *f = open_memstream(&out, &out_size);

	(void)state;
	assert_non_null(f);
	memset(&e, 0, sizeof(e));
	strcpy(e.device, "59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1");
	strcpy(e.comm, "cat\x1b");
	e.method_id = 0xd0;
	e.origin = WMI_POLICY_ORIGIN_USER;
	e.uid = 1000;
	e.gid = 1000;
	e.pid = 42;
	e.rule = 3;
	e.action = WMI_ACTION_DENY;
	e.error = -13;
	e.flags = WMI_AUDIT_F_READER;
	json_init(&j, f, false);
	report_print(&j, f, false, "readers", &e, 0, NULL);
	report_print(&j, f, true, "readers", &e, 0, NULL);
	e.error = 0;
	e.flags = WMI_AUDIT_F_READER | WMI_AUDIT_F_AUDIT_MODE;
	report_print(&j, f, false, "readers", &e, 0, NULL);
	report_print(&j, f, true, "readers", &e, 0, NULL);
	e.rule = 2;
	e.action = WMI_ACTION_AUDIT;
	e.flags = WMI_AUDIT_F_READER;
	report_print(&j, f, false, "readers", &e, 0, NULL);
	fclose(f);
	assert_non_null(strstr(out, " readers 59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1 read events 0xd0 "
			       "uid 1000 pid 42 cat\\x1b rule 3: deny EACCES -> refused "));
	assert_non_null(strstr(out, "\"read_events\":true,\"event\":208,\"uid\":1000,\"gid\":1000,"
			       "\"pid\":42,\"comm\":\"cat\\u001b\",\"rule\":3,\"action\":\"deny\","
			       "\"outcome\":\"refused\",\"error\":-13,"));
	assert_non_null(strstr(out, " rule 3: deny (audit mode: not enforced) -> allowed "));
	assert_non_null(strstr(out, "\"outcome\":\"allowed\",\"error\":0,\"duration_ns\":0,"
			       "\"audit_mode\":true}"));
	assert_non_null(strstr(out, " read events 0xd0 uid 1000 pid 42 cat\\x1b rule 2: audit -> "
			       "allowed "));
	/* not a method call, not an event */
	assert_null(strstr(out, "method"));
	assert_null(strstr(out, "delivered"));
	assert_null(strchr(out, '\x1b'));
	free(out);
}

/*
 * A method this machine's bMOF names is printed with its name beside
 * the number, in text and as a key of its own in JSON; one it does not
 * name, or names with bytes that are no identifier, prints as before.
 */
static void methods_named(void **state)
{
	static struct bmof_method fan_methods[] = {
		{ .name = "SetProfile", .id = 6 },
		{ .name = "Set\x1bTerm", .id = 8 },
	};
	static struct bmof_object fan = { .name = "AcmeFan",
		.guid = "FE733490-2E22-4EDB-A7B5-BC248874D383", .nmethods = 2,
		.methods = fan_methods };
	static struct bmof_object *objects[] = { &fan };
	static struct bmof mof = { .nobjects = 1, .objects = objects };
	struct mof_source src = { .name = "acme", .b = &mof };
	const struct policy_names names = { .src = &src, .nsrc = 1, .where = "here" };
	struct wmi_audit_event e;
	struct wmi_guid g;
	struct json j;
	FILE *f = open_memstream(&out, &out_size);
	char *line2, *line3;

	(void)state;
	assert_non_null(f);
	hostile_report(&e);
	assert_int_equal(wmi_guid_parse(fan.guid, &g), 0);
	memcpy(e.guid, g.b, 16);
	json_init(&j, f, false);
	report_print(&j, f, false, "acme", &e, 0, &names);
	report_print(&j, f, true, "acme", &e, 0, &names);
	e.method_id = 7;
	report_print(&j, f, false, "acme", &e, 0, &names);
	report_print(&j, f, true, "acme", &e, 0, &names);
	e.method_id = 8;
	report_print(&j, f, false, "acme", &e, 0, &names);
	fclose(f);
	line2 = strchr(out, '\n') + 1;
	line3 = strchr(line2, '\n') + 1;
	assert_non_null(strstr(out, " acme FE733490-2E22-4EDB-A7B5-BC248874D383 method 6 "
			       "(AcmeFan.SetProfile) inst 0 user "));
	assert_non_null(strstr(line2, "\"method\":6,\"method_name\":\"AcmeFan.SetProfile\","
			       "\"origin\":\"user\""));
	assert_non_null(strstr(line3, " method 7 inst 0 user "));
	assert_non_null(strstr(line3, "\"method\":7,\"origin\":\"user\""));
	assert_non_null(strstr(line3, " method 8 inst 0 user "));
	assert_null(strstr(line3, "method_name"));
	assert_null(strstr(line3, "AcmeFan"));
	assert_null(strchr(out, '\x1b'));
	free(out);
}

/*
 * A query or set: "query"/"set" and the instance where a call has its
 * method, never a method's name (its method id is no method's); JSON
 * says the kind and has no method.
 */
static void blocks(void **state)
{
	static struct bmof_method fan_methods[] = { { .name = "SetProfile", .id = 0 } };
	static struct bmof_object fan = { .name = "AcmeFan",
		.guid = "FE733490-2E22-4EDB-A7B5-BC248874D383", .nmethods = 1,
		.methods = fan_methods };
	static struct bmof_object *objects[] = { &fan };
	static struct bmof mof = { .nobjects = 1, .objects = objects };
	struct mof_source src = { .name = "acme", .b = &mof };
	const struct policy_names names = { .src = &src, .nsrc = 1, .where = "here" };
	struct wmi_audit_event e;
	struct wmi_guid g;
	struct json j;
	FILE *f = open_memstream(&out, &out_size);
	char *line2, *line3;

	(void)state;
	assert_non_null(f);
	hostile_report(&e);
	assert_int_equal(wmi_guid_parse(fan.guid, &g), 0);
	memcpy(e.guid, g.b, 16);
	e.method_id = 0;
	e.instance = 1;
	e.kind = WMI_POLICY_KIND_SET;
	json_init(&j, f, false);
	report_print(&j, f, false, "acme", &e, 0, &names);
	report_print(&j, f, true, "acme", &e, 0, &names);
	e.kind = WMI_POLICY_KIND_QUERY;
	e.instance = 0;
	report_print(&j, f, false, "acme", &e, 0, &names);
	fclose(f);
	line2 = strchr(out, '\n') + 1;
	line3 = strchr(line2, '\n') + 1;
	assert_non_null(strstr(out, " acme FE733490-2E22-4EDB-A7B5-BC248874D383 set inst 1 user "
			       "uid 1000 "));
	assert_non_null(strstr(line2, "\"kind\":\"set\",\"instance\":1,\"origin\":\"user\""));
	assert_non_null(strstr(line3, " acme FE733490-2E22-4EDB-A7B5-BC248874D383 query inst 0 user "));
	assert_null(strstr(out, "SetProfile"));
	assert_null(strstr(out, "method"));
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(text_is_escaped),
		cmocka_unit_test(policy_is_escaped),
		cmocka_unit_test(json_is_escaped),
		cmocka_unit_test(audit_mode_flagged),
		cmocka_unit_test(wmi_events),
		cmocka_unit_test(readers),
		cmocka_unit_test(methods_named),
		cmocka_unit_test(blocks),
	};

	return cmocka_run_group_tests_name("report", tests, NULL, NULL);
}

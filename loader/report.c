// SPDX-License-Identifier: GPL-2.0
/* monitor's lines and JSON objects (see report.h). */

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "report.h"
#include "guid.h"
#include "mof_names.h"
#include "policy.h"
#include "text.h"

static const char *origin_text(uint32_t origin)
{
	return origin == WMI_POLICY_ORIGIN_KERNEL ? "kernel" : "user";
}

/* enum wmi_call_verdict, as the tracepoint prints it */
static const char *verdict_text(uint32_t v)
{
	static const char *const names[] = {
		"firmware", "driver", "refused", "failed", "bpf", "denied",
	};

	return v < sizeof(names) / sizeof(names[0]) ? names[v] : "?";
}

/* A fixed-size field from the kernel, which need not end in a nul. */
static void field(char *out, size_t size, const char *in, size_t len)
{
	size_t n = strnlen(in, len);

	if (n >= size)
		n = size - 1;
	memcpy(out, in, n);
	out[n] = '\0';
}

/* What every report's JSON object starts with: when, who reported, where. */
static void json_begin_report(struct json *j, const char *policy,
			      const struct wmi_audit_event *e, const char *when, const char *guid)
{
	char device[sizeof(e->device) + 1];

	field(device, sizeof(device), e->device, sizeof(e->device));
	json_object_begin(j);
	json_kv_string(j, "time", when);
	json_kv_string(j, "policy", policy);
	json_kv_string(j, "device", device);
	json_kv_string(j, "guid", guid);
}

/* Who called, or opened the node: a call's and a read rule's report have it. */
static void json_kv_caller(struct json *j, const struct wmi_audit_event *e)
{
	char comm[sizeof(e->comm) + 1];

	field(comm, sizeof(comm), e->comm, sizeof(e->comm));
	json_kv_uint(j, "uid", e->uid);
	json_kv_uint(j, "gid", e->gid);
	json_kv_uint(j, "pid", e->pid);
	json_kv_string(j, "comm", comm);
}

/* What every report's JSON object ends with: the time it took, the mode. */
static void json_end_report(struct json *j, const struct wmi_audit_event *e)
{
	json_kv_uint(j, "duration_ns", e->duration_ns);
	if (e->flags & WMI_AUDIT_F_AUDIT_MODE)
		json_kv_bool(j, "audit_mode", true);
	json_object_end(j);
	json_end_line(j);
}

/* "rule N", or "default" for the policy's default. */
static void rule_text(char *out, size_t size, const struct wmi_audit_event *e)
{
	if (e->rule)
		snprintf(out, size, "rule %u", e->rule);
	else
		snprintf(out, size, "default");
}

/*
 * A WMI event an event rule reported: no caller, no instance; the notify
 * id, the rule and whether the event reached anyone.
 */
static void print_wmi_event(struct json *j, FILE *f, bool json, const char *policy,
			    const struct wmi_audit_event *e, const char *when, const char *guid)
{
	const char *outcome = e->flags & WMI_AUDIT_F_DROPPED ? "dropped" : "delivered";
	char edevice[TEXT_ESCAPED_SIZE(sizeof(e->device))];
	char epolicy[TEXT_ESCAPED_SIZE(sizeof(e->policy))];
	char rule[16];

	rule_text(rule, sizeof(rule), e);
	if (json) {
		json_begin_report(j, policy, e, when, guid);
		json_kv_uint(j, "event", e->method_id);
		json_kv_uint(j, "rule", e->rule);
		json_kv_string(j, "action", policy_action_name(e->action));
		json_kv_string(j, "outcome", outcome);
		json_end_report(j, e);
		return;
	}
	text_escape(e->device, sizeof(e->device), edevice, sizeof(edevice));
	text_escape(policy, sizeof(e->policy), epolicy, sizeof(epolicy));
	fprintf(f, "%s %s %s event 0x%02x %s: %s%s -> %s %.3f ms\n", when, epolicy, edevice,
		e->method_id, rule, policy_action_name(e->action),
		e->flags & WMI_AUDIT_F_AUDIT_MODE ? " (audit mode: not enforced)" : "", outcome,
		e->duration_ns / 1e6);
	fflush(f);
}

/*
 * An open of an event device's node a read rule reported: who opened it,
 * the rule and whether the opener became a reader.
 */
static void print_reader(struct json *j, FILE *f, bool json, const char *policy,
			 const struct wmi_audit_event *e, const char *when, const char *guid)
{
	const char *outcome = e->error ? "refused" : "allowed";
	char edevice[TEXT_ESCAPED_SIZE(sizeof(e->device))];
	char epolicy[TEXT_ESCAPED_SIZE(sizeof(e->policy))];
	char ecomm[TEXT_ESCAPED_SIZE(sizeof(e->comm))];
	char rule[16], act[32];
	const char *ename = e->error ? policy_errno_name(-e->error) : NULL;

	rule_text(rule, sizeof(rule), e);
	if (json) {
		json_begin_report(j, policy, e, when, guid);
		json_kv_bool(j, "read_events", true);
		json_kv_uint(j, "event", e->method_id);
		json_kv_caller(j, e);
		json_kv_uint(j, "rule", e->rule);
		json_kv_string(j, "action", policy_action_name(e->action));
		json_kv_string(j, "outcome", outcome);
		json_kv_int(j, "error", e->error);
		json_end_report(j, e);
		return;
	}
	text_escape(e->device, sizeof(e->device), edevice, sizeof(edevice));
	text_escape(policy, sizeof(e->policy), epolicy, sizeof(epolicy));
	text_escape(e->comm, sizeof(e->comm), ecomm, sizeof(ecomm));
	if (ename)
		snprintf(act, sizeof(act), "%s %s", policy_action_name(e->action), ename);
	else
		snprintf(act, sizeof(act), "%s", policy_action_name(e->action));
	fprintf(f, "%s %s %s read events 0x%02x uid %u pid %u %s %s: %s%s -> %s %.3f ms\n",
		when, epolicy, edevice, e->method_id, e->uid, e->pid, ecomm, rule, act,
		e->flags & WMI_AUDIT_F_AUDIT_MODE ? " (audit mode: not enforced)" : "", outcome,
		e->duration_ns / 1e6);
	fflush(f);
}

void report_print(struct json *j, FILE *f, bool json, const char *policy,
		  const struct wmi_audit_event *e, double mono_to_real,
		  const struct policy_names *names)
{
	char when[64], guid[WMI_GUID_STR_LEN + 1], err[32], label[MOF_LABEL_LEN];
	const char *name = NULL;
	struct wmi_guid g;
	double t = e->time_ns / 1e9 + mono_to_real;
	time_t secs = t;
	struct tm tm;

	localtime_r(&secs, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(when + strlen(when), sizeof(when) - strlen(when), ".%03d",
		 (int)((t - secs) * 1000));
	memcpy(g.b, e->guid, 16);
	wmi_guid_format(&g, guid);
	if (e->flags & WMI_AUDIT_F_READER) {
		print_reader(j, f, json, policy, e, when, guid);
		return;
	}
	if (e->flags & WMI_AUDIT_F_EVENT) {
		print_wmi_event(j, f, json, policy, e, when, guid);
		return;
	}
	if (names && e->kind == WMI_POLICY_KIND_METHOD)
		name = mof_method_label(names->src, names->nsrc, &g, e->method_id, label,
					sizeof(label));
	if (e->error && policy_errno_name(-e->error))
		snprintf(err, sizeof(err), "%d (%s)", e->error, policy_errno_name(-e->error));
	else
		snprintf(err, sizeof(err), "%d", e->error);

	if (json) {
		json_begin_report(j, policy, e, when, guid);
		json_kv_string(j, "kind", policy_kind_name(e->kind));
		json_kv_uint(j, "instance", e->instance);
		if (e->kind == WMI_POLICY_KIND_METHOD)
			json_kv_uint(j, "method", e->method_id);
		if (name)
			json_kv_string(j, "method_name", name);
		json_kv_string(j, "origin", origin_text(e->origin));
		json_kv_caller(j, e);
		json_kv_uint(j, "rule", e->rule);
		json_kv_string(j, "action", policy_action_name(e->action));
		json_kv_string(j, "verdict", verdict_text(e->verdict));
		json_kv_int(j, "error", e->error);
		json_end_report(j, e);
	} else {
		char ecomm[TEXT_ESCAPED_SIZE(sizeof(e->comm))];
		char edevice[TEXT_ESCAPED_SIZE(sizeof(e->device))];
		char epolicy[TEXT_ESCAPED_SIZE(sizeof(e->policy))];
		char rule[16], what[24 + MOF_LABEL_LEN];

		/* A query or set is of an instance, and has no method. */
		if (e->kind != WMI_POLICY_KIND_METHOD)
			snprintf(what, sizeof(what), "%s", policy_kind_name(e->kind));
		else
			snprintf(what, sizeof(what), "method %u%s%s%s", e->method_id,
				 name ? " (" : "", name ? name : "", name ? ")" : "");
		text_escape(e->comm, sizeof(e->comm), ecomm, sizeof(ecomm));
		text_escape(e->device, sizeof(e->device), edevice, sizeof(edevice));
		text_escape(policy, sizeof(e->policy), epolicy, sizeof(epolicy));
		rule_text(rule, sizeof(rule), e);
		fprintf(f, "%s %s %s %s inst %u %s uid %u pid %u %s %s: %s%s -> %s "
			"error %s %.3f ms\n", when, epolicy, edevice, what, e->instance,
			origin_text(e->origin), e->uid, e->pid, ecomm, rule,
			policy_action_name(e->action),
			e->flags & WMI_AUDIT_F_AUDIT_MODE ? " (audit mode: not enforced)" : "",
			verdict_text(e->verdict), err, e->duration_ns / 1e6);
		fflush(f);
	}
}

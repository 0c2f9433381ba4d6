/* SPDX-License-Identifier: GPL-2.0 */
/* One reported call or WMI event, as wmibpf monitor prints it. */
#ifndef WMIBPF_REPORT_H
#define WMIBPF_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "json.h"
#include "wmi_policy.h"

struct policy_names;

/*
 * Print e, reported by policy, as a line of text to f or as one JSON
 * object (to j's stream). mono_to_real turns its CLOCK_MONOTONIC time
 * into wall time. A method that names (NULL: none) give a name has it
 * printed beside its number: "method 6 (AcmeFan.SetProfile)", and the
 * key "method_name" in JSON. The process name and device come from the kernel, and
 * the policy's name from the event, which any program on the monitors'
 * rings may have written (at most sizeof(e->policy) bytes of it are
 * shown): text escapes every byte of the three that is not printable
 * ASCII, JSON escapes what JSON needs to, so neither can forge lines or
 * reach the terminal.
 */
void report_print(struct json *j, FILE *f, bool json, const char *policy,
		  const struct wmi_audit_event *e, double mono_to_real,
		  const struct policy_names *names);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What needs CAP_SYS_RAWIO at load. The kernel lets a program alter a call
 * (answer it, rewrite its input or result or an event, send it raw, update
 * a driver) only if whoever attached it had CAP_SYS_RAWIO then; without
 * it those kfuncs fail with EPERM at run time, call after call. wmibpf
 * says so at load instead, naming the rule or object that would fail.
 */
#ifndef WMIBPF_RAWIO_H
#define WMIBPF_RAWIO_H

#include <stdbool.h>
#include <stddef.h>

struct bpf_object;
struct policy;

/*
 * Does the task have CAP_SYS_RAWIO in its effective set? status is
 * /proc/self/status, or another file of that format for tests.
 */
bool rawio_have(const char *status);

/* The first rule of p that alters calls (emulate, raw): its line, or 0 for none. */
unsigned int rawio_policy_rule(const struct policy *p);

/* The first kfunc that alters calls obj calls, or NULL if it calls none. */
const char *rawio_object_kfunc(const struct bpf_object *obj);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* A rule's conditions and action as `wmibpf show` prints them, in text and in JSON. */
#ifndef WMIBPF_COND_TEXT_H
#define WMIBPF_COND_TEXT_H

#include <stddef.h>

#include "json.h"
#include "wmi_policy.h"

/*
 * "in[0:2]=11 in[4:4]&0xff=3..7 size>=36 CAP_SYS_RAWIO": each field as
 * in[offset:width], its mask if not all of the field, its value or
 * range; then the least input size and the capabilities. "-" for none.
 * Cut to size.
 */
void cond_text(char *buf, size_t size, const struct wmi_cond_rule *c);

/*
 * Room for any conditions' text: 4 fields of 73 characters at most, the
 * size (11), 64 capabilities of 722 ("CAP_CHOWN,...,cap63"), their spaces
 * and the nul.
 */
#define COND_TEXT_MAX	1040

/* "input": [{offset, width, mask, min, max}...], "min_size": N, "cap": ["CAP_..."...] */
void cond_json(struct json *j, const struct wmi_cond_rule *c);

/* "deny EPERM", "deny 5", "emulate, audit": an action, its errno and its audit flag. */
void cond_action_text(char *buf, size_t size, uint32_t action, int32_t error, uint32_t flags);

#endif

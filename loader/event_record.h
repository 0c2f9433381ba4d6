/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The records read() returns on a WMI event node (struct wmi_event in
 * <linux/wmi.h>), checked and printed as `wmibpf events` shows them.
 * Kept apart from the reading so that it is unit tested on its own.
 */
#ifndef WMIBPF_EVENT_RECORD_H
#define WMIBPF_EVENT_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <linux/wmi.h>

#include "json.h"

/* The fields every version of struct wmi_event has, up to @lost. */
#define EVENT_RECORD_MIN_HEADER		WMI_EVENT_SIZE_VER0

/*
 * The record at the start of buf[0..len): its size (the next record
 * starts there), with *e and *data (data_size bytes of event data) set;
 * or -EPROTO if the bytes are no well-formed record: a size that is not a
 * multiple of 8 or runs past len, a header shorter than version 0's, or
 * data that does not fit the record. A reader stops at the first one.
 */
long event_record_next(const uint8_t *buf, size_t len, const struct wmi_event **e,
		       const uint8_t **data);

/*
 * Print one record of device as a line of text to f, or as one JSON
 * object (to j's stream). mono_to_real turns its CLOCK_MONOTONIC
 * timestamp into wall time. Strings in the data come from firmware:
 * text shows them escaped (text.h), JSON as JSON strings.
 */
void event_record_print(struct json *j, FILE *f, bool json, const char *device,
			const struct wmi_event *e, const uint8_t *data, double mono_to_real);

#endif

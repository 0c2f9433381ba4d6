// SPDX-License-Identifier: GPL-2.0
/* The records of a WMI event node, checked and printed; see event_record.h. */

#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>

#include "event_record.h"
#include "text.h"

/* Bytes of data a line of text shows; JSON has them all. */
#define TEXT_DATA_MAX	64

long event_record_next(const uint8_t *buf, size_t len, const struct wmi_event **e,
		       const uint8_t **data)
{
	struct wmi_event h;

	if (len < EVENT_RECORD_MIN_HEADER)
		return -EPROTO;
	/* The kernel aligns records to 8; copy anyway, buf is the caller's. */
	memcpy(&h, buf, sizeof(h));
	if (h.size % 8 || h.size > len || h.header_size < EVENT_RECORD_MIN_HEADER ||
	    h.header_size > h.size || h.data_size > h.size - h.header_size)
		return -EPROTO;
	*e = (const struct wmi_event *)buf;
	*data = buf + h.header_size;
	return h.size;
}

static uint64_t le(const uint8_t *p, size_t n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

/* An integer's value: ACPI integers are 4 or 8 bytes, little-endian. */
static bool integer_value(const struct wmi_event *e, const uint8_t *data, uint64_t *v)
{
	if (e->data_type != WMI_RESULT_INTEGER || (e->data_size != 4 && e->data_size != 8))
		return false;
	*v = le(data, e->data_size);
	return true;
}

static void format_time(char *out, size_t size, uint64_t ns, double mono_to_real)
{
	double t = ns / 1e9 + mono_to_real;
	time_t secs = t;
	struct tm tm;

	if (!localtime_r(&secs, &tm)) {
		snprintf(out, size, "%.3f", t);
		return;
	}
	strftime(out, size, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(out + strlen(out), size - strlen(out), ".%03d", (int)((t - secs) * 1000));
}

static void print_json(struct json *j, const char *device, const struct wmi_event *e,
		       const uint8_t *data, const char *when)
{
	char text[WMI_EVENT_DATA_MAX / 2 + 1];
	uint64_t v;

	json_object_begin(j);
	json_kv_string(j, "time", when);
	json_kv_string(j, "device", device);
	json_kv_uint(j, "seq", e->seq);
	json_kv_uint(j, "timestamp_ns", e->timestamp_ns);
	if (e->flags & WMI_EVENT_F_LOST) {
		json_kv_uint(j, "lost", e->lost);
		json_object_end(j);
		json_end_line(j);
		return;
	}
	json_kv_uint(j, "notify_id", e->notify_id);
	json_kv_string(j, "type", text_result_type(e->data_type));
	json_key(j, "data");
	json_array_begin(j);
	for (uint32_t i = 0; i < e->data_size; i++)
		json_uint(j, data[i]);
	json_array_end(j);
	if (integer_value(e, data, &v))
		json_kv_uint(j, "value", v);
	else if (e->data_type == WMI_RESULT_STRING &&
		 text_wmi_string(data, e->data_size, text, sizeof(text)))
		json_kv_string(j, "value", text);
	if (e->lost)
		json_kv_uint(j, "lost_before", e->lost);
	if (e->flags & WMI_EVENT_F_TRUNCATED)
		json_kv_bool(j, "truncated", true);
	if (e->flags & WMI_EVENT_F_NO_LAYOUT)
		json_kv_bool(j, "no_layout", true);
	json_object_end(j);
	json_end_line(j);
}

static void print_text(FILE *f, const char *device, const struct wmi_event *e,
		       const uint8_t *data, const char *when)
{
	char text[WMI_EVENT_DATA_MAX / 2 + 1], esc[TEXT_ESCAPED_SIZE(sizeof(text))];
	uint64_t v;

	if (e->flags & WMI_EVENT_F_LOST) {
		fprintf(f, "%s %s lost %u event%s up to #%llu: this reader's queue was full\n",
			when, device, e->lost, e->lost == 1 ? "" : "s",
			(unsigned long long)e->seq);
		return;
	}
	fprintf(f, "%s %s #%llu notify 0x%02x %s", when, device, (unsigned long long)e->seq,
		e->notify_id, text_result_type(e->data_type));
	if (integer_value(e, data, &v)) {
		fprintf(f, " 0x%llx", (unsigned long long)v);
	} else if (e->data_type == WMI_RESULT_STRING &&
		   text_wmi_string(data, e->data_size, text, sizeof(text))) {
		text_escape(text, sizeof(text), esc, sizeof(esc));
		fprintf(f, " \"%s\"", esc);
	} else {
		for (uint32_t i = 0; i < e->data_size && i < TEXT_DATA_MAX; i++)
			fprintf(f, "%s%02x", i ? " " : " [", data[i]);
		if (e->data_size > TEXT_DATA_MAX)
			fprintf(f, " ... %u bytes", e->data_size);
		if (e->data_size)
			fputc(']', f);
	}
	if (e->flags & WMI_EVENT_F_TRUNCATED)
		fprintf(f, " (data cut to %u bytes)", e->data_size);
	if (e->flags & WMI_EVENT_F_NO_LAYOUT)
		fprintf(f, " (data without a Windows layout, left out)");
	if (e->lost)
		fprintf(f, " (%u lost before it)", e->lost);
	fputc('\n', f);
}

void event_record_print(struct json *j, FILE *f, bool json, const char *device,
			const struct wmi_event *e, const uint8_t *data, double mono_to_real)
{
	char when[64];

	format_time(when, sizeof(when), e->timestamp_ns, mono_to_real);
	if (json)
		print_json(j, device, e, data, when);
	else
		print_text(f, device, e, data, when);
	fflush(json ? j->f : f);
}

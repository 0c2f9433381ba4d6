// SPDX-License-Identifier: GPL-2.0
/*
 * acme-ctl: the acme vendor's own tool, as it would have been written for
 * the raw WMI interface before the kernel had an acme driver.
 *
 *   acme-ctl brightness [LEVEL]    get, or set 0..100
 *   acme-ctl kbd [LEVEL]           keyboard light, 0..3
 *   acme-ctl fan [PROFILE]         0 quiet, 1 balanced, 2 performance
 *   acme-ctl hotkeys [COUNT]       the vendor daemon: act on the hot keys'
 *                                  events (0x10 brightness down, 0x11 up),
 *                                  COUNT of them, or until killed
 *
 * It knows the firmware's method ids from the vendor's MOF and uses
 * nothing but <linux/wmi.h>: it cannot tell whether a kernel driver
 * answers its calls, which is the point.
 *
 * Exit status: 0 done, 1 the call failed, 2 the firmware refused the value,
 * 64 bad usage.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/wmi.h>

#define ACME_DEVICE "/dev/wmi/FE733490-2E22-4EDB-A7B5-BC248874D383"
#define ACME_EVENTS "/dev/wmi/59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1"

/* The hot key codes of the event's data, from the vendor's MOF */
#define KEY_BRIGHTNESS_DOWN	0x10
#define KEY_BRIGHTNESS_UP	0x11

struct feature {
	const char *name;
	uint32_t get_method;
	uint32_t set_method;
};

static const struct feature features[] = {
	{ "brightness", 1, 2 },
	{ "kbd", 3, 4 },
	{ "fan", 5, 6 },
};

/* One method call with a dword argument (or none) and a dword result. */
static int call(int fd, uint32_t method, const uint32_t *arg, uint32_t *result)
{
	uint8_t in[4], out[64];
	struct wmi_method_call c = {
		.size = sizeof(c),
		.method_id = method,
		.output = (uintptr_t)out,
		.output_size = sizeof(out),
	};

	if (arg) {
		in[0] = *arg & 0xff;
		in[1] = (*arg >> 8) & 0xff;
		in[2] = (*arg >> 16) & 0xff;
		in[3] = *arg >> 24;
		c.input = (uintptr_t)in;
		c.input_size = sizeof(in);
	}

	if (ioctl(fd, WMI_IOC_METHOD_CALL, &c) < 0) {
		fprintf(stderr, "acme-ctl: method %u: %s\n", method, strerror(errno));
		return -1;
	}
	if (c.result_type != WMI_RESULT_INTEGER || c.output_size != 4) {
		fprintf(stderr, "acme-ctl: method %u: unexpected result type %u, %u bytes\n",
			method, c.result_type, c.output_size);
		return -1;
	}
	*result = out[0] | out[1] << 8 | out[2] << 16 | (uint32_t)out[3] << 24;
	return 0;
}

/* A hot key: step the brightness by 10, within 0..100. */
static int hotkey(int fd, uint32_t code)
{
	uint32_t level, next, status;

	if (code != KEY_BRIGHTNESS_DOWN && code != KEY_BRIGHTNESS_UP) {
		printf("hotkey 0x%x: not ours\n", code);
		return 0;
	}
	if (call(fd, 1, NULL, &level))
		return -1;
	next = code == KEY_BRIGHTNESS_UP ? (level > 90 ? 100 : level + 10) :
					   (level < 10 ? 0 : level - 10);
	if (call(fd, 2, &next, &status))
		return -1;
	printf("hotkey 0x%x: brightness %u -> %u%s\n", code, level, next,
	       status ? " (refused by the firmware)" : "");
	return 0;
}

/* Read the event node's records; act on each hot key, COUNT of them. */
static int hotkeys(int fd, unsigned long count)
{
	static uint8_t buf[WMI_EVENT_READ_SIZE];
	unsigned long seen = 0;
	int events;

	events = open(ACME_EVENTS, O_RDONLY);
	if (events < 0) {
		fprintf(stderr, "acme-ctl: %s: %s\n", ACME_EVENTS, strerror(errno));
		return 1;
	}
	printf("listening for hot keys\n");
	fflush(stdout);
	while (!count || seen < count) {
		ssize_t n = read(events, buf, sizeof(buf));
		size_t off = 0;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			fprintf(stderr, "acme-ctl: %s: %s\n", ACME_EVENTS, strerror(errno));
			return 1;
		}
		while (off + WMI_EVENT_SIZE_VER0 <= (size_t)n) {
			struct wmi_event e;
			const uint8_t *d = buf + off;

			memcpy(&e, d, sizeof(e));
			if (e.size < WMI_EVENT_SIZE_VER0 || e.size > n - off ||
			    e.header_size < WMI_EVENT_SIZE_VER0 || e.header_size > e.size ||
			    e.data_size > e.size - e.header_size) {
				fprintf(stderr, "acme-ctl: a malformed event record; skipping the "
					"rest of the read\n");
				break;
			}
			d += e.header_size;
			off += e.size;
			if (e.lost)
				printf("missed %u hot keys\n", e.lost);
			if (e.flags & WMI_EVENT_F_LOST)
				continue;
			seen++;
			if (e.data_type != WMI_RESULT_INTEGER || e.data_size < 4)
				printf("event of type %u: not a hot key\n", e.data_type);
			else if (hotkey(fd, d[0] | d[1] << 8 | d[2] << 16 | (uint32_t)d[3] << 24))
				return 1;
			fflush(stdout);
		}
	}
	close(events);
	return 0;
}

int main(int argc, char **argv)
{
	const struct feature *f = NULL;
	uint32_t value, result;
	unsigned long v;
	char *end;
	size_t i;
	int fd;

	if (argc < 2 || argc > 3)
		goto usage;
	if (!strcmp(argv[1], "hotkeys")) {
		errno = 0;
		v = argc == 3 ? strtoul(argv[2], &end, 0) : 0;
		if (errno || (argc == 3 && *end))
			goto usage;
		fd = open(ACME_DEVICE, O_RDWR);
		if (fd < 0) {
			fprintf(stderr, "acme-ctl: %s: %s\n", ACME_DEVICE, strerror(errno));
			return 1;
		}
		return hotkeys(fd, v);
	}
	for (i = 0; i < sizeof(features) / sizeof(features[0]); i++)
		if (!strcmp(argv[1], features[i].name))
			f = &features[i];
	if (!f)
		goto usage;

	fd = open(ACME_DEVICE, O_RDWR);
	if (fd < 0) {
		fprintf(stderr, "acme-ctl: %s: %s\n", ACME_DEVICE, strerror(errno));
		return 1;
	}

	if (argc == 2) {
		if (call(fd, f->get_method, NULL, &result))
			return 1;
		printf("%u\n", result);
		return 0;
	}

	errno = 0;
	v = strtoul(argv[2], &end, 0);
	if (errno || *end || v > UINT32_MAX)
		goto usage;
	value = v;
	if (call(fd, f->set_method, &value, &result))
		return 1;
	if (result) {
		fprintf(stderr, "acme-ctl: %s %u refused by the firmware (status %u)\n",
			f->name, value, result);
		return 2;
	}
	close(fd);
	return 0;

usage:
	fprintf(stderr, "usage: acme-ctl brightness|kbd|fan [VALUE]\n"
		"       acme-ctl hotkeys [COUNT]\n");
	return 64;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * acme-ctl: the acme vendor's own tool, as it would have been written for
 * the raw WMI interface before the kernel had an acme driver.
 *
 *   acme-ctl brightness [LEVEL]    get, or set 0..100
 *   acme-ctl kbd [LEVEL]           keyboard light, 0..3
 *   acme-ctl fan [PROFILE]         0 quiet, 1 balanced, 2 performance
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
	fprintf(stderr, "usage: acme-ctl brightness|kbd|fan [VALUE]\n");
	return 64;
}

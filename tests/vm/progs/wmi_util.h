/* SPDX-License-Identifier: GPL-2.0 */
/* Raw WMI method calls through /dev/wmi for in-guest test programs. */
#ifndef WMIBPF_WMI_UTIL_H
#define WMIBPF_WMI_UTIL_H

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/wmi.h>

#define ACME_METHODS	"FE733490-2E22-4EDB-A7B5-BC248874D383"
#define ACME_STRING	"AD81FA8F-3A66-4C67-B111-78F81C9633B3"
#define ACME_ZONES	"1E8FEC9B-04A5-4ED1-B79D-B77EF1152878"
#define ACME_DATA	"D28B1D3D-B880-4E86-BCF8-8DE9936D1B31"
#define ACME_INFO	"4AB6A4B0-01CD-45D0-A57A-E4FE7D9ED165"
#define ACME_OWNER	"5E5AA38E-88B7-4C57-8BC5-EFCDDE4EFB9A"
#define ACME_EVENT	"59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1"
#define ACME_DUP	"7341A899-B776-4263-B79B-1A87FEEA1766"

/*
 * A kernel-origin call through one of wmi-testdrv's debugfs files
 * ("method", "invoke", "trusting"); fills out with its outcome line.
 */
static inline int kcall_on(const char *file, const char *req, char *out, size_t size)
{
	char path[128];
	int ret = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/kernel/debug/wmi-testdrv/%s", file);
	f = fopen(path, "r+");
	if (!f)
		return -1;
	if (fputs(req, f) >= 0 && fflush(f) == 0) {
		rewind(f);
		if (fgets(out, size, f)) {
			out[strcspn(out, "\n")] = '\0';
			ret = 0;
		}
	}
	fclose(f);
	return ret;
}

/* Whether wmi-testdrv's FILE answers REQ with WANT; says what it got if not. */
static inline bool kcall_on_is(const char *file, const char *req, const char *want)
{
	char out[512] = "";

	if (kcall_on(file, req, out, sizeof(out)))
		return false;
	if (strcmp(out, want))
		printf("  %s %s -> '%s', expected '%s'\n", file, req, out, want);
	return !strcmp(out, want);
}

static inline int wmi_open(const char *dev)
{
	char path[128];
	int fd;

	snprintf(path, sizeof(path), "/dev/wmi/%s", dev);
	fd = open(path, O_RDWR);
	if (fd < 0)
		printf("open %s: %s\n", path, strerror(errno));
	return fd;
}

/*
 * Call a method; returns 0 or -errno. *c is left as the kernel wrote it, so
 * callers can look at output_size and result_type.
 */
static inline int wmi_call(int fd, struct wmi_method_call *c, uint32_t instance,
			   uint32_t method, const void *in, uint32_t in_size,
			   void *out, uint32_t out_size)
{
	memset(c, 0, sizeof(*c));
	c->size = sizeof(*c);
	c->instance = instance;
	c->method_id = method;
	c->input = (uintptr_t)in;
	c->input_size = in_size;
	c->output = (uintptr_t)out;
	c->output_size = out_size;
	return ioctl(fd, WMI_IOC_METHOD_CALL, c) < 0 ? -errno : 0;
}

/* Write s to a sysfs file; 0 or -1. */
static inline int write_file(const char *path, const char *s)
{
	FILE *f = fopen(path, "w");
	int ret;

	if (!f)
		return -1;
	ret = fputs(s, f) < 0;
	ret |= fclose(f) != 0;
	return ret ? -1 : 0;
}

static inline uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Method with an optional dword argument and a dword result; -errno or 0. */
static inline int wmi_call_u32(int fd, uint32_t instance, uint32_t method,
			       const uint32_t *arg, uint32_t *result)
{
	struct wmi_method_call c;
	uint8_t out[16];
	int ret;

	ret = wmi_call(fd, &c, instance, method, arg, arg ? 4 : 0, out, sizeof(out));
	if (ret)
		return ret;
	if (c.result_type != WMI_RESULT_INTEGER || c.output_size != 4)
		return -EPROTO;
	*result = le32(out);
	return 0;
}

/* A data block call of instance on data[0..size): version 0, nothing else set. */
static inline void wmi_block_fill(struct wmi_block_call *b, uint32_t instance, const void *data,
				  uint32_t size)
{
	memset(b, 0, sizeof(*b));
	b->size = sizeof(*b);
	b->instance = instance;
	b->data = (uintptr_t)data;
	b->data_size = size;
}

/* A query or set on the node fd: 0 or -errno, *b left as the kernel wrote it. */
static inline int wmi_block_call(int fd, unsigned long ioc, struct wmi_block_call *b,
				 uint32_t instance, const void *data, uint32_t size)
{
	wmi_block_fill(b, instance, data, size);
	return ioctl(fd, ioc, b) < 0 ? -errno : 0;
}

/*
 * The acme firmware's state of the hot key's event, as its WED0 method
 * last set it (method 11 of the acme method device): 0 off, 1 on, 0xff
 * if it could not be read.
 */
static inline int acme_event_state(void)
{
	int methods = wmi_open(ACME_METHODS);
	uint32_t v = 0xff;

	if (methods < 0 || wmi_call_u32(methods, 0, 11, NULL, &v))
		v = 0xff;
	if (methods >= 0)
		close(methods);
	return v;
}

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * One call of Dell's SMBIOS calling interface, for tests on the Dell-shaped
 * laptop (vmtest/acpi/dell.asl).
 *
 *   dell-smbios-call CLASS SELECT [IN0 [IN1 [IN2 [IN3]]]]
 *       through dell-smbios-wmi's own node, /dev/wmi/dell-smbios, which
 *       applies dell_smbios_call_filter() (its DELL_WMI_SMBIOS_CMD ioctl,
 *       with the buffer size the node reports)
 *   dell-smbios-call [--raw [--size N]] --each
 *       one call per line of stdin ("CLASS SELECT IN..." or "CLASS:SELECT:IN...")
 *   dell-smbios-call --raw [--size N] [--guid GUID | --fd FD] CLASS SELECT [IN...]
 *       through the generic node of the method's WMI device,
 *       /dev/wmi/A80593CE-A997-11DA-B012-B622A1EF5492 (or that of GUID, a
 *       device with the same object id: vmtest/acpi/dell.asl's alias; or
 *       the node open as FD, which another process opened), method 1; the
 *       input is the calling interface buffer (36 bytes) padded with zeros
 *       to N
 *
 * Numbers are decimal or 0x hex.  Prints "ok R0 R1 R2 R3", the four output
 * words in hex, and exits 0; or "error ENAME (message)" and exits 1.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmi_util.h"

#define DELL_SMBIOS_GUID	"A80593CE-A997-11DA-B012-B622A1EF5492"

static int usage(void)
{
	fprintf(stderr, "usage: dell-smbios-call [--raw [--size N] [--guid GUID | --fd FD]] "
		"CLASS SELECT [IN0..IN3]\n"
		"       dell-smbios-call [--raw [--size N] [--guid GUID | --fd FD]] --each\n");
	return 2;
}

static int error(int err)
{
	printf("error %s (%s)\n", strerrorname_np(err) ? : "?", strerror(err));
	return 1;
}

static void show(const struct calling_interface_buffer *b)
{
	printf("ok 0x%08x 0x%08x 0x%08x 0x%08x\n",
	       b->output[0], b->output[1], b->output[2], b->output[3]);
}

/* Through /dev/wmi/dell-smbios: the size it reads back, then the ioctl. */
static int call_driver(const struct calling_interface_buffer *std)
{
	struct dell_wmi_smbios_buffer *buf;
	uint64_t size = 0;
	int fd, ret;

	fd = open("/dev/wmi/dell-smbios", O_RDONLY);
	if (fd < 0)
		return error(errno);
	if (read(fd, &size, sizeof(size)) != sizeof(size) || size < sizeof(*buf)) {
		ret = error(errno ? : EPROTO);
		close(fd);
		return ret;
	}
	buf = calloc(1, size);
	if (!buf) {
		close(fd);
		return error(ENOMEM);
	}
	buf->length = size;
	buf->std = *std;
	if (ioctl(fd, DELL_WMI_SMBIOS_CMD, buf) < 0) {
		ret = error(errno);
	} else {
		show(&buf->std);
		ret = 0;
	}
	free(buf);
	close(fd);
	return ret;
}

/* The generic node raw calls go through: DELL_SMBIOS_GUID's, or --guid's. */
static const char *raw_guid = DELL_SMBIOS_GUID;
/* Or the node open as --fd, -1 if none. */
static int raw_fd = -1;

/* Through the generic node: method 1 with the buffer as its input. */
static int call_raw(const struct calling_interface_buffer *std, uint32_t size)
{
	struct wmi_method_call c;
	struct calling_interface_buffer out;
	uint8_t *in, *res;
	char path[64];
	int fd, ret;

	if (size < sizeof(*std))
		size = sizeof(*std);
	in = calloc(1, size);
	res = calloc(1, size);
	if (!in || !res) {
		free(in);
		free(res);
		return error(ENOMEM);
	}
	memcpy(in, std, sizeof(*std));
	snprintf(path, sizeof(path), "/dev/wmi/%s", raw_guid);
	fd = raw_fd >= 0 ? raw_fd : open(path, O_RDWR);
	if (fd < 0) {
		ret = error(errno);
		goto out;
	}
	ret = wmi_call(fd, &c, 0, 1, in, size, res, size);
	if (fd != raw_fd)
		close(fd);
	if (ret) {
		ret = error(-ret);
	} else if (c.result_type != WMI_RESULT_BUFFER || c.output_size < sizeof(out)) {
		printf("error EPROTO (result type %u, %u bytes)\n", c.result_type, c.output_size);
		ret = 1;
	} else {
		memcpy(&out, res, sizeof(out));
		show(&out);
	}
out:
	free(in);
	free(res);
	return ret;
}

static int number(const char *s, unsigned long *v)
{
	char *end;

	errno = 0;
	*v = strtoul(s, &end, 0);
	return errno || !*s || *end || *v > UINT32_MAX ? -1 : 0;
}

/* The call named by words: CLASS SELECT [IN0..IN3]. */
static int parse_call(char **words, int n, struct calling_interface_buffer *std)
{
	unsigned long v;
	int i;

	if (n < 2 || n > 6)
		return -1;
	memset(std, 0, sizeof(*std));
	for (i = 0; i < n; i++) {
		if (number(words[i], &v) || (i < 2 && v > UINT16_MAX))
			return -1;
		if (i == 0)
			std->cmd_class = v;
		else if (i == 1)
			std->cmd_select = v;
		else
			std->input[i - 2] = v;
	}
	return 0;
}

/*
 * --each: one call per line of stdin, its words separated by spaces or
 * colons; each line is printed back before the call's own output, so that
 * a table of calls costs one process, not one per call.
 */
static int call_each(int raw, uint32_t size)
{
	struct calling_interface_buffer std;
	char line[256], copy[256], *words[8], *w, *save;
	int n;

	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0])
			continue;
		strcpy(copy, line);
		for (n = 0, w = strtok_r(copy, " :", &save); w && n < 8;
		     w = strtok_r(NULL, " :", &save))
			words[n++] = w;
		if (parse_call(words, n, &std)) {
			fprintf(stderr, "dell-smbios-call: bad call '%s'\n", line);
			return 2;
		}
		printf("%s ", line);
		fflush(stdout);
		if (raw)
			call_raw(&std, size);
		else
			call_driver(&std);
		fflush(stdout);
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct calling_interface_buffer std;
	unsigned long size = 0, v;
	int raw = 0, i = 1;

	if (i < argc && !strcmp(argv[i], "--raw")) {
		raw = 1;
		i++;
		if (i + 1 < argc && !strcmp(argv[i], "--size")) {
			if (number(argv[i + 1], &size) || size > WMI_METHOD_INPUT_MAX)
				return usage();
			i += 2;
		}
		if (i + 1 < argc && !strcmp(argv[i], "--guid")) {
			if (strlen(argv[i + 1]) != strlen(DELL_SMBIOS_GUID))
				return usage();
			raw_guid = argv[i + 1];
			i += 2;
		} else if (i + 1 < argc && !strcmp(argv[i], "--fd")) {
			if (number(argv[i + 1], &v) || v > INT32_MAX)
				return usage();
			raw_fd = v;
			i += 2;
		}
	}
	if (i + 1 == argc && !strcmp(argv[i], "--each"))
		return call_each(raw, size);
	if (parse_call(argv + i, argc - i, &std))
		return usage();
	return raw ? call_raw(&std, size) : call_driver(&std);
}

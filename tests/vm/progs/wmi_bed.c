// SPDX-License-Identifier: GPL-2.0
/*
 * Call the test bed's own WMI block on the Dell- and MSI-shaped laptops
 * (185E4D75-..., vmtest/acpi/dell.asl and msi.asl), which no driver binds:
 * firmware call counters and state, for tests/vm/lib.sh's fw_* helpers.
 * A plain program rather than wmibpf call, which the guest has built with
 * AddressSanitizer: under TCG each start of that costs about a second.
 *
 *   wmi-bed METHOD [DWORD...]   prints the method's Integer result in
 *                               decimal; the dwords (decimal or 0x hex)
 *                               are its input, little-endian
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "wmi_util.h"

#define BED_CONTROL	"185E4D75-A586-4EC3-8883-66DCE3E38D86"

int main(int argc, char **argv)
{
	struct wmi_method_call c;
	uint32_t in[8], method;
	uint8_t out[8];
	unsigned long v;
	char *end;
	int fd, i, ret;

	if (argc < 2 || argc > 2 + 8) {
		fprintf(stderr, "usage: wmi-bed METHOD [DWORD...]\n");
		return 2;
	}
	for (i = 1; i < argc; i++) {
		errno = 0;
		v = strtoul(argv[i], &end, 0);
		if (errno || !*argv[i] || *end || v > UINT32_MAX) {
			fprintf(stderr, "wmi-bed: not a number: %s\n", argv[i]);
			return 2;
		}
		if (i == 1)
			method = v;
		else
			in[i - 2] = v;
	}
	fd = wmi_open(BED_CONTROL);
	if (fd < 0)
		return 1;
	ret = wmi_call(fd, &c, 0, method, in, 4 * (argc - 2), out, sizeof(out));
	close(fd);
	if (ret) {
		fprintf(stderr, "wmi-bed: method %u: %s\n", method, strerror(-ret));
		return 1;
	}
	if (c.result_type != WMI_RESULT_INTEGER || c.output_size != 4) {
		fprintf(stderr, "wmi-bed: method %u: not an integer (type %u, %u bytes)\n",
			method, c.result_type, c.output_size);
		return 1;
	}
	printf("%u\n", le32(out));
	return 0;
}

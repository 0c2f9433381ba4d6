// SPDX-License-Identifier: GPL-2.0
/* Decodes bMOF files given as arguments: MOF text, or JSON with -j. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bmof.h"

int main(int argc, char **argv)
{
	bool json = argc > 1 && !strcmp(argv[1], "-j");
	int i, failed = 0;

	for (i = json ? 2 : 1; i < argc; i++) {
		char err[512], *buf;
		struct bmof *b;
		FILE *f = fopen(argv[i], "rb");
		long n;
		int rc;

		if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
			perror(argv[i]);
			return 2;
		}
		buf = malloc(n ? n : 1);
		if (!buf || fread(buf, 1, n, f) != (size_t)n) {
			perror(argv[i]);
			return 2;
		}
		fclose(f);
		rc = bmof_decode(buf, n, &b, err, sizeof(err));
		free(buf);
		if (rc) {
			fprintf(stderr, "%s: %s (%d)\n", argv[i], err, rc);
			failed++;
			continue;
		}
		if (json)
			bmof_print_json(stdout, b, false);
		else
			bmof_print_mof(stdout, b);
		bmof_free(b);
	}
	return failed ? 1 : 0;
}

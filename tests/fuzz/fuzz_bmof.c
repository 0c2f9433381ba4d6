// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the bMOF decoder (loader/bmof.c). Each input is
 * tried twice: as a whole blob (the FOMB header and the DS stream), and
 * as decompressed data wrapped in a literal-only DS stream, so that
 * mutations reach the object parser and the printers, which a mutated
 * compressed stream seldom does.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bmof.h"
#include "bmof_fixture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *null_out;

static void try_blob(const uint8_t *data, size_t size)
{
	struct bmof *b = NULL;
	char err[512];
	int rc;

	rc = bmof_decode(data, size, &b, err, sizeof(err));
	if (rc) {
		/* every failure says what went wrong, and leaves nothing */
		if (b || (rc != -ENOMEM && strncmp(err, "bmof: ", 6)))
			abort();
		return;
	}
	bmof_print_mof(null_out, b);
	bmof_print_json(null_out, b, false);
	bmof_free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fx in = { .d = (uint8_t *)data, .len = size };
	struct fx *blob;

	if (!null_out)
		null_out = fopen("/dev/null", "w");
	if (!null_out)
		abort();
	try_blob(data, size);
	if (size > 1 << 16)
		return 0;
	blob = fx_fomb(fx_ds(&in, false), size);
	try_blob(blob->d, blob->len);
	fx_free(blob);
	return 0;
}

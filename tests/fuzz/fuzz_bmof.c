// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the bMOF decoder (loader/bmof.c). Each input is
 * tried twice: as a whole blob (the FOMB header and the DS stream), and
 * as decompressed data wrapped in a literal-only DS stream, so that
 * mutations reach the object parser and the printers, which a mutated
 * compressed stream seldom does.
 */

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bmof.h"
#include "bmof_fixture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *null_out;

/*
 * The printers' output may hold no control character from the firmware:
 * no C0 but the MOF text's own newlines, no DEL, no C1 (U+0080-U+009F,
 * in UTF-8 0xc2 0x80-0x9f), which a terminal could take for escapes.
 */
static void check_text(FILE *f, char **buf, size_t *len, bool newlines)
{
	const unsigned char *p;
	size_t i;

	if (fflush(f))
		abort();
	p = (const unsigned char *)*buf;
	for (i = 0; i < *len; i++) {
		if ((p[i] < 0x20 && !(newlines && p[i] == '\n')) || p[i] == 0x7f ||
		    (p[i] == 0xc2 && i + 1 < *len && p[i + 1] >= 0x80 && p[i + 1] <= 0x9f))
			abort();
	}
	rewind(f);
}

static void print_checked(const struct bmof *b)
{
	static FILE *mem;
	static char *buf;
	static size_t len;

	if (!mem)
		mem = open_memstream(&buf, &len);
	if (!mem)
		abort();
	bmof_print_mof(mem, b);
	check_text(mem, &buf, &len, true);
	bmof_print_json(mem, b, false);
	check_text(mem, &buf, &len, true);	/* its one final newline */
}

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
	print_checked(b);
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

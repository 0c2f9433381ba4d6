// SPDX-License-Identifier: GPL-2.0
/*
 * Writes the bMOF fuzz target's seed corpus into the directory given:
 * the unit tests' acme fixture as blobs (literal only and compressed) and
 * as decompressed data, and smaller pieces of it. No binary is kept in
 * the tree; the seeds are made from tests/unit/bmof_fixture.c each run.
 */

#include <stdio.h>
#include <stdlib.h>

#include "bmof.h"
#include "bmof_fixture.h"

static void write_seed(const char *dir, const char *name, struct fx *f)
{
	char path[4096];
	FILE *out;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	out = fopen(path, "wb");
	if (!out || fwrite(f->d, 1, f->len, out) != f->len || fclose(out)) {
		perror(path);
		exit(1);
	}
	fx_free(f);
}

static struct fx *small_class(void)
{
	return fx_root(fx_object(0,
				 fx_list(fx_qualifier("guid", BMOF_STRING,
						      fx_str("{ABBC0F60-8EA1-11D1-00A0-C90629100000}")),
					 NULL),
				 fx_list(fx_property("__CLASS", BMOF_STRING, fx_str("Small"), NULL),
					 fx_property("X", BMOF_UINT32, fx_u32(7), NULL), NULL),
				 NULL),
		       NULL);
}

int main(int argc, char **argv)
{
	struct fx *data;

	if (argc != 2) {
		fprintf(stderr, "usage: %s DIR\n", argv[0]);
		return 2;
	}
	write_seed(argv[1], "acme-literal.bmf", fx_acme_blob(false));
	write_seed(argv[1], "acme-compressed.bmf", fx_acme_blob(true));
	write_seed(argv[1], "acme-data.bin", fx_acme());
	data = small_class();
	write_seed(argv[1], "small-compressed.bmf", fx_fomb(fx_ds(data, true), data->len));
	write_seed(argv[1], "small-data.bin", data);
	write_seed(argv[1], "empty-root.bin", fx_root(NULL));
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The loaded policies as list, status and devices print them: every
 * policy directory under bpffs (store.h) read once, so that the three
 * verbs agree on what is loaded and none of them walks the store itself.
 */
#ifndef WMIBPF_SNAPSHOT_H
#define WMIBPF_SNAPSHOT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "json.h"
#include "text.h"
#include "wmi_policy.h"

struct snapshot_policy {
	char *name;
	/*
	 * name as text shows it, escaped (text_escape()): a directory in
	 * bpffs may be named with any byte but '/', ESC and newline too.
	 * JSON takes name, which it escapes itself.
	 */
	char shown[TEXT_ESCAPED_SIZE(NAME_MAX)];
	/*
	 * A load or replace of name was interrupted (a staging directory
	 * outlived its wmibpf): what acts is not what meta says, so none of
	 * the fields below is read and they stay zero.
	 */
	bool interrupted;
	/* meta could be read; if not, it is all zero */
	bool has_meta;
	struct wmi_policy_meta meta;
	/* its objects, meta.objects[0..nr_objects) with the count clamped to the array */
	size_t nr_objects;
	/* enum wmi_policy_mode: enforce when it has no mode pin (a bare object) */
	uint32_t mode;
	/* reports its monitors had no room for: its hits at WMI_RULE_LOST() */
	uint64_t lost;
};

/*
 * The loaded policies sorted by name, then the interrupted loads sorted
 * by name: a name whose replace was interrupted is in both.
 */
struct snapshot {
	struct snapshot_policy *policies;
	size_t nr;
};

/*
 * Read every policy under bpffs into s: 0, also when no policy was ever
 * loaded (no bpffs directory); or -errno when the directory cannot be
 * listed, s then empty. A policy whose pins cannot be read is in s all the
 * same, with what could not be read left zero. Whether bpffs is a BPF
 * filesystem at all is the caller's to check (bpffs.h). Free with
 * snapshot_free(), also after a failure.
 */
int snapshot_read(const char *bpffs, struct snapshot *s);
void snapshot_free(struct snapshot *s);

/*
 * A text field of policy's meta (what: an object's name, the source):
 * field, or "?" when its size bytes hold no nul, said on stderr with the
 * policy and the field named. The kernel keeps whatever bytes the map was
 * given, so a field is only a string once this has said so.
 */
const char *snapshot_meta_text(const char *policy, const char *field, size_t size,
			       const char *what);

/*
 * An interrupted load p as list --json and status --json both print it:
 * {"name":NAME,"state":"interrupted"}, nothing of meta.
 */
void snapshot_json_interrupted(struct json *j, const struct snapshot_policy *p);

#endif

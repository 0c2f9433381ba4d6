/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Policy files: what an admin writes, parsed and checked.
 *
 *	name: acme
 *	device: FE733490-2E22-4EDB-A7B5-BC248874D383   # or "all"
 *	default: audit
 *	rules:
 *	  - method: 6
 *	    origin: user
 *	    action: deny
 *	    errno: EACCES
 *	  - method: 7
 *	    input:			# the u16 at offset 0 is 11..12
 *	      - { offset: 0, width: 2, min: 11, max: 12 }
 *	    min_size: 8			# at least 8 bytes of input
 *	    cap: CAP_SYS_RAWIO
 *	    action: allow
 *	bpf:
 *	  - acme_translator.bpf.o
 *
 * See wmibpf(8) for every key. Errors name the file, line and column and
 * say what was expected.
 */
#ifndef WMIBPF_POLICY_FILE_H
#define WMIBPF_POLICY_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "guid.h"
#include "text.h"
#include "wmi_policy.h"

#define POLICY_MAX_BPF		8
/* Far above any real policy (100 000 rules take 6 MiB), far below memory. */
#define POLICY_MAX_FILE_SIZE	(16 << 20)
/* A policy nests 3 deep (rules, a rule, a default mapping); YAML flow may nest deeper. */
#define POLICY_MAX_DEPTH	64

/*
 * A rule's conditions (wmi_policy.h): input fields it matches and
 * capabilities the caller must have. A rule without any has none.
 */
struct policy_cond {
	uint64_t caps;		/* 1 << CAP_*, all needed */
	uint32_t min_size;	/* bytes of input at least; 0: any */
	uint32_t nr_fields;
	struct wmi_rule_field fields[WMI_RULE_MAX_FIELDS];
};

struct policy_rule {
	bool any_device;	/* device below is the policy's device */
	struct wmi_guid device;
	uint32_t kind;		/* enum wmi_policy_kind: method (events too), query, set or any */
	uint32_t method_id;	/* a query's or set's instance; or WMI_POLICY_ANY */
	uint32_t origin;	/* enum wmi_policy_origin; user unless written */
	uint32_t uid, gid;	/* or WMI_POLICY_ANY */
	uint32_t action;	/* enum wmi_policy_action */
	int32_t error;		/* positive errno, for deny */
	uint32_t answer;	/* for emulate */
	bool audit;
	unsigned int line;	/* where the rule starts, 1-based */
	struct policy_cond *cond;	/* NULL: matches whatever the input and caps */
};

struct policy_action {
	uint32_t action;
	int32_t error;
	uint32_t origin;	/* the calls it is for: user (default), kernel or any */
	bool audit;
};

struct policy {
	char name[POLICY_NAME_MAX + 1];
	char *path;			/* the file it was read from */
	bool all_devices;
	struct wmi_guid device;
	struct policy_action def;	/* for calls no rule matches */
	struct policy_rule *rules;
	size_t nr_rules;
	char *bpf[POLICY_MAX_BPF];	/* vendor objects, resolved paths */
	/* where each is listed, 1-based, for errors found when it is opened */
	unsigned int bpf_line[POLICY_MAX_BPF], bpf_column[POLICY_MAX_BPF];
	size_t nr_bpf;
};

struct mof_source;

/*
 * The firmware's names a policy may use instead of numbers (device:
 * Class, method: Class.Method): decoded bMOFs, the machine's or a
 * file's, and where they came from, for messages. Without them a name
 * is refused with a message saying how to give some.
 */
struct policy_names {
	const struct mof_source *src;
	size_t nsrc;
	const char *where;	/* "this machine's bMOF", or a file's path */
};

/*
 * Read and check a policy file. On error, returns a negative errno and,
 * if err is not NULL, a malloc()ed message "FILE:LINE:COLUMN: what was
 * wrong; what was expected" (for I/O errors just "FILE: reason"), escaped
 * as text_escape() does, since it quotes the file's text and its name.
 * -EINVAL means the file is not a valid policy (also a FIFO, a device or
 * a directory, which are refused unread), -EFBIG that it is larger than
 * POLICY_MAX_FILE_SIZE; other errors are the system's.
 */
int policy_parse_file(const char *path, struct policy *p, char **err);

/* The same, from a buffer; path is only used in messages and for bpf: paths. */
int policy_parse_buffer(const char *path, const char *buf, size_t len, struct policy *p,
			char **err);

/* Both, with the names of names (NULL: none) lowered to GUIDs and method ids. */
int policy_parse_file_names(const char *path, const struct policy_names *names,
			    struct policy *p, char **err);
int policy_parse_buffer_names(const char *path, const char *buf, size_t len,
			      const struct policy_names *names, struct policy *p, char **err);

void policy_free(struct policy *p);

/* Whether two rules are for the same calls: one key of the rules map. */
bool policy_same_key(const struct policy_rule *a, const struct policy_rule *b);

/* Names of actions, origins and kinds of call, as in policy files. */
const char *policy_action_name(uint32_t action);
const char *policy_origin_name(uint32_t origin);
const char *policy_kind_name(uint32_t kind);

/* "EACCES" for 13, or NULL. */
const char *policy_errno_name(int error);

#endif

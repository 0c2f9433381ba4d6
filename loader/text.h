/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The text rules every part of wmibpf shares, so that a policy file, the
 * command line and bpffs agree: what a policy name is, how numbers are
 * written, and how strings from the kernel are shown.
 */
#ifndef WMIBPF_TEXT_H
#define WMIBPF_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A policy name is a directory in bpffs (/sys/fs/bpf/wmi/<name>/) that
 * holds pins such as obj-<map>_new; bpffs refuses dots in names, and
 * struct wmi_policy_meta keeps the name in 40 bytes. 32 fits both, and
 * any path wmibpf builds (STORE_PATH_MAX).
 */
#define POLICY_NAME_MAX		32
#define POLICY_NAME_RULE	"1 to 32 letters, digits, '_' or '-' (not first)"

/* Is s a policy name: [A-Za-z0-9_-], not starting with '-', 1..32 chars? */
bool policy_name_valid(const char *s);

/*
 * The name a bare BPF object loads under: its file name without
 * ".bpf.o" (or ".o"), with every character bpffs or the rule above
 * refuses ('.' above all) turned into '_'. Returns 0, or -EINVAL if no
 * valid name comes out of it (an empty name, a name starting with '-',
 * or a longer one than POLICY_NAME_MAX).
 */
int policy_name_from_file(const char *path, char name[POLICY_NAME_MAX + 1]);

/*
 * A number as policies and the command line write it: decimal, or
 * hexadecimal after 0x. No sign, no spaces, and no leading zero, which C
 * would read as octal ("0100" is 64 there): -EDOM for that, -EINVAL for
 * anything else that is not a number, -ERANGE above UINT32_MAX.
 */
int text_parse_u32(const char *s, uint32_t *v);

/* The same up to UINT64_MAX, for input fields of 8 bytes. */
int text_parse_u64(const char *s, uint64_t *v);

/*
 * Copy at most len bytes of s (up to a nul) into out for a terminal:
 * printable ASCII as it is, a backslash as "\\", everything else as
 * "\xHH", so that a process name with a newline or an escape sequence
 * cannot forge lines or drive root's terminal. out is always
 * nul-terminated, cut short if need be (never within an escape).
 */
void text_escape(const char *s, size_t len, char *out, size_t size);

/* The room text_escape() needs for len bytes: 4 per byte and the nul. */
#define TEXT_ESCAPED_SIZE(len)	((len) * 4 + 1)

/*
 * A WMI string as Windows marshals it (a 16-bit byte count, then UTF-16LE
 * characters) in p[0..size), as ASCII text in out: characters that are
 * not printable ASCII become '?', so firmware's text cannot drive a
 * terminal; cut at the first nul or when out is full. False, with out
 * untouched, if p is not exactly one marshalled string.
 */
bool text_wmi_string(const uint8_t *p, size_t size, char *out, size_t outsize);

/* WMI_RESULT_* as a word: "none", "integer", ..., or "?" */
const char *text_result_type(uint32_t type);

#endif

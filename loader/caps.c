// SPDX-License-Identifier: GPL-2.0
/* Capability names for policies and `wmibpf show`. */

#include <stdio.h>
#include <string.h>

#include "caps.h"

static const char *const names[WMIBPF_CAP_LAST + 1] = {
	"CAP_CHOWN", "CAP_DAC_OVERRIDE", "CAP_DAC_READ_SEARCH", "CAP_FOWNER",
	"CAP_FSETID", "CAP_KILL", "CAP_SETGID", "CAP_SETUID", "CAP_SETPCAP",
	"CAP_LINUX_IMMUTABLE", "CAP_NET_BIND_SERVICE", "CAP_NET_BROADCAST",
	"CAP_NET_ADMIN", "CAP_NET_RAW", "CAP_IPC_LOCK", "CAP_IPC_OWNER",
	"CAP_SYS_MODULE", "CAP_SYS_RAWIO", "CAP_SYS_CHROOT", "CAP_SYS_PTRACE",
	"CAP_SYS_PACCT", "CAP_SYS_ADMIN", "CAP_SYS_BOOT", "CAP_SYS_NICE",
	"CAP_SYS_RESOURCE", "CAP_SYS_TIME", "CAP_SYS_TTY_CONFIG", "CAP_MKNOD",
	"CAP_LEASE", "CAP_AUDIT_WRITE", "CAP_AUDIT_CONTROL", "CAP_SETFCAP",
	"CAP_MAC_OVERRIDE", "CAP_MAC_ADMIN", "CAP_SYSLOG", "CAP_WAKE_ALARM",
	"CAP_BLOCK_SUSPEND", "CAP_AUDIT_READ", "CAP_PERFMON", "CAP_BPF",
	"CAP_CHECKPOINT_RESTORE",
};

int cap_from_name(const char *name)
{
	int i;

	for (i = 0; i <= WMIBPF_CAP_LAST; i++)
		if (!strcmp(name, names[i]))
			return i;
	return -1;
}

const char *cap_name(unsigned int cap)
{
	return cap <= WMIBPF_CAP_LAST ? names[cap] : NULL;
}

void caps_text(char *buf, size_t size, uint64_t caps)
{
	size_t len = 0;
	unsigned int i;
	int n;

	if (!size)
		return;
	snprintf(buf, size, "-");
	for (i = 0; i < 64 && len < size; i++) {
		if (!(caps & (1ull << i)))
			continue;
		if (cap_name(i))
			n = snprintf(buf + len, size - len, "%s%s", len ? "," : "", cap_name(i));
		else
			n = snprintf(buf + len, size - len, "%scap%u", len ? "," : "", i);
		if (n < 0)
			break;
		len += n;
	}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Watches the capability checks of one thread: how often it was asked for
 * CAP_SYS_RAWIO, and how often without CAP_OPT_NOAUDIT, i.e. so that a
 * refusal goes to the audit log and the LSMs' denial logs. Attaching a
 * wmi_bpf_ops program without CAP_SYS_RAWIO is no denial and must not be
 * logged as one.
 */
#include "wmi_bpf.h"

#define CAP_SYS_RAWIO		17
#define CAP_OPT_NOAUDIT		(1 << 1)

__u32 watch_tid;	/* the thread to watch, 0 for none */
__u32 asked;		/* CAP_SYS_RAWIO checks of that thread */
__u32 audited;		/* those without CAP_OPT_NOAUDIT */

SEC("fentry/cap_capable")
int BPF_PROG(rawio_asked, const struct cred *cred, struct user_namespace *ns, int cap,
	     unsigned int opts)
{
	if (cap != CAP_SYS_RAWIO || !watch_tid || (__u32)bpf_get_current_pid_tgid() != watch_tid)
		return 0;
	asked++;
	if (!(opts & CAP_OPT_NOAUDIT))
		audited++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";

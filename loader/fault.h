/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fault injection for the tests of load, replace and unload, compiled in
 * only with -DWMIBPF_FAULTS (the guest's wmibpf-asan; never the installed
 * wmibpf, which ignores the variable).
 *
 * Each step that changes pinned or attached state calls fault_at() with
 * the step's name first ("stage", "prepare:link", "update:obj-x", ...).
 * WMIBPF_FAULT in the environment selects what happens there:
 *
 *	trace		print "wmibpf: fault point STEP" on stderr, go on
 *	STEP		the step fails with EIO, as if the kernel refused it
 *	STEP:kill	the process gets SIGKILL there, as with kill -9
 *	STEP:stop	the process stops there (SIGSTOP) until sent SIGCONT
 */
#ifndef WMIBPF_FAULT_H
#define WMIBPF_FAULT_H

#ifdef WMIBPF_FAULTS
/* 0 to go on, -EIO for an injected failure; does not return for :kill. */
int fault_at(const char *step);
#else
static inline int fault_at(const char *step)
{
	(void)step;
	return 0;
}
#endif

#endif

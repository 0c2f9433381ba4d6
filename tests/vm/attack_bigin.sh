# SPDX-License-Identifier: GPL-2.0
# Hostile review (regression): a program on a WMI_METHOD_INPUT_MAX input
# rewrites its last dword; windows that wrap around u32 or end past the
# input get NULL; one byte more is refused before the call. KASAN watches.
. /wmibpf/tests/lib.sh
run_prog attack-bpf bigin
finish

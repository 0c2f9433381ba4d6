#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# timed.sh PHASE CMD...: run CMD and append "PHASE SECONDS" to the file
# $WMIBPF_PHASES, which scripts/check.sh prints at its end, so that a
# phase growing slower (the kernel build, a boot) shows from run to run.
# Without WMIBPF_PHASES it only runs CMD.
set -uo pipefail
phase=$1
shift
start=$SECONDS
"$@"
rc=$?
[ -z "${WMIBPF_PHASES:-}" ] || echo "$phase $((SECONDS - start))" >>"$WMIBPF_PHASES"
exit $rc

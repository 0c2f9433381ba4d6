#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Shared locations for the vmtest scripts and the Makefile.
#
# Everything expensive (the unpacked kernel tree, its build, libbpf and
# bpftool) lives in a cache outside the work tree so that a fresh clone, CI
# and repeated runs on one machine share it.  Override with WMIBPF_CACHE.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${WMIBPF_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wmi-bpf}
OUT=${WMIBPF_OUT:-$TOP/out}
LINUX_TARBALL=${LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz}

linux_source_version() {
	dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null ||
		stat -c '%s-%Y' "$LINUX_TARBALL"
}

SRCVER=$(linux_source_version)
KCACHE=$CACHE/linux-$SRCVER
KSRC=$KCACHE/src
KBUILD=$KCACHE/build
# libbpf and bpftool (vmtest/tools.sh), in a directory keyed by the content
# of tools.sh and the patches it applies to the tree's bpftool, as the
# kernel build is keyed: a changed patch builds anew, and work trees of
# other versions of the script keep their own.
tools_key() {
	{
		cat "$TOP/vmtest/tools.sh"
		cat "$TOP"/vmtest/tools/*.patch 2>/dev/null || true
	} | sha256sum | cut -c1-12
}
KTOOLS=$KCACHE/tools-$(tools_key)

die() {
	echo "$*" >&2
	exit 1
}

# Run directly, print the named variables for the Makefile:
#   vmtest/env.sh KBUILD KTOOLS
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	for v in "$@"; do
		echo "${!v}"
	done
fi

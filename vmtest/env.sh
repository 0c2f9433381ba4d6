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

# prune_cache DIR PREFIX CURRENT: the cache keeps a tree per key (tools-<key>,
# dkms-<key>), and every changed script or patch makes a new one.  Keep the
# current tree and the two used last before it (other work trees may be on
# other versions), remove the rest and say how much that freed.  A tree is
# "used" when its directory was last touched, as the builds do.
prune_cache() {
	local dir=$1 prefix=$2 current=$3 old kb=0 n=0 d
	touch "$current"
	old=$(find "$dir" -maxdepth 1 -mindepth 1 -type d -name "$prefix*" ! -path "$current" \
		-printf '%T@ %p\n' 2>/dev/null | sort -rn | tail -n +3 | cut -d' ' -f2-)
	[ -n "$old" ] || return 0
	while read -r d; do
		kb=$((kb + $(du -sk "$d" | cut -f1)))
		rm -rf "$d"
		n=$((n + 1))
	done <<<"$old"
	echo "cache: removed $n old $prefix* tree(s) from $dir, $((kb / 1024)) MiB freed" >&2
}

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

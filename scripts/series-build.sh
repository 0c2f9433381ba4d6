#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Check that every patch of kernel/series builds on its own: apply the
# series one patch at a time to a scratch worktree of the cached source
# and compile, with W=1, the WMI core's objects that exist at that point,
# two in-tree drivers that include its headers and every C file the series
# changed so far.  The test kernel's .config is used, so every file is
# built as it is in the test bed.  The config is applied again only after
# a patch that changes a Kconfig file: doing it for every patch made make
# sync the config each time, and cost more than the compiling.
#
# Each prefix of the series that built is remembered, keyed by its
# patches, the config, this script and the compiler: a later run starts
# after the longest prefix that built before, so a change to the last
# patch builds only that one, and a series that passed is not built again.
# Prints "PASS: series builds patch by patch" or names the first patch
# that does not build, with the compiler's output; each patch's line gives
# its time.
set -euo pipefail
. "$(dirname "$0")/../vmtest/env.sh"

series=$TOP/kernel/series
patchdir=$TOP/kernel/patches
wt=$KCACHE/series-wt
bdir=$KCACHE/series-build
jobs=${JOBS:-$(nproc)}

[ -f "$KBUILD/.config" ] || die "series: no test kernel config; run vmtest/kernel.sh first"

patches=()
while read -r p || [ -n "$p" ]; do
	p=${p%%#*}
	p=${p//[[:space:]]/}
	[ -n "$p" ] && patches+=("$p")
done <"$series"

# The test kernel's config, as it is between two kernel builds: another
# tree's vmtest/kernel.sh may be rewriting it (it holds $KCACHE/lock).
config=$(mktemp)
trap 'rm -f "$config"' EXIT
exec 8>>"$KCACHE/lock"
flock -s 8
cp "$KBUILD/.config" "$config"
flock -u 8
exec 8>&-

# keys[i]: the key of the series' first i+1 patches, chained from the
# config's, this script's and the compiler's.  A patch counts without its
# number in the series ("[PATCH 3/34]"), which adding a patch changes in
# every other.
k=$({
	cat "$config" "$0"
	"${CC:-gcc}" --version | head -n1
} | sha256sum | cut -c1-64)
keys=()
for p in "${patches[@]}"; do
	[ -f "$patchdir/$p" ] || die "series: kernel/series names $p but kernel/patches/$p is missing"
	h=$(sed '1,/^$/s|^Subject: \[PATCH [0-9]*/[0-9]*\]|Subject: [PATCH]|' "$patchdir/$p" |
		sha256sum | cut -c1-64)
	k=$(echo "$k $h" | sha256sum | cut -c1-16)
	keys+=("$k")
done
total=${#patches[@]}
[ "$total" -gt 0 ] || die "series: kernel/series names no patch"

# Trees on other branches share the cache: a run for one must not make
# the next for another build again, so the keys of many prefixes are kept.
built=$bdir/.series-prefixes
if grep -qx "${keys[total - 1]}" "$built" 2>/dev/null; then
	echo "PASS: series builds patch by patch (cached ${keys[total - 1]})"
	exit 0
fi

exec 9>"$KCACHE/series.lock"
flock 9

# The longest prefix that built before.
done_n=0
for ((i = total; i > 0; i--)); do
	if grep -qx "${keys[i - 1]}" "$built" 2>/dev/null; then
		done_n=$i
		break
	fi
done

if [ ! -d "$wt" ]; then
	git -C "$KSRC" worktree add -q --detach "$wt" pristine
fi
# A run killed in git am, or a patch that did not apply, leaves am's state.
git -C "$wt" am --abort >/dev/null 2>&1 || true
git -C "$wt" checkout -q -f --detach pristine
git -C "$wt" clean -q -fdx
mkdir -p "$bdir"

# Objects worth compiling once patch n is applied: the WMI core's whose
# source exists, two drivers that include its headers, and every C file
# the series changed so far.
objects() {
	local d=drivers/platform/x86 f
	{
		for f in "$wt"/$d/wmi-*.c; do
			f=${f##*/}
			echo "$d/${f%.c}.o"
		done
		echo "$d/dell/dell-smbios-wmi.o"
		echo "$d/msi-wmi-platform.o"
		git -C "$wt" diff --name-only --diff-filter=d pristine HEAD -- '*.c' | sed 's/\.c$/.o/'
	} | sort -u
}

remember() {	# KEY: a prefix that built
	{ grep -vx "$1" "$built" 2>/dev/null | tail -n 299 || true; echo "$1"; } >"$built.new"
	mv "$built.new" "$built"
}

configured=0
for ((i = 0; i < total; i++)); do
	p=${patches[i]}
	n=$((i + 1))
	git -C "$wt" -c user.name=wmibpf -c user.email=wmibpf@localhost am -q --whitespace=nowarn \
		"$patchdir/$p" </dev/null || die "series: kernel/patches/$p does not apply"
	if [ $n -le $done_n ]; then
		[ $n -lt $done_n ] || echo "series: patches 1 to $n built before"
		continue
	fi
	t0=$SECONDS
	# Options a patch adds (ACPI_WMI_BPF) take the test kernel's value.
	# Whole outputs into variables: grep -q ending a pipe early would kill
	# the command before it (SIGPIPE) and, under pipefail, read as "no".
	changed=$(git -C "$wt" diff --name-only HEAD~1 HEAD)
	if [ $configured = 0 ] || [[ $changed == *Kconfig* ]]; then
		cp "$config" "$bdir/.config"
		make -s -C "$wt" O="$bdir" olddefconfig </dev/null >/dev/null
		configured=1
	fi
	ok=1
	# shellcheck disable=SC2046
	out=$(make -s -C "$wt" O="$bdir" -j"$jobs" W=1 $(objects) 2>&1 </dev/null) || ok=0
	warnings=$(echo "$out" | grep 'warning:' | grep -v 'frame size' || true)
	if [ $ok = 0 ] || [ -n "$warnings" ]; then
		echo "$out" | grep -v 'frame size\|^ *[0-9]* | \|^ *| *\^' | sed -n 1,40p
		echo "FAIL: series: kernel/patches/$p (patch $n) does not build cleanly"
		exit 1
	fi
	remember "${keys[i]}"
	echo "series: patch $n builds ($((SECONDS - t0)) s): $p"
done

echo "PASS: series builds patch by patch ($total patches, $((total - done_n)) built now)"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Check that every patch of kernel/series builds on its own: apply the
# series one patch at a time to a scratch worktree of the cached source
# and compile, with W=1, the WMI core's objects that exist at that point
# and two in-tree drivers that include its headers.  The test kernel's
# .config is used, so every file is built as it is in the test bed.
#
# A run is keyed by the series and the config: a series that passed is not
# built again.  Prints "PASS: series builds patch by patch" or names the
# first patch that does not build, with the compiler's output.
set -euo pipefail
. "$(dirname "$0")/../vmtest/env.sh"

series=$TOP/kernel/series
patchdir=$TOP/kernel/patches
wt=$KCACHE/series-wt
bdir=$KCACHE/series-build
jobs=${JOBS:-$(nproc)}

[ -f "$KBUILD/.config" ] || die "series: no test kernel config; run vmtest/kernel.sh first"

key=$({
	sed -e 's/#.*//' "$series" | while read -r p; do
		[ -n "$p" ] && sha256sum "$patchdir/$p"
	done
	sha256sum "$KBUILD/.config" "$TOP/scripts/series-build.sh"
} | sed "s|$TOP/||" | sha256sum | cut -c1-16)
# The keys of the last series that passed: trees on other branches share
# the cache, and a run for one must not make the next for another rebuild.
passed=$bdir/.series-keys
if grep -qx "$key" "$passed" 2>/dev/null; then
	echo "PASS: series builds patch by patch (cached $key)"
	exit 0
fi

exec 9>"$KCACHE/series.lock"
flock 9

if [ ! -d "$wt" ]; then
	git -C "$KSRC" worktree add -q --detach "$wt" pristine
fi
git -C "$wt" checkout -q -f --detach pristine
git -C "$wt" clean -q -fdx
mkdir -p "$bdir"

# Objects worth compiling once patch n is applied: those whose source exists.
objects() {
	local d=drivers/platform/x86 f
	for f in "$wt"/$d/wmi-*.c; do
		f=${f##*/}
		echo "$d/${f%.c}.o"
	done
	echo "$d/dell/dell-smbios-wmi.o $d/msi-wmi-platform.o"
}

n=0
while read -r p; do
	p=${p%%#*}
	[ -n "$p" ] || continue
	n=$((n + 1))
	git -C "$wt" -c user.name=wmibpf -c user.email=wmibpf@localhost am -q --whitespace=nowarn \
		"$patchdir/$p" </dev/null || die "series: kernel/patches/$p does not apply"
	# Options a patch adds (ACPI_WMI_BPF) take the test kernel's value.
	cp "$KBUILD/.config" "$bdir/.config"
	make -s -C "$wt" O="$bdir" olddefconfig </dev/null >/dev/null
	# shellcheck disable=SC2046
	if ! out=$(make -s -C "$wt" O="$bdir" -j"$jobs" W=1 $(objects) 2>&1 </dev/null) ||
		echo "$out" | grep 'warning:' | grep -vq 'frame size'; then
		echo "$out" | grep -v 'frame size\|^ *[0-9]* | \|^ *| *\^' | head -n 40
		echo "FAIL: series: kernel/patches/$p (patch $n) does not build cleanly"
		exit 1
	fi
	echo "series: patch $n builds: $p"
done <"$series"

{ grep -vx "$key" "$passed" 2>/dev/null | tail -n 7 || true; echo "$key"; } >"$passed.new"
mv "$passed.new" "$passed"
echo "PASS: series builds patch by patch ($n patches)"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The series check catches a patch that adds a warning, names it, and does
# not build again the prefix that built before it.  Run by scripts/check.sh
# after scripts/series-build.sh passed, so the series' own prefix is
# remembered: the series plus one broken patch must build only that one.
# The broken patch is made here, on the series' tree: it adds a static
# variable nothing uses to wmi-owner.c ("defined but not used").
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/vmtest/env.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# wmi-owner.c as the series leaves it, from a scratch index (no checkout).
export GIT_INDEX_FILE=$tmp/index
git -C "$KSRC" read-tree pristine
sed -e 's/#.*//' "$top/kernel/series" | while read -r p; do
	[ -z "$p" ] || git -C "$KSRC" apply --cached --whitespace=nowarn "$top/kernel/patches/$p"
done
f=drivers/platform/x86/wmi-owner.c
mkdir -p "$tmp/a/${f%/*}" "$tmp/b/${f%/*}"
git -C "$KSRC" show ":$f" >"$tmp/a/$f"
unset GIT_INDEX_FILE
{ cat "$tmp/a/$f"; echo 'static int wmi_series_test_unused;'; } >"$tmp/b/$f"

mkdir -p "$tmp/top/scripts" "$tmp/top/vmtest" "$tmp/top/kernel/patches"
cp "$top/scripts/series-build.sh" "$tmp/top/scripts/"
cp "$top/vmtest/env.sh" "$top/vmtest/tools.sh" "$tmp/top/vmtest/"
cp "$top"/kernel/patches/*.patch "$tmp/top/kernel/patches/"
{
	echo "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
	echo "From: WMI-BPF tests <wmi-bpf@example.org>"
	echo "Subject: [PATCH] A variable nothing uses"
	echo
	echo "---"
	(cd "$tmp" && diff -u "a/$f" "b/$f") || true
} >"$tmp/top/kernel/patches/9999-broken.patch"
{ cat "$top/kernel/series"; echo 9999-broken.patch; } >"$tmp/top/kernel/series"
n=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/kernel/series" | wc -l)

rc=0
out=$(bash "$tmp/top/scripts/series-build.sh" 2>&1) || rc=$?
fail() {
	# Indented: its PASS:/FAIL: lines are not this test's verdicts.
	echo "$out" | sed 's/^/  /'
	echo "FAIL: series:broken_patch ($1)"
	exit 1
}
[ $rc = 1 ] || fail "exit status $rc, not 1"
echo "$out" | grep -q "^series: patches 1 to $n built before$" ||
	fail "it did not start after the $n patches that built before"
echo "$out" | grep -q "wmi_series_test_unused.*defined but not used" ||
	fail "the compiler's warning is not shown"
echo "$out" | grep -q "^FAIL: series: kernel/patches/9999-broken.patch (patch $((n + 1))) does not build cleanly$" ||
	fail "the broken patch is not named"
echo "PASS: series:broken_patch (a warning fails the series and names its patch; $n patches not built again)"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Nothing in this tree's Makefile may write into the kernel build
# directory, which trees on other branches share: only vmtest/kernel.sh
# builds there, under its lock. GNU make's built-in rule "%: %.o" once
# did: while another tree relinked the kernel (vmlinux.o newer than
# vmlinux), a "make unit" here ran "cc vmlinux.o -o vmlinux" in it.
# Dry-runs make on a fake build directory in that state.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/build"
touch -d '-1 min' "$tmp/build/vmlinux"
touch "$tmp/build/vmlinux.o"
out=$(make -C "$top" -n OUT="$tmp/out" KBUILD="$tmp/build" "$tmp/out/bpf/vmlinux.h" 2>&1)
if echo "$out" | grep -E -- "-o [^ ]*$tmp/build/" >/dev/null; then
	echo "$out"
	echo "FAIL: build: make writes into the shared kernel build directory"
	exit 1
fi
echo "PASS: build: make leaves the kernel build directory alone"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Developer helper: regenerate kernel/patches and kernel/series from a
# kernel git tree whose commits since the tag "pristine" are the series
# (for example a worktree of the cached source: see README.md).
#
#   scripts/kdev-export.sh /path/to/kernel/tree
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:?usage: $0 KERNEL_TREE}

rm -f "$top"/kernel/patches/*.patch
git -C "$tree" format-patch -q --no-signature --zero-commit -o "$top/kernel/patches" pristine..
(cd "$top/kernel/patches" && ls -1 ./*.patch | sed 's|^\./||') >"$top/kernel/series"
echo "kdev-export: $(wc -l <"$top/kernel/series") patch(es) in kernel/series"

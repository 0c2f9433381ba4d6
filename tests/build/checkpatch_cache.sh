#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/check.sh keeps the patches checkpatch passed, so as not to run it
# again. Whatever checkpatch reads must be in that key, or a cached PASS
# hides a patch that fails: here a .checkpatch.conf in $HOME, which
# checkpatch.pl reads as it does one in the tree, with --ignore in it.
# A fake checkpatch.pl, in a fake cache, passes the patch only with it.
# And a patch renumbered in the series is not checked again.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export WMIBPF_CACHE=$tmp/cache HOME=$tmp/home WMIBPF_PHASES=
ksrc=$("$top/vmtest/env.sh" KSRC)
mkdir -p "$ksrc/scripts" "$HOME"
cat >"$ksrc/scripts/checkpatch.pl" <<'PL'
# A patch is clean only if a .checkpatch.conf, where the real one looks,
# ignores LONG_LINE.
for my $d (".", $ENV{HOME}, ".scripts") {
	if (open(my $f, "<", "$d/.checkpatch.conf")) {
		exit 0 if grep { /--ignore\s+LONG_LINE/ } <$f>;
	}
}
print "x.patch:1: WARNING: LONG_LINE: line length exceeds 100 columns\n";
exit 1;
PL
: >"$ksrc/scripts/spelling.txt"
: >"$ksrc/scripts/const_structs.checkpatch"
mkdir -p "$tmp/tree/kernel/patches"
echo "a patch" >"$tmp/tree/kernel/patches/0001-x.patch"
patch=kernel/patches/0001-x.patch

run() {
	(cd "$tmp/tree" && ln -sfn "$top/scripts" scripts && ln -sfn "$top/vmtest" vmtest &&
		bash "$tmp/tree/scripts/check.sh" --checkpatch "$patch" 2>&1) | grep "^[A-Z]*: checkpatch:" || true
}

echo "--ignore LONG_LINE" >"$HOME/.checkpatch.conf"
first=$(run)
rm "$HOME/.checkpatch.conf"
second=$(run)
echo "with --ignore: $first"
echo "without:       $second"
if [[ "$first" != PASS:* || "$second" != FAIL:* ]]; then
	echo "FAIL: build: check.sh's checkpatch cache kept a PASS checkpatch would not give"
	exit 1
fi
echo "PASS: build: check.sh's checkpatch cache follows .checkpatch.conf"

# A patch's number in the series is no part of the key: adding a patch
# renumbers every other, whose verdicts stand. Its text is.
echo "--ignore LONG_LINE" >"$HOME/.checkpatch.conf"
printf 'Subject: [PATCH 1/2] x\n\nbody\n' >"$tmp/tree/$patch"
run >/dev/null
printf 'Subject: [PATCH 1/3] x\n\nbody\n' >"$tmp/tree/$patch"
renumbered=$(run)
printf 'Subject: [PATCH 1/3] x\n\nanother body\n' >"$tmp/tree/$patch"
changed=$(run)
echo "renumbered: $renumbered"
echo "changed:    $changed"
if [[ "$renumbered" != *"(cached)" || "$changed" == *"(cached)" ]]; then
	echo "FAIL: build: check.sh's checkpatch cache keys a patch by its text, not its number"
	exit 1
fi
echo "PASS: build: check.sh's checkpatch cache keys a patch by its text, not its number"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Build libbpf (static, with headers) and bpftool from the same
# linux-source-6.12 tree as the kernel, into the cache.  Debian's libbpf 1.1
# and bpftool 7.1 predate struct_ops links; the tree's copies match the
# kernel we test.  bpftool is built from a copy of tools/bpf/bpftool with
# vmtest/tools/*.patch applied (each says why), so the kernel tree stays
# as the series leaves it.  Built once per source version and content of
# this script and its patches ($KTOOLS, vmtest/env.sh).
set -euo pipefail
. "$(dirname "$0")/env.sh"

"$TOP/vmtest/kernel.sh" --unpack-only

mkdir -p "$KTOOLS"
exec 9>"$KCACHE/lock"
flock 9

if [ -f "$KTOOLS/.done" ]; then
	touch "$KTOOLS"	# used: prune_cache keeps it
	echo "tools: using cached libbpf and bpftool ($KTOOLS)"
	exit 0
fi

jobs=${JOBS:-$(nproc)}
# The kernel tree's Makefiles pick the first clang on PATH; make it 19.
export PATH=/usr/lib/llvm-19/bin:$PATH

echo "tools: building libbpf and bpftool from linux-source $SRCVER"
rm -rf "$KTOOLS"/{libbpf,libbpf-obj,bpftool-obj,bin,src}
mkdir -p "$KTOOLS/libbpf-obj"
make -s -C "$KSRC/tools/lib/bpf" -j"$jobs" OUTPUT="$KTOOLS/libbpf-obj/" \
	DESTDIR="$KTOOLS/libbpf" prefix= libdir_relative=lib \
	install_headers install_lib >/dev/null
rm -f "$KTOOLS"/libbpf/lib/libbpf.so*	# link statically: nothing to ship

# bpftool's Makefile includes ../../scripts/Makefile.include and takes the
# rest of the tree from srctree.
bsrc=$KTOOLS/src/tools/bpf/bpftool
rm -rf "$KTOOLS/src"
mkdir -p "$(dirname "$bsrc")"
cp -a "$KSRC/tools/bpf/bpftool" "$bsrc"
ln -s "$KSRC/tools/scripts" "$KTOOLS/src/tools/scripts"
# A repository of its own, so that git apply never takes paths as
# relative to an enclosing one.
git -C "$KTOOLS/src" init -q
for p in "$TOP"/vmtest/tools/*.patch; do
	[ -f "$p" ] || continue
	git -C "$KTOOLS/src" apply "$p" 2>"$KTOOLS/apply.log" || {
		cat "$KTOOLS/apply.log" >&2
		die "tools: ${p#"$TOP"/} does not apply to linux-source $SRCVER's bpftool"
	}
	echo "tools: applied ${p#"$TOP"/}"
done

mkdir -p "$KTOOLS/bpftool-obj" "$KTOOLS/bin"
make -s -C "$bsrc" -j"$jobs" srctree="$KSRC" OUTPUT="$KTOOLS/bpftool-obj/" \
	EXTRA_CFLAGS=-Wno-error >/dev/null
cp "$KTOOLS/bpftool-obj/bpftool" "$KTOOLS/bin/bpftool"
touch "$KTOOLS/.done"
prune_cache "$KCACHE" tools- "$KTOOLS"
echo "tools: libbpf $(sed -n 's/.*LIBBPF_MAJOR_VERSION \([0-9]*\)/\1/p' \
	"$KTOOLS/libbpf/include/bpf/libbpf_version.h").$(sed -n \
	's/.*LIBBPF_MINOR_VERSION \([0-9]*\)/\1/p' \
	"$KTOOLS/libbpf/include/bpf/libbpf_version.h"), $("$KTOOLS/bin/bpftool" --version | head -n1)"

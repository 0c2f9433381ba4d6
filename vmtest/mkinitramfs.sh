#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Pack the guest's initramfs: static busybox, vmtest/init, the project's
# staged files ($OUT/guest, laid out as the guest sees them), the kernel's
# own modules, and every shared library the staged programs need.
set -euo pipefail
. "$(dirname "$0")/env.sh"

stage=$OUT/guest
root=$OUT/vmtest/root
img=$OUT/vmtest/initramfs.cpio.gz

[ -d "$stage" ] || die "mkinitramfs: $stage missing (make stage)"
# busybox-static puts its binary at /bin/busybox; a dynamic one would not
# run in the guest without its libraries.
busybox=/bin/busybox
[ -x "$busybox" ] || die "mkinitramfs: $busybox missing; run scripts/install-deps.sh"

rm -rf "$root"
mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,run,root,etc,host,lib,lib64}
cp "$busybox" "$root/bin/busybox"
cp "$TOP/vmtest/init" "$root/init"
chmod 755 "$root/init"
cp -a "$stage/." "$root/"

echo 'root:x:0:0:root:/root:/bin/sh' >"$root/etc/passwd"
echo 'nobody:x:65534:65534:nobody:/:/bin/false' >>"$root/etc/passwd"
echo 'root:x:0:' >"$root/etc/group"
echo 'nogroup:x:65534:' >>"$root/etc/group"

if [ -d "$KBUILD/modroot/lib/modules" ]; then
	mkdir -p "$root/lib/modules"
	cp -a "$KBUILD/modroot/lib/modules/." "$root/lib/modules/"
fi

# Shared libraries of every dynamically linked program, at their host paths.
find "$root" -type f -perm -u+x | while read -r f; do
	{ ldd "$f" 2>/dev/null || true; } | awk '/=> \// { print $3 } /^\t\/lib/ { print $1 }'
done | sort -u | while read -r lib; do
	mkdir -p "$root$(dirname "$lib")"
	cp -L "$lib" "$root$lib"
done

# Without debug information: the guest unpacks the image on every boot, a
# second or more under TCG for each 20 MB.  BPF objects keep their BTF
# (the verifier's line information), modules theirs; the loader's test
# build keeps all for its sanitizers' reports.
find "$root" -type f ! -path "$root/wmibpf/asan/*" | while read -r f; do
	case "$(head -c 4 "$f" | od -An -c | tr -d ' ')" in
	177ELF) ;;
	*) continue ;;
	esac
	case "$f" in
	*.bpf.o) llvm-strip-19 -g "$f" ;;
	*) strip --strip-debug "$f" ;;
	esac
done

(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1 >"$img")
echo "mkinitramfs: $img ($(du -h "$img" | cut -f1))"

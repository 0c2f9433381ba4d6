#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Fetch Debian's own kernel, the one the DKMS module is tested on: the
# linux-image-<abi>-amd64-unsigned package and the headers matching it, of
# the version of the linux-source-6.12 the series is applied to (so the
# module is built from exactly the source of the kernel it replaces a part
# of).  The packages are fetched with apt-get download and unpacked with
# dpkg-deb into the cache, never installed: the headers package depends on
# a kernel image, and installing one on the host would put a kernel in
# /boot and run its initramfs and boot loader hooks.
#
#   vmtest/debian-kernel.sh          fetch once per version; print the root
#   vmtest/debian-kernel.sh KVER     print the kernel release (6.12.118+deb12-amd64)
#
# The root, $CACHE/debian-<version>/root, holds boot/vmlinuz-<kver>,
# lib/modules/<kver>/ and usr/src/linux-headers-<kver>/ (usable as
# make -C ... M=...).
set -euo pipefail
. "$(dirname "$0")/env.sh"

# 6.12.118-1~deb12u1: upstream 6.12.118, Debian ABI name 6.12.118+deb12.
upstream=${SRCVER%%-*}
deb=$(echo "$SRCVER" | sed -n 's/.*~\(deb[0-9]*\).*/\1/p')
[ -n "$deb" ] || die "debian-kernel: cannot tell the Debian release from linux-source version $SRCVER"
kver=$upstream+$deb-amd64
if [ "${1:-}" = KVER ]; then
	echo "$kver"
	exit 0
fi

dir=$CACHE/debian-$SRCVER
root=$dir/root
if [ -f "$dir/done" ]; then
	echo "$root"
	exit 0
fi
mkdir -p "$dir"
exec 9>"$dir/lock"
flock 9
if [ -f "$dir/done" ]; then
	echo "$root"
	exit 0
fi

pkgs=("linux-image-$kver-unsigned" "linux-headers-$kver"
	"linux-headers-$upstream+$deb-common" "linux-kbuild-$upstream+$deb")
echo "debian-kernel: fetching Debian's $kver ($SRCVER): ${pkgs[*]}" >&2
rm -rf "$dir/debs" "$root"
mkdir -p "$dir/debs" "$root"
# apt-get download writes into the current directory.  The archive keeps
# the packages of one ABI name at one version, which must be linux-source's.
# As root, apt hands downloads to its _apt user, which cannot write into
# root's cache and says so; the files are the archive's, checked all the same.
sandbox=()
[ "$(id -u)" -ne 0 ] || sandbox=(-o APT::Sandbox::User=root)
if ! (cd "$dir/debs" && apt-get download -q "${sandbox[@]}" "${pkgs[@]/%/=$SRCVER}" >&2); then
	die "debian-kernel: Debian's archive has no ${pkgs[*]} at $SRCVER (linux-source-6.12 is $SRCVER); after apt-get update, see which 6.12 kernels it has: apt-cache search linux-image-6.12"
fi
for d in "$dir"/debs/*.deb; do
	dpkg-deb -x "$d" "$root"
done

# The headers' Makefile includes the common headers at their installed,
# absolute, path; point it at the unpacked ones.
hdr=$root/usr/src/linux-headers-$kver
sed -i "s|^include /usr/src/|include $root/usr/src/|" "$hdr/Makefile"
for f in "$root/boot/vmlinuz-$kver" "$hdr/Module.symvers" "$hdr/vmlinux" \
	"$root/lib/modules/$kver/modules.order"; do
	[ -e "$f" ] || die "debian-kernel: $f is not in Debian's packages"
done
rm -rf "$dir/debs"
touch "$dir/done"
echo "debian-kernel: $kver in $root" >&2
echo "$root"

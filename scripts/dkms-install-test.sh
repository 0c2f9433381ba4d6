#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The README's install and removal, done as written in a throwaway Debian
# 12 chroot that has Debian's 6.12 kernel image, as an admin's laptop has:
# apt installs the headers and the two packages of make dkms, DKMS builds
# and installs wmi.ko under updates/dkms/, and apt remove brings Debian's
# wmi.ko back (in modules.dep and in the initramfs).  Not part of make
# check: it downloads a base system and a kernel (some 6 minutes here).
# Needs root and debootstrap.
#
#   scripts/dkms-install-test.sh [CHROOT]     (default $CACHE/dkms-chroot)
#
# Prints PASS:/FAIL: lines like the other tests.
set -euo pipefail
. "$(dirname "$0")/../vmtest/env.sh"

[ "$(id -u)" -eq 0 ] || die "dkms-install-test: needs root (chroot, mount)"
command -v debootstrap >/dev/null || die "dkms-install-test: needs debootstrap (apt-get install debootstrap)"
c=${1:-$CACHE/dkms-chroot}
kver=$("$TOP/vmtest/debian-kernel.sh" KVER)
version=$("$TOP/scripts/dkms-source.sh" --version)
debs=("$OUT"/dkms/wmi-bpf-dkms_"$version"_all.deb "$OUT"/dkms/wmibpf_"$version"_amd64.deb)
for d in "${debs[@]}"; do
	[ -f "$d" ] || die "dkms-install-test: $d missing; run make dkms"
done

if [ ! -f "$c/.wmibpf-base" ]; then
	rm -rf "$c"
	debootstrap --variant=minbase --include=ca-certificates bookworm "$c" \
		http://deb.debian.org/debian >"$CACHE/dkms-chroot.log" 2>&1 ||
		die "dkms-install-test: debootstrap failed (log: $CACHE/dkms-chroot.log)"
	# The host's sources: the 6.12 kernels are in bookworm-security.
	cp -a /etc/apt/sources.list /etc/apt/sources.list.d "$c/etc/apt/" 2>/dev/null || true
	touch "$c/.wmibpf-base"
fi
mount --bind /proc "$c/proc"
trap 'umount "$c/proc"' EXIT
rm -f "$c"/root/*.deb
cp "${debs[@]}" "$c/root/"

# in_chroot CMD: run CMD (a shell line) in the chroot, its output in the log.
log=$c/root/test.log
: >"$log"
in_chroot() {
	chroot "$c" /bin/sh -c "export DEBIAN_FRONTEND=noninteractive; $1" >>"$log" 2>&1
}
result() {
	if [ "$2" = 0 ]; then
		echo "PASS: dkms-install:$1"
	else
		echo "FAIL: dkms-install:$1 (log: $log)"
		failed=1
	fi
}
failed=0
in_chroot "apt-get update -q" || die "dkms-install-test: apt-get update in $c failed (log: $log)"
in_chroot "dpkg -s linux-image-$kver >/dev/null 2>&1 || apt-get install -y -q --no-install-recommends linux-image-$kver" ||
	die "dkms-install-test: installing Debian's linux-image-$kver in $c failed (log: $log)"

# The README's command, with the chroot's kernel for $(uname -r).
rc=0
in_chroot "cd /root && apt-get install -y -q linux-headers-$kver ./$(basename "${debs[0]}") ./$(basename "${debs[1]}")" || rc=$?
result install "$rc"
rc=0
in_chroot "dkms status wmi-bpf | grep -q '$kver, x86_64: installed'" || rc=$?
result dkms-installed "$rc"
rc=0
in_chroot "modinfo -k $kver -n wmi | grep -q /updates/dkms/wmi.ko && modinfo -k $kver -F version wmi | grep -qx '$version'" || rc=$?
result modprobe-finds-it "$rc"
rc=0
in_chroot "! lsinitramfs /boot/initrd.img-$kver | grep -q '/wmi.ko\$' || lsinitramfs /boot/initrd.img-$kver | grep -q 'updates/dkms/wmi.ko\$'" || rc=$?
result initramfs-has-it "$rc"
rc=0
in_chroot "test -x /usr/sbin/wmibpf && test -f /usr/lib/systemd/system/wmibpf.service && test -f /usr/lib/wmibpf/deny_method.bpf.o" || rc=$?
result wmibpf-installed "$rc"

rc=0
in_chroot "apt-get remove -y -q wmi-bpf-dkms wmibpf" || rc=$?
result remove "$rc"
rc=0
in_chroot "modinfo -k $kver -n wmi | grep -q /kernel/drivers/platform/x86/wmi.ko && ! lsinitramfs /boot/initrd.img-$kver | grep -q updates/dkms/wmi.ko" || rc=$?
result debian-wmi-back "$rc"
[ $failed -eq 0 ]

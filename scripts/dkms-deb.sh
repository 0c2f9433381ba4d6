#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the two Debian packages "make dkms" ships, with dpkg-deb alone (no
# debhelper: nothing is compiled at package time):
#
#   wmi-bpf-dkms_<version>_all.deb   the DKMS tree of scripts/dkms-source.sh
#                                    in /usr/src/wmi-bpf-<version>; DKMS
#                                    builds wmi.ko for each 6.12 kernel with
#                                    headers and installs it under
#                                    updates/dkms/, where it wins over the
#                                    kernel's own
#   wmibpf_<version>_amd64.deb       wmibpf, its man page, the BPF objects,
#                                    policies, systemd unit and udev rule,
#                                    as "make install" lays them out
#
#   scripts/dkms-deb.sh OUTDIR WMIBPF_ROOT
#
# WMIBPF_ROOT is a "make install DESTDIR=... PREFIX=/usr" tree.
set -euo pipefail
. "$(dirname "$0")/../vmtest/env.sh"

[ $# -eq 2 ] || die "usage: scripts/dkms-deb.sh OUTDIR WMIBPF_ROOT"
outdir=$1
wroot=$2
[ -x "$wroot/usr/sbin/wmibpf" ] || die "dkms-deb: $wroot/usr/sbin/wmibpf missing (make install DESTDIR=$wroot PREFIX=/usr)"

tree=$("$TOP/scripts/dkms-source.sh")
version=$("$TOP/scripts/dkms-source.sh" --version)
mkdir -p "$outdir"

# --- wmi-bpf-dkms
p=$outdir/pkg-dkms
rm -rf "$p"
mkdir -p "$p/DEBIAN" "$p/usr/src"
cp -a "$tree" "$p/usr/src/wmi-bpf-$version"
cat >"$p/DEBIAN/control" <<EOC
Package: wmi-bpf-dkms
Version: $version
Architecture: all
Section: kernel
Priority: optional
Maintainer: WMI-BPF Developers <wmi-bpf@example.org>
Depends: dkms (>= 3.0)
Recommends: wmibpf (= $version)
Description: WMI core with BPF hooks (DKMS replacement for wmi.ko)
 The ACPI-WMI core of Linux 6.12 with the WMI-BPF series applied: a
 method interface for user space (/dev/wmi/<device>), method ownership
 for drivers, and BPF struct_ops programs on every WMI method call.
 Built from linux-source $SRCVER; DKMS installs it under
 /lib/modules/<kernel>/updates/dkms, ahead of the kernel's own wmi.ko.
 Removing the package brings the kernel's own wmi.ko back.
EOC
# dh_dkms' scripts, by hand: dkms' own common.postinst adds the module
# and builds and installs it for the newest and the running kernel that
# have headers.  A kernel whose initramfs holds wmi.ko would load the old
# one at boot until the initramfs is made again.
# Both on install and on removal: which wmi.ko an initramfs holds changes.
refresh_initramfs=$(cat <<'EOS'
	for img in /boot/initrd.img-*; do
		[ -f "$img" ] || continue
		if lsinitramfs "$img" 2>/dev/null | grep -q '/wmi\.ko'; then
			update-initramfs -u -k "${img#/boot/initrd.img-}" || true
		fi
	done
EOS
)
cat >"$p/DEBIAN/postinst" <<EOS
#!/bin/sh
set -e
if [ "\$1" = configure ]; then
	/usr/lib/dkms/common.postinst wmi-bpf "$version" "" "" "\$2"
$refresh_initramfs
fi
EOS
cat >"$p/DEBIAN/prerm" <<EOS
#!/bin/sh
set -e
# dkms remove runs depmod: the kernel's own wmi.ko is the one modprobe
# finds again.
dkms remove -m wmi-bpf -v "$version" --all >/dev/null 2>&1 || true
EOS
cat >"$p/DEBIAN/postrm" <<EOS
#!/bin/sh
set -e
if [ "\$1" = remove ] || [ "\$1" = purge ]; then
$refresh_initramfs
fi
EOS
chmod 755 "$p/DEBIAN/postinst" "$p/DEBIAN/prerm" "$p/DEBIAN/postrm"
dpkg-deb --root-owner-group -Zxz -b "$p" "$outdir/wmi-bpf-dkms_${version}_all.deb" >/dev/null

# --- wmibpf
p=$outdir/pkg-wmibpf
rm -rf "$p"
mkdir -p "$p/DEBIAN"
cp -a "$wroot/." "$p/"
# Policies in /etc are the admin's: dpkg keeps changed ones on upgrade.
find "$p/etc" -type f | sed "s|^$p||" >"$p/DEBIAN/conffiles"
[ -s "$p/DEBIAN/conffiles" ] || rm -f "$p/DEBIAN/conffiles"
# libbpf is linked in statically (vmtest/tools.sh); the rest is Debian's.
cat >"$p/DEBIAN/control" <<EOC
Package: wmibpf
Version: $version
Architecture: amd64
Section: admin
Priority: optional
Maintainer: WMI-BPF Developers <wmi-bpf@example.org>
Depends: libc6, libelf1, zlib1g, libyaml-0-2
Recommends: wmi-bpf-dkms (= $version)
Description: load and inspect WMI-BPF policies
 wmibpf loads policies (YAML files) and BPF programs onto the WMI core
 of the WMI-BPF series, lists WMI devices, their owners and policies,
 streams audit events and makes raw calls for debugging. It ships the
 shipped policies, a systemd unit that loads /etc/wmibpf/policies.d at
 boot and a udev rule that loads a device's policies when it appears.
EOC
dpkg-deb --root-owner-group -Zxz -b "$p" "$outdir/wmibpf_${version}_amd64.deb" >/dev/null
rm -rf "$outdir/pkg-dkms" "$outdir/pkg-wmibpf"
echo "dkms: $outdir/wmi-bpf-dkms_${version}_all.deb"
echo "dkms: $outdir/wmibpf_${version}_amd64.deb"
echo "dkms: made from linux-source $SRCVER (Debian kernel $("$TOP/vmtest/debian-kernel.sh" KVER))"

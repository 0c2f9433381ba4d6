#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The DKMS module on Debian's own kernel: build wmi.ko from the DKMS tree
# with dkms itself against Debian's headers, check that it keeps the CRCs
# of Debian's wmi.ko, and boot Debian's vmlinuz in QEMU with Debian's own
# modules, the replacement under updates/dkms/ (where DKMS installs it,
# ranked above Debian's by depmod), and the fake laptops; then run the
# in-guest tests named on the command line there (tests/vm/*.sh).
#
#   vmtest/debian.sh TEST...
#
# Prints PASS:/FAIL: lines as vmtest/run.sh does, each name prefixed with
# "debian:" so that they count apart from the test kernel's.  Needs make
# initramfs (the guest's programs, tests and BPF objects, built for the
# test kernel: the same objects must work on Debian's, their WMI-BPF types
# found in the wmi module's BTF).
set -euo pipefail
. "$(dirname "$0")/env.sh"

[ $# -gt 0 ] || die "debian: no tests named"
[ -d "$OUT/vmtest/root" ] || die "debian: $OUT/vmtest/root missing; run 'make initramfs' first"

start=$(date +%s)
root=$("$TOP/vmtest/debian-kernel.sh")
kver=$("$TOP/vmtest/debian-kernel.sh" KVER)
hdr=$root/usr/src/linux-headers-$kver
tree=$("$TOP/scripts/dkms-source.sh")
name=$(basename "$tree")
version=${name#wmi-bpf-}
work=$(dirname "$tree")/debian-$kver
dest=$OUT/debian
mkdir -p "$work" "$dest"

passed=0
failed=0
result() {
	# result NAME OK WHY: one PASS:/FAIL: line.
	if [ "$2" = 0 ]; then
		echo "PASS: debian:$1"
		passed=$((passed + 1))
	else
		echo "FAIL: debian:$1 ($3)"
		failed=$((failed + 1))
	fi
}

# 1. wmi.ko the way DKMS builds it on an admin's machine (dkms.conf's MAKE),
# in a DKMS tree of the cache's own instead of /var/lib/dkms.
ko=$work/dkms/wmi-bpf/$version/$kver/x86_64/module/wmi.ko
if [ ! -f "$ko" ]; then
	t0=$(date +%s)
	rm -rf "$work/dkms"
	mkdir -p "$work/dkms"
	if ! nice dkms build -q -m wmi-bpf -v "$version" -k "$kver" --dkmstree "$work/dkms" \
		--sourcetree "$(dirname "$tree")" --kernelsourcedir "$hdr" >"$work/dkms.log" 2>&1 ||
		[ ! -f "$ko" ]; then
		cat "$work"/dkms/wmi-bpf/"$version"/build/make.log "$work/dkms.log" >&2 2>/dev/null || true
		die "debian: dkms build of wmi-bpf $version for $kver failed (log above)"
	fi
	echo "debian: dkms built wmi.ko $version for $kver in $(($(date +%s) - t0)) s"
fi

# 2. The same build by hand, for its Module.symvers: the CRCs to compare,
# and the symbols the project's test modules link against.
sym=$work/build/Module.symvers
if [ ! -f "$sym" ]; then
	rm -rf "$work/build"
	cp -a "$tree" "$work/build"
	nice make -s -C "$hdr" M="$work/build" modules >"$work/build.log" 2>&1 || {
		cat "$work/build.log" >&2
		die "debian: building $tree against $hdr failed"
	}
fi
# Every symbol Debian's wmi.ko exports, with Debian's CRC.
want=$(awk -F'\t' '$3 == "drivers/platform/x86/wmi" { print $2, $1 }' "$hdr/Module.symvers" | sort)
have=$(awk -F'\t' '{ print $2, $1 }' "$sym" | sort)
missing=$(comm -23 <(echo "$want") <(echo "$have") | awk '{ print $1 }' | tr '\n' ' ')
result dkms-crc "$([ -n "$want" ] && [ -z "$missing" ] && echo 0 || echo 1)" \
	"symbols without Debian's CRC: ${missing:-none found in $hdr/Module.symvers}"

# The package version sorts (scripts/dkms-source.sh): the previous
# commit's packages compare lower, so apt upgrades from them.  Not in a
# clone without the previous commit.
if prev=$("$TOP/scripts/dkms-source.sh" --version HEAD~1 2>/dev/null); then
	result dkms-version-order \
		"$(dpkg --compare-versions "$prev" lt "$version" && echo 0 || echo 1)" \
		"the previous commit's $prev does not sort below $version"
fi

# 3. The project's test modules (kernel/modules), against Debian's headers
# with the series' headers first, and the replacement's symbols.
for d in "$TOP"/kernel/modules/*/Kbuild; do
	d=$(dirname "$d")
	o=$dest/modules/$(basename "$d")
	mkdir -p "$o"
	rsync -a --checksum "$d/" "$o/"
	nice make -s -C "$hdr" M="$o" NOSTDINC_FLAGS="-nostdinc -I$tree/include" \
		KBUILD_EXTRA_SYMBOLS="$sym" modules >"$o/build.log" 2>&1 || {
		cat "$o/build.log" >&2
		die "debian: building kernel/modules/$(basename "$d") against $hdr failed"
	}
done

# 4. The initramfs: the test kernel's (busybox, programs, libraries),
# with Debian's modules instead: those that use the WMI core, what they
# need, uncompressed for busybox' modprobe, and the replacement where DKMS
# puts it.  depmod, as on the admin's machine, decides which wmi.ko wins.
mods=$root/lib/modules/$kver
# Debian's package has no modules.dep (its postinst runs depmod): once
# per Debian version, in the cache.
[ -f "$mods/modules.dep" ] || depmod -b "$root" "$kver"
droot=$dest/root
rm -rf "$droot"
cp -a "$OUT/vmtest/root" "$droot"
rm -rf "$droot/lib/modules" "$droot/wmibpf/modules"
mkdir -p "$droot/lib/modules/$kver/updates/dkms" "$droot/wmibpf/modules"
cp "$mods"/modules.order "$mods"/modules.builtin "$mods"/modules.builtin.modinfo \
	"$droot/lib/modules/$kver/"
# Modules that need wmi.ko, then everything they need (modules.dep lists a
# module's whole closure).
grep -E '(^|[ /])wmi\.ko' "$mods/modules.dep" | tr -d ':' | tr ' ' '\n' | sort -u |
	while read -r m; do
		[ -n "$m" ] || continue
		mkdir -p "$droot/lib/modules/$kver/$(dirname "$m")"
		xz -dc "$mods/$m" >"$droot/lib/modules/$kver/${m%.xz}"
	done
cp "$ko" "$droot/lib/modules/$kver/updates/dkms/wmi.ko"
depmod -b "$droot" "$kver"
grep -q '^updates/dkms/wmi.ko:' "$droot/lib/modules/$kver/modules.dep" ||
	die "debian: depmod did not rank updates/dkms/wmi.ko above Debian's"
cp "$dest"/modules/*/*.ko "$droot/wmibpf/modules/"
echo "$version" >"$droot/wmibpf/dkms-version"
(cd "$droot" && find . | cpio -o -H newc --quiet | gzip -1 >"$dest/initramfs.cpio.gz")
echo "debian: Debian $kver, wmi-bpf $version, $(find "$droot/lib/modules" -name '*.ko' | wc -l) modules; ready in $(($(date +%s) - start)) s"

# 5. Boot it: vmtest/run.sh, on this kernel and initramfs.  Debian's
# kernel patches its own code live (static keys, when a struct_ops map
# attaches), and under multi-threaded TCG the other vCPU once ran a stale
# int3 of such a patch: "Oops: int3" in ttwu_do_activate, about one full
# make check in three, never when these tests ran alone.  With both vCPUs
# in one host thread, a patch is seen by both at once.
rc=0
WMIBPF_TCG_THREAD=${WMIBPF_TCG_THREAD:-single} WMIBPF_KERNEL=$root/boot/vmlinuz-$kver WMIBPF_INITRD=$dest/initramfs.cpio.gz \
	"$TOP/vmtest/run.sh" --logs "$OUT/vmtest/logs/$(date +%Y%m%d-%H%M%S)-debian" "$@" \
	>"$dest/run.log" || rc=$?
sed -e 's/^\(PASS\|FAIL\): /\1: debian:/' "$dest/run.log"
p=$(grep -c '^PASS: ' "$dest/run.log" || true)
f=$(grep -c '^FAIL: ' "$dest/run.log" || true)
[ "$rc" = 0 ] || [ "$f" -gt 0 ] || { echo "FAIL: debian:boot (vmtest/run.sh exited $rc)"; f=$((f + 1)); }
passed=$((passed + p))
failed=$((failed + f))
echo "debian: $passed passed, $failed failed in $(($(date +%s) - start)) s"
[ $failed -eq 0 ]

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Install every Debian package that building, testing and demonstrating
# WMI-BPF needs.  Idempotent and quick when everything is present: dpkg is
# asked first and apt only runs for what is missing.
#
# libbpf and bpftool are deliberately *not* taken from Debian: bookworm ships
# libbpf 1.1 and bpftool 7.1, both older than the struct_ops link support the
# project relies on.  They are built from the same linux-source-6.12 tree the
# kernel comes from (see vmtest/tools.sh), so kernel, libbpf and bpftool always
# agree.
set -euo pipefail

packages=(
	# kernel build
	build-essential bc bison flex libssl-dev libelf-dev dwarves cpio
	xz-utils kmod rsync python3 linux-source-6.12
	# BPF programs, skeletons, libbpf/bpftool from the kernel tree
	clang-19 llvm-19 lld-19 zlib1g-dev pkg-config libcap-dev
	# fake laptop and the VM test bed
	acpica-tools qemu-system-x86 busybox-static
	# the DKMS module: built with dkms itself for Debian's kernel (vmtest/debian.sh)
	dkms
	# wmibpf and user-space tests
	libyaml-dev libcmocka-dev valgrind
	# clang-19's libFuzzer and sanitizer runtimes, for make fuzz-smoke
	libclang-rt-19-dev
)

missing=()
for p in "${packages[@]}"; do
	status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$status" = installed ] || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
	echo "deps: all ${#packages[@]} packages present"
	exit 0
fi

echo "deps: installing ${missing[*]}"
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo

# A fresh machine may have no package lists at all.
if ! compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null; then
	$sudo apt-get update
fi

export DEBIAN_FRONTEND=noninteractive
if ! $sudo apt-get install -y --no-install-recommends "${missing[@]}"; then
	# Stale lists make apt ask for files the mirror no longer has.
	$sudo apt-get update
	$sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Load the machine as CI's neighbours do: two other QEMU guests keeping
# both cores busy, so that anyone can check that make check holds on a
# busy machine (README, "The test bed").
#
#   scripts/busy-load.sh start [N]   start N guests (default 2) in the background
#   scripts/busy-load.sh stop        stop them
#
# The guests boot the test kernel and initramfs (make vm-deps) and run
# vmtest/busy.sh: an endless loop on each of their two vCPUs.
set -euo pipefail
. "$(dirname "$0")/../vmtest/env.sh"

dir=$OUT/busy-load
case "${1:-}" in
start)
	n=${2:-2}
	bzimage=$KBUILD/arch/x86/boot/bzImage
	initrd=$OUT/vmtest/initramfs.cpio.gz
	for f in "$bzimage" "$initrd"; do
		[ -f "$f" ] || die "busy-load: $f missing; run 'make vm-deps' first"
	done
	mkdir -p "$dir"
	for i in $(seq 1 "$n"); do
		[ ! -f "$dir/$i.pid" ] || ! kill -0 "$(cat "$dir/$i.pid")" 2>/dev/null ||
			die "busy-load: guest $i already runs (scripts/busy-load.sh stop)"
		qemu-system-x86_64 -accel tcg -cpu max,la57=off -smp 2 -m 512 \
			-kernel "$bzimage" -initrd "$initrd" \
			-append "console=ttyS0 panic=-1 no_timer_check wmibpf.run=busy" \
			-display none -nodefaults -no-reboot \
			-serial file:"$dir/$i.console" -serial null \
			-daemonize -pidfile "$dir/$i.pid"
	done
	echo "busy-load: $n guest(s) running; 'scripts/busy-load.sh stop' ends them"
	;;
stop)
	for p in "$dir"/*.pid; do
		[ -f "$p" ] || continue
		kill "$(cat "$p")" 2>/dev/null || true
		rm -f "$p"
	done
	echo "busy-load: stopped"
	;;
*)
	sed -n '8,12p' "$0"
	exit 2
	;;
esac

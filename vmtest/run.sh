#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the test kernel on a fake laptop and run in-guest tests.
#
#   vmtest/run.sh [--logs DIR] TEST...   run tests/vm/TEST.sh in the guest
#   vmtest/run.sh [--machine M] --shell  boot to an interactive shell
#   vmtest/run.sh [--machine M] --run NAME
#                                        run vmtest/NAME.sh (demo, bench), its
#                                        output on stdout
#
# A machine is a fake laptop, vmtest/machines/M.conf (its ACPI tables and
# SMBIOS); the default is acme.  A test runs on the machine its script
# names in a line "# vmtest: machine=M".  Tests share one boot per machine
# unless their script says "# vmtest: own-boot" (for tests that change the
# kernel for good, such as lockdown).  Each test is reported as
# "PASS: name" or "FAIL: name (why)".  The run fails on any test failure, on
# a guest that does not finish in time, and on any kernel splat (BUG, WARN,
# Oops, lockdep, KASAN, kmemleak) in the console log of any boot, which is
# kept and named in the report.  WMIBPF_KERNEL and WMIBPF_INITRD boot
# another kernel and initramfs (vmtest/debian.sh: Debian's own kernel).
set -euo pipefail
. "$(dirname "$0")/env.sh"

bzimage=${WMIBPF_KERNEL:-$KBUILD/arch/x86/boot/bzImage}
initrd=${WMIBPF_INITRD:-$OUT/vmtest/initramfs.cpio.gz}
machine=acme
logs=
shell=0
run=

while [ $# -gt 0 ]; do
	case "$1" in
	--shell) shell=1 ;;
	--run) run=$2; shift ;;
	--logs) logs=$2; shift ;;
	--machine) machine=$2; shift ;;
	-h|--help) sed -n '4,20p' "$0"; exit 0 ;;
	-*) die "vmtest: unknown option $1" ;;
	*) break ;;
	esac
	shift
done

for f in "$bzimage" "$initrd"; do
	[ -f "$f" ] || die "vmtest: $f missing; run 'make vm-deps' first"
done

# machine_args M: the QEMU arguments of machine M (vmtest/machines/M.conf)
# into the array margs, checking that its built files are there.
machine_args() {
	local conf=$TOP/vmtest/machines/$1.conf f acpi=() smbios=() smbios_files=()
	[ -f "$conf" ] || die "vmtest: no machine $1 (vmtest/machines/$1.conf)"
	# shellcheck disable=SC1090
	. "$conf"
	margs=()
	for f in "${acpi[@]}"; do
		[ -f "$OUT/acpi/$f.aml" ] || die "vmtest: $OUT/acpi/$f.aml missing; run 'make vm-deps' first"
		margs+=(-acpitable "file=$OUT/acpi/$f.aml")
	done
	for f in "${smbios[@]}"; do
		margs+=(-smbios "$f")
	done
	for f in "${smbios_files[@]}"; do
		[ -f "$OUT/smbios/$f.bin" ] || die "vmtest: $OUT/smbios/$f.bin missing; run 'make vm-deps' first"
		margs+=(-smbios "file=$OUT/smbios/$f.bin")
	done
}

# Splats that fail a run wherever they appear in the guest's console.
splat='(BUG:|WARNING:|Oops|Kernel panic|KASAN|UBSAN|general protection fault|'
splat+='possible circular locking|possible recursive locking|inconsistent lock state|'
splat+='suspicious RCU usage|unreferenced object|suspected memory leak|blocked for more than|'
splat+='Call Trace:|'
splat+='ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:)'

# Guests hang under KVM on some hosts: use it only once a probe boot has
# finished under it on this host.  The verdict is cached per host kernel and
# QEMU version, since that is what it depends on.
accel() {
	local probe v
	if [ -n "${WMIBPF_ACCEL:-}" ]; then
		echo "$WMIBPF_ACCEL"
		return
	fi
	if [ ! -w /dev/kvm ]; then
		echo tcg
		return
	fi
	v=$(qemu-system-x86_64 --version | head -n1 | tr -c 'A-Za-z0-9.\n' _)
	probe=$CACHE/kvm-probe-$(uname -r)-$v
	if [ ! -f "$probe" ]; then
		local d
		d=$(mktemp -d)
		if timeout 30 qemu-system-x86_64 -accel kvm -cpu host -m 256 -smp 1 \
			-kernel "$bzimage" -initrd "$initrd" \
			-append "console=ttyS0 panic=-1 wmibpf.tests=" \
			-display none -nodefaults -no-reboot \
			-serial file:"$d/console" -serial file:"$d/results" >/dev/null 2>&1 &&
			grep -q DONE "$d/results"; then
			echo kvm >"$probe"
		else
			echo tcg >"$probe"
		fi
		rm -rf "$d"
	fi
	cat "$probe"
}

# qemu_args ACCEL MACHINE: the whole QEMU command line but for the kernel's
# command line and the serial ports, into the array qargs.
qemu_args() {
	local a=$1
	# No 5-level paging: while identify_cpu() recomputes the boot CPU's
	# features, LA57 reads as off, and KASAN then takes an interrupt's
	# access to the 5-level direct map for a wild one (seen once in some
	# thirty boots, at arch_cpu_finalize_init()).  4-level paging has no
	# such window, and nothing under test depends on the paging depth.
	local cpu=max,la57=off
	[ "$a" = kvm ] && cpu=host
	machine_args "$2"
	# WMIBPF_TCG_THREAD=single runs both vCPUs in one host thread, for
	# kernels that trip over code patching under multi-threaded TCG.
	local accel=$a
	[ "$a" = tcg ] && [ -n "${WMIBPF_TCG_THREAD:-}" ] && accel=tcg,thread=$WMIBPF_TCG_THREAD
	qargs=(qemu-system-x86_64 -accel "$accel" -cpu "$cpu" -smp 2 -m 1024
		-kernel "$bzimage" -initrd "$initrd" "${margs[@]}"
		-display none -nodefaults -no-reboot)
}

a=$(accel)

if [ $shell = 1 ]; then
	qemu_args "$a" "$machine"
	echo "vmtest: booting a shell on the $machine laptop ($a); the work tree is at /host in the guest"
	exec "${qargs[@]}" \
		-append "console=ttyS0 panic=-1 wmibpf.machine=$machine wmibpf.shell" \
		-virtfs local,path="$TOP",mount_tag=host,security_model=none,readonly=on \
		-serial mon:stdio -serial null
fi

logs=${logs:-$OUT/vmtest/logs/$(date +%Y%m%d-%H%M%S)}

if [ -n "$run" ]; then
	[ -f "$TOP/vmtest/$run.sh" ] || die "vmtest: no vmtest/$run.sh"
	mkdir -p "$logs/$run"
	qemu_args "$a" "$machine"
	echo "vmtest: booting the fake $machine laptop ($a); kernel log in $logs/$run/console.log"
	rc=0
	# The script's own output comes over the second serial port, live.
	timeout 900 "${qargs[@]}" \
		-append "console=ttyS0 panic=-1 oops=panic wmibpf.machine=$machine wmibpf.run=$run" \
		-serial file:"$logs/$run/console.log" -serial stdio </dev/null |
		tee "$logs/$run/$run.log" | grep -avE '^(RUN-EXIT|DONE)' || rc=$?
	splats=$(grep -aE "$splat" "$logs/$run/console.log" | head -n 5 || true)
	[ -z "$splats" ] || die "vmtest: the kernel reported: $splats (log: $logs/$run/console.log)"
	grep -aq '^RUN-EXIT 0' "$logs/$run/$run.log" ||
		die "vmtest: $run did not finish cleanly (qemu $rc; log: $logs/$run/console.log)"
	exit 0
fi

[ $# -gt 0 ] || die "vmtest: no tests named"
mkdir -p "$logs"

# Split the tests into boots: one shared per machine, in the order the
# machines first appear, and one per own-boot test, on its machine.
machines=()
declare -A shared=()
own=()
for t in "$@"; do
	s=$TOP/tests/vm/$t.sh
	[ -f "$s" ] || die "vmtest: no test $t (tests/vm/$t.sh)"
	m=$(sed -n 's/^# vmtest: machine=\([A-Za-z0-9_-]*\).*/\1/p' "$s" | head -n1)
	m=${m:-acme}
	[ -f "$TOP/vmtest/machines/$m.conf" ] ||
		die "vmtest: test $t wants machine $m, but there is no vmtest/machines/$m.conf"
	if grep -q '^# vmtest: own-boot' "$s"; then
		own+=("$m:$t")
	else
		[ -n "${shared[$m]+set}" ] || machines+=("$m")
		shared[$m]="${shared[$m]:-} $t"
	fi
done

test_timeout() {
	local v
	v=$(sed -n 's/^# vmtest: timeout=\([0-9]*\).*/\1/p' "$TOP/tests/vm/$1.sh")
	echo "${v:-120}"
}

passed=0
failed=0

# why_failed LOG TEST: what a failed test printed, without the kernel's
# lines, so that a report (a CI run's, say) says why even once the log is
# gone.
why_failed() {
	sed -n "/^=== test $2: start/,/^=== test $2: exit/p" "$1" |
		tr -d '\r' | grep -av -e '^\[ *[0-9]*\.[0-9]*\]' -e '^ok: ' -e '^=== test' |
		tail -n 15 | sed 's/^/    /'
}

# boot NAME MACHINE TEST...: one guest on MACHINE, the listed tests in
# order; logs in $logs/NAME.
boot() {
	local name=$1 machine=$2
	shift 2
	local dir=$logs/$name t limit=60 rc=0 line
	mkdir -p "$dir"
	for t in "$@"; do
		limit=$((limit + $(test_timeout "$t")))
	done
	local tests
	tests=$(IFS=,; echo "$*")
	qemu_args "$a" "$machine"
	timeout "$limit" "${qargs[@]}" \
		-append "console=ttyS0 panic=-1 oops=panic wmibpf.machine=$machine wmibpf.tests=$tests" \
		-serial file:"$dir/console.log" -serial file:"$dir/results.log" \
		>"$dir/qemu.log" 2>&1 || rc=$?

	local why=
	if [ $rc -eq 124 ]; then
		why="guest did not finish within ${limit}s"
	elif ! grep -q '^DONE' "$dir/results.log" 2>/dev/null; then
		why="guest stopped before finishing (qemu exit $rc)"
	fi
	local splats
	splats=$(grep -aE "$splat" "$dir/console.log" | head -n 5 || true)
	[ -z "$splats" ] || why="${why:+$why; }kernel reported: $(echo "$splats" | head -n1)"

	for t in "$@"; do
		line=$(grep -a "^RESULT $t " "$dir/results.log" 2>/dev/null | tail -n1 || true)
		if [ -z "$line" ]; then
			echo "FAIL: $t (no result; ${why:-guest lost}) log: $dir/console.log"
			why_failed "$dir/console.log" "$t"
			failed=$((failed + 1))
		elif [ "$(echo "$line" | cut -d' ' -f3)" != 0 ]; then
			echo "FAIL: $t (exit $(echo "$line" | cut -d' ' -f3)) log: $dir/console.log"
			why_failed "$dir/console.log" "$t"
			failed=$((failed + 1))
		else
			echo "PASS: $t ($(echo "$line" | cut -d' ' -f4)s)"
			passed=$((passed + 1))
		fi
	done
	if [ -n "$why" ]; then
		echo "FAIL: vmtest-boot-$name ($why) log: $dir/console.log"
		[ -z "$splats" ] || echo "$splats" | sed 's/^/    /'
		failed=$((failed + 1))
	fi
}

echo "vmtest: $# test(s), accelerator $a, logs in $logs"
for m in "${machines[@]}"; do
	# shellcheck disable=SC2086
	boot "$m" "$m" ${shared[$m]}
done
for mt in "${own[@]}"; do
	boot "${mt#*:}" "${mt%%:*}" "${mt#*:}"
done

echo "vmtest: $passed passed, $failed failed"
[ $failed -eq 0 ]

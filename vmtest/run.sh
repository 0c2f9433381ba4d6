#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the test kernel on a fake laptop and run in-guest tests.
#
#   vmtest/run.sh [--logs DIR] TEST...   run tests/vm/TEST.sh in the guest
#   vmtest/run.sh --plan TEST...         print the boots it would run, the
#                                        first to start first: NAME MACHINE
#                                        TEST... a line
#   vmtest/run.sh [--machine M] --shell  boot to an interactive shell
#   vmtest/run.sh [--machine M] --run NAME
#                                        run vmtest/NAME.sh (demo, bench), its
#                                        output on stdout
#
# A machine is a fake laptop, vmtest/machines/M.conf (its ACPI tables and
# SMBIOS); the default is acme.  A test runs on the machine its script
# names in a line "# vmtest: machine=M".  Tests share their machine's boots
# (one, or one per host core for the machine with most tests); a test whose
# script says "# vmtest: own-boot" (it changes the kernel for good, such as
# lockdown) runs last in one, "# vmtest: first" first.  Each test is
# reported as "PASS: name" or "FAIL: name (why)".
#
# In a shared boot the guest puts back what each test changed (policies,
# pins, modules, node modes, processes: vmtest/bed.sh) and checks it did; a
# test that left something fails and is named as the cause, and when the
# guest cannot be made clean the tests after it get a new boot.  A test's
# "# vmtest: timeout=N" (120 unless it says) is a budget in seconds of an
# idle host, which the guest counts in the machine's measured speed
# (tests/vm/progs/bed_timeout.c); a guest silent for WMIBPF_SILENT_LIMIT
# seconds (300) is taken for hung.  The run fails on any test failure, on
# a guest that hangs or dies, and on any kernel splat (BUG, WARN, Oops,
# lockdep, KASAN, kmemleak) in the console log of any boot, which is kept
# and named in the report.  WMIBPF_KERNEL and WMIBPF_INITRD boot
# another kernel and initramfs (vmtest/debian.sh: Debian's own kernel).
set -euo pipefail
. "$(dirname "$0")/env.sh"

# no_timer_check: on a loaded host the early IO-APIC timer check can miss
# its ticks and panic the boot ("IO-APIC + timer doesn't work!").
# norandmaps: TCG keeps the code it translated by the address it ran at,
# so with the address space laid out alike at every exec a program run
# again reuses it instead of translating it anew.  The tests run hundreds
# of wmibpf, bpftool and test programs; measured in one boot, a policy
# load took 1.17 s against 1.44 with randomized maps, wmibpf check 0.25
# against 0.42.  Nothing under test depends on where user space is mapped.
KCMDLINE="console=ttyS0 panic=-1 no_timer_check norandmaps"

bzimage=${WMIBPF_KERNEL:-$KBUILD/arch/x86/boot/bzImage}
initrd=${WMIBPF_INITRD:-$OUT/vmtest/initramfs.cpio.gz}
machine=acme
logs=
shell=0
run=
plan=0

while [ $# -gt 0 ]; do
	case "$1" in
	--shell) shell=1 ;;
	--run) run=$2; shift ;;
	--logs) logs=$2; shift ;;
	--machine) machine=$2; shift ;;
	--plan) plan=1 ;;
	-h|--help) sed -n '4,23p' "$0"; exit 0 ;;
	-*) die "vmtest: unknown option $1" ;;
	*) break ;;
	esac
	shift
done

[ $plan = 1 ] || for f in "$bzimage" "$initrd"; do
	[ -f "$f" ] || die "vmtest: $f missing; run 'make vm-deps' first"
done
# Trees on other branches share the kernel build: booting what another
# tree built, or modules built for another vmlinux, fails in confusing
# ways (the guest refuses the modules' BTF).
if [ -z "${WMIBPF_KERNEL:-}" ] && [ $plan = 0 ]; then
	want=$("$TOP/vmtest/kernel.sh" --key)
	have=$(cat "$KBUILD/.wmibpf-key" 2>/dev/null || echo "none (a build is running or failed)")
	[ "$have" = "$want" ] ||
		die "vmtest: $KBUILD holds kernel $have, this tree's is $want (another tree rebuilt it); run 'make vm-deps' again"
	for f in "$OUT"/modules/*/.kernel-key; do
		[ "$(cat "$f")" = "$want $(stat -c %Y "$KBUILD/vmlinux")" ] ||
			die "vmtest: $(dirname "$f") was built for another kernel build; run 'make vm-deps' again"
	done
fi

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
			-append "$KCMDLINE wmibpf.tests=" \
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

a=tcg
[ $plan = 1 ] || a=$(accel)

if [ $shell = 1 ]; then
	qemu_args "$a" "$machine"
	echo "vmtest: booting a shell on the $machine laptop ($a); the work tree is at /host in the guest"
	exec "${qargs[@]}" \
		-append "$KCMDLINE wmibpf.machine=$machine wmibpf.shell" \
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
		-append "$KCMDLINE oops=panic wmibpf.machine=$machine wmibpf.run=$run" \
		-serial file:"$logs/$run/console.log" -serial stdio </dev/null |
		tee "$logs/$run/$run.log" | grep -avE '^(RUN-EXIT|DONE)' || rc=$?
	splats=$(grep -aE "$splat" "$logs/$run/console.log" | head -n 5 || true)
	[ -z "$splats" ] || die "vmtest: the kernel reported: $splats (log: $logs/$run/console.log)"
	grep -aq '^RUN-EXIT 0' "$logs/$run/$run.log" ||
		die "vmtest: $run did not finish cleanly (qemu $rc; log: $logs/$run/console.log)"
	exit 0
fi

[ $# -gt 0 ] || die "vmtest: no tests named"
[ $plan = 1 ] || mkdir -p "$logs"

# The machines, in the order they first appear, and each one's tests.
machines=()
declare -A tests_of=()
for t in "$@"; do
	s=$TOP/tests/vm/$t.sh
	[ -f "$s" ] || die "vmtest: no test $t (tests/vm/$t.sh)"
	m=$(sed -n 's/^# vmtest: machine=\([A-Za-z0-9_-]*\).*/\1/p' "$s" | head -n1)
	m=${m:-acme}
	[ -f "$TOP/vmtest/machines/$m.conf" ] ||
		die "vmtest: test $t wants machine $m, but there is no vmtest/machines/$m.conf"
	[ -n "${tests_of[$m]+set}" ] || machines+=("$m")
	tests_of[$m]="${tests_of[$m]:-} $t"
done

# budget TEST: the test's budget, seconds on an idle host ("# vmtest:
# timeout=N", 120 unless it says).  The guest counts it in the machine's
# measured speed (tests/vm/progs/bed_timeout.c), so a busy host gets more
# wall time, up to ten times as much.
budget() {
	local v
	v=$(sed -n 's/^# vmtest: timeout=\([0-9]*\).*/\1/p' "$TOP/tests/vm/$1.sh" | head -n1)
	echo "${v:-120}"
}

# A guest that says nothing on its results port for this long (it says
# ALIVE every five seconds while a test runs) is hung or dead.
SILENT_LIMIT=${WMIBPF_SILENT_LIMIT:-300}
# Before its first result a guest is booting, and says nothing on the
# results port: a KASAN kernel unpacking its initramfs on a host loaded
# eightfold was silent for over 300 s and was not hung.
BOOT_SILENT_LIMIT=${WMIBPF_BOOT_SILENT_LIMIT:-900}

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

# guest DIR MACHINE TEST...: boot MACHINE once with the tests, until the
# guest powers off, falls silent for SILENT_LIMIT seconds, or overruns
# ten times the tests' budgets; sets why when it did not finish.
guest() {
	local dir=$1 machine=$2
	shift 2
	local tests t limit=60 qpid rc=0 size last=-1 quiet_since now started silent
	for t in "$@"; do
		limit=$((limit + $(budget "$t")))
	done
	limit=$((limit * 10))
	tests=$(IFS=,; echo "$*")
	mkdir -p "$dir"
	: >"$dir/results.log"
	qemu_args "$a" "$machine"
	"${qargs[@]}" \
		-append "$KCMDLINE oops=panic wmibpf.machine=$machine wmibpf.tests=$tests" \
		-serial file:"$dir/console.log" -serial file:"$dir/results.log" \
		>"$dir/qemu.log" 2>&1 </dev/null &
	qpid=$!
	started=$SECONDS
	quiet_since=$SECONDS
	why=
	while kill -0 "$qpid" 2>/dev/null; do
		sleep 1
		now=$SECONDS
		size=$(stat -c %s "$dir/results.log" 2>/dev/null || echo 0)
		silent=$SILENT_LIMIT
		[ "$size" != 0 ] || silent=$BOOT_SILENT_LIMIT
		if [ "$size" != "$last" ]; then
			last=$size
			quiet_since=$now
		elif [ $((now - quiet_since)) -ge "$silent" ]; then
			why="guest silent for ${silent}s"
		fi
		[ $((now - started)) -lt "$limit" ] || why="guest did not finish within ${limit}s"
		if [ -n "$why" ]; then
			kill "$qpid" 2>/dev/null
			break
		fi
	done
	wait "$qpid" || rc=$?
	# The guest's tty ends lines with CR LF: without the CR, "START t$"
	# matches and a test's time is a number.
	sed -i 's/\r$//' "$dir/results.log"
	if [ -z "$why" ] && ! grep -q '^DONE' "$dir/results.log"; then
		why="guest stopped before finishing (qemu exit $rc)"
	fi
}

# boot NAME MACHINE TEST...: the listed tests in order on MACHINE, logs in
# $logs/NAME.  When a guest ends before the last of them (the bed could
# not be cleaned after a test, or the guest died), the tests it did not
# start get a new boot: no test is the victim of another.
boot() {
	local name=$1 machine=$2
	shift 2
	local dir=$logs/$name t t0 line left dirty round=1 pending=("$@") next splats
	while [ ${#pending[@]} -gt 0 ]; do
		[ $round = 1 ] || dir=$logs/$name.$round
		t0=$SECONDS
		guest "$dir" "$machine" "${pending[@]}"
		[ -z "${WMIBPF_PHASES:-}" ] || echo "boot-${dir##*/} $((SECONDS - t0))" >>"$WMIBPF_PHASES"
		next=()
		for t in "${pending[@]}"; do
			line=$(grep -a "^RESULT $t " "$dir/results.log" | tail -n1 || true)
			left=$(grep -a "^LEFT $t " "$dir/results.log" | tail -n1 | cut -d' ' -f3- || true)
			if [ -z "$line" ] && ! grep -aq "^START $t\$" "$dir/results.log"; then
				next+=("$t")
			elif [ -z "$line" ]; then
				echo "FAIL: $t (no result; ${why:-guest lost}) log: $dir/console.log"
				why_failed "$dir/console.log" "$t"
				failed=$((failed + 1))
			elif [ "$(echo "$line" | cut -d' ' -f3)" != 0 ]; then
				echo "FAIL: $t (exit $(echo "$line" | cut -d' ' -f3)${left:+; left behind: $left})" \
					"log: $dir/console.log"
				why_failed "$dir/console.log" "$t"
				failed=$((failed + 1))
			elif [ -n "$left" ]; then
				echo "FAIL: $t (passed, but left behind: $left) log: $dir/console.log"
				failed=$((failed + 1))
			else
				echo "PASS: $t ($(echo "$line" | cut -d' ' -f4)s)"
				passed=$((passed + 1))
			fi
		done
		splats=$(grep -aE "$splat" "$dir/console.log" | head -n 5 || true)
		[ -z "$splats" ] || why="${why:+$why; }kernel reported: $(echo "$splats" | head -n1)"
		dirty=$(grep -a '^DIRTY ' "$dir/results.log" | head -n1 | cut -d' ' -f2- || true)
		if [ -n "$why" ] || [ -n "$splats" ]; then
			echo "FAIL: vmtest-boot-${dir##*/} ($why) log: $dir/console.log"
			[ -z "$splats" ] || echo "$splats" | sed 's/^/    /'
			failed=$((failed + 1))
		fi
		# A boot that ran none of its tests would run none again.
		[ ${#next[@]} -lt ${#pending[@]} ] || {
			for t in "${next[@]}"; do
				echo "FAIL: $t (not run: the guest ran none of its tests) log: $dir/console.log"
				failed=$((failed + 1))
			done
			break
		}
		if [ ${#next[@]} -gt 0 ]; then
			if [ -n "$dirty" ]; then
				echo "vmtest: a new boot for the ${#next[@]} test(s) after ${dirty%% *}:" \
					"the guest could not be cleaned after it (${dirty#* })"
			else
				echo "vmtest: a new boot for the ${#next[@]} test(s) the guest did not start"
			fi
		fi
		pending=("${next[@]}")
		round=$((round + 1))
	done
}

# The boots, longest first (by the last run's times), WMIBPF_JOBS at a
# time (2 unless it says, 1 on a one-core host): most tests keep one vCPU
# busy, so two guests use both cores of the host.  Each boot costs some
# 20 s of booting and leak scans under TCG, so a machine gets as few boots
# as keep the cores busy: one, or as many as run at a time when its tests
# are more than their share of the run.  Its tests are dealt into them,
# balanced by each test's time in the last run (out/vmtest/test-times; in
# a fresh tree the times of a whole run kept in vmtest/test-times; a
# quarter of its budget when neither has it), so that no boot holds all
# the long tests.  A test that says "# vmtest: own-boot" changes the kernel
# for good (lockdown, say): it ends one of the boots, nothing after it, or
# has a boot of its own when each already ends with one.  One that says
# "# vmtest: first" needs the firmware as its ACPI tables have it, before
# any test changed it: it begins one.
# Each boot's report goes to a file and is printed in the order the boots
# were named.
jobs_max=${WMIBPF_JOBS:-$(($(nproc) > 1 ? 2 : 1))}
[[ "$jobs_max" =~ ^[1-9][0-9]*$ ]] || die "vmtest: WMIBPF_JOBS=$jobs_max: boots at a time, 1 or more"
# Times of the test kernel; another kernel's (WMIBPF_KERNEL: Debian's,
# without KASAN, three times as fast) are its own.
times_of=${WMIBPF_KERNEL:+-$(basename "$WMIBPF_KERNEL")}
test_times=$OUT/vmtest/test-times$times_of
boot_times=$OUT/vmtest/boot-times$times_of
# last_time FILE KEY: the seconds FILE holds for KEY ("KEY<tab>SECONDS"
# lines; a space for test-times), 0 when none.
last_time() {
	awk -v k="$2" '{ v = $NF; sub(/[ \t][^ \t]*$/, "") } $0 == k { n = v } END { print n + 0 }' \
		"$1" 2>/dev/null || echo 0
}
# weight TEST: its time, and the bed's look at the guest after it (TEST_COST).
TEST_COST=2
weight() {
	local n
	n=$(last_time "$test_times" "$1")
	[ "${n:-0}" -gt 0 ] || n=$(last_time "$TOP/vmtest/test-times" "$1")
	[ "${n:-0}" -gt 0 ] || n=$(($(budget "$1") / 4))
	echo "$((n + TEST_COST))"
}
# place TEST: first, last (own-boot) or any.  The lines are matched whole,
# as the guest's bed (vmtest/bed.sh) reads them.
place() {
	local s=$TOP/tests/vm/$1.sh own=0 first=0
	grep -qx '# vmtest: own-boot' "$s" && own=1
	grep -qx '# vmtest: first' "$s" && first=1
	[ $((own + first)) -lt 2 ] ||
		die "vmtest: $1 says both own-boot (run last) and first"
	if [ $own = 1 ]; then
		echo last
	elif [ $first = 1 ]; then
		echo first
	else
		echo any
	fi
}
# shards N HEAD TEST...: the tests in N lists ("shared T..."), and a list
# for each first or last test left over ("alone T"), one list a line.
# Firsts and lasts, heaviest first, each take a list's head or tail; the
# others, heaviest first, go into the lightest list, the first of which
# starts HEAD seconds loaded; each list is in the order the tests were
# named in.
shards() {
	local n=$1 head=$2 t p i=0
	shift 2
	for t in "$@"; do
		p=$(place "$t")
		echo "$i $(weight "$t") $p $t $([ "$p" = any ] && echo 1 || echo 0)"
		i=$((i + 1))
	done | sort -k5,5n -k2,2rn | awk -v n="$n" -v head="$head" '
	BEGIN { load[0] = head }
	$3 == "first" || $3 == "last" {
		if (used[$3] < n) {
			j = used[$3]++
			load[j] += $2
			edge[$3, j] = $4
		} else {
			alone[++nalone] = $4
		}
		next
	}
	{
		best = 0
		for (j = 1; j < n; j++)
			if (load[j] < load[best])
				best = j
		load[best] += $2
		pos[best, ++cnt[best]] = $1 " " $4
	}
	END {
		for (j = 0; j < n; j++) {
			line = edge["first", j]
			# back to the order the tests were named in
			for (k = 1; k <= cnt[j]; k++)
				order[k] = pos[j, k]
			for (a = 1; a <= cnt[j]; a++)
				for (b = a + 1; b <= cnt[j]; b++)
					if (order[b] + 0 < order[a] + 0) {
						x = order[a]; order[a] = order[b]; order[b] = x
					}
			for (k = 1; k <= cnt[j]; k++) {
				split(order[k], f, " ")
				line = line " " f[2]
			}
			line = line " " edge["last", j]
			gsub(/^ +| +$/, "", line)
			if (line != "")
				print "shared " line
		}
		for (k = 1; k <= nalone; k++)
			print "alone " alone[k]
	}'
}
# What a boot costs besides its tests: booting, the bed's first look and
# the leak scans at the end, in seconds of an idle host under TCG.
BOOT_COST=20
declare -A machine_weight=() machine_boots=() machine_lists=()
total_weight=0
for m in "${machines[@]}"; do
	w=0
	for t in ${tests_of[$m]}; do
		w=$((w + $(weight "$t")))
	done
	machine_weight[$m]=$w
	total_weight=$((total_weight + w))
done
# As many boots as run at a time for a machine with more than its share of
# the run's time, one otherwise.
for m in "${machines[@]}"; do
	n=$(((machine_weight[$m] * jobs_max + total_weight - 1) / (total_weight > 0 ? total_weight : 1)))
	[ "$n" -ge 1 ] || n=1
	[ "$n" -le "$jobs_max" ] || n=$jobs_max
	machine_boots[$m]=$n
done
# The machines of one boot first: the boots of those with more run beside
# them, and the first of those takes the others' time as a head start, so
# that all the slots end together.
# boots_weight MACHINE KIND: the time of MACHINE's boots in machine_lists
# that are of KIND (shared, alone or all), with their BOOT_COSTs.
boots_weight() {
	local kind list t w=0
	while read -r kind list; do
		[ -n "$list" ] && { [ "$2" = all ] || [ "$kind" = "$2" ]; } || continue
		w=$((w + BOOT_COST))
		for t in $list; do
			w=$((w + $(weight "$t")))
		done
	done <<<"${machine_lists[$1]}"
	echo "$w"
}
others=0
for m in "${machines[@]}"; do
	[ "${machine_boots[$m]}" = 1 ] || continue
	# shellcheck disable=SC2086
	machine_lists[$m]=$(shards 1 0 ${tests_of[$m]})
	others=$((others + $(boots_weight "$m" all)))
done
# The split machines' own tests alone in a boot (lockdown tests beyond one
# a boot) run beside their shared boots too: a first pass finds them.
alone=0
for m in "${machines[@]}"; do
	[ "${machine_boots[$m]}" != 1 ] || continue
	# shellcheck disable=SC2086
	machine_lists[$m]=$(shards "${machine_boots[$m]}" "$others" ${tests_of[$m]})
	alone=$((alone + $(boots_weight "$m" alone)))
done
for m in "${machines[@]}"; do
	[ "${machine_boots[$m]}" != 1 ] || continue
	# shellcheck disable=SC2086
	machine_lists[$m]=$(shards "${machine_boots[$m]}" "$((others + alone))" ${tests_of[$m]})
done
boots=()
for m in "${machines[@]}"; do
	k=1
	while read -r kind list; do
		if [ "$kind" = alone ]; then
			boots+=("$list $m $list")
			continue
		fi
		boots+=("$m$([ $k = 1 ] || echo "-$k") $m $list")
		k=$((k + 1))
	done <<<"${machine_lists[$m]}"
done
cost() {	# NAME MACHINE TEST...: the boot's time in the last run, or its tests' weights
	local t n
	n=$(last_time "$boot_times" "$*")
	if [ "${n:-0}" = 0 ]; then
		shift 2
		for t in "$@"; do
			n=$((n + $(weight "$t")))
		done
	fi
	echo "$n"
}
plan() {
	for b in "${boots[@]}"; do
		# shellcheck disable=SC2086
		echo "$(cost $b) $b"
	done | sort -rn -k1,1
}
if [ $plan = 1 ]; then
	plan | cut -d' ' -f2-
	exit 0
fi
echo "vmtest: $# test(s) in ${#boots[@]} boot(s), $jobs_max at a time, accelerator $a, logs in $logs"
running=0
while read -r _ b; do
	# shellcheck disable=SC2086
	set -- $b
	if [ $running -ge "$jobs_max" ]; then
		wait -n || true
		running=$((running - 1))
	fi
	(
		t0=$SECONDS
		boot "$@" >"$logs/$1.report"
		printf '%s\t%s\n' "$*" $((SECONDS - t0)) >"$logs/$1.time"
		echo "vmtest: boot $1 done after $((SECONDS - t0))s"
	) &
	running=$((running + 1))
done < <(plan)
wait

mkdir -p "$(dirname "$boot_times")"
{ cat "$boot_times" 2>/dev/null || true; cat "$logs"/*.time; } |
	awk -F'\t' '{ t[$1] = $2 } END { for (k in t) print k "\t" t[k] }' >"$boot_times.new" &&
	mv "$boot_times.new" "$boot_times"
{ cat "$test_times" 2>/dev/null; cat "$logs"/*/results.log 2>/dev/null | tr -d '\r' |
	sed -n 's/^RESULT \([^ ]*\) [0-9]* \([0-9]*\)$/\1 \2/p'; } |
	awk '{ t[$1] = $2 } END { for (k in t) print k, t[k] }' >"$test_times.new" &&
	mv "$test_times.new" "$test_times"
for b in "${boots[@]}"; do
	r=$logs/${b%% *}.report
	cat "$r"
	passed=$((passed + $(grep -c '^PASS: ' "$r" || true)))
	failed=$((failed + $(grep -c '^FAIL: ' "$r" || true)))
done

echo "vmtest: $passed passed, $failed failed"
[ $failed -eq 0 ]

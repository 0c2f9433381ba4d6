#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Run every test and print the closing line "N passed, N failed", after
# the time of each phase (those of make check's builds too, from the file
# $WMIBPF_PHASES that scripts/timed.sh writes).
#
#   scripts/check.sh --unit "BIN..." --vm "TEST..." [--checkpatch "PATCH..."]
#                    [--series] [--fuzz] [--debian "TEST..."]
#
# Unit tests are CMocka binaries run under valgrind: each test case counts,
# and a leak or memory error in a binary counts as one more failure.  VM
# tests run in the guest through vmtest/run.sh; each test counts, and a boot
# that ends badly (timeout, kernel splat) counts as one more failure. Each
# kernel patch must pass checkpatch.pl --strict, and with --series the
# series must build patch by patch (scripts/series-build.sh; then the
# series check's tests, tests/series/*.sh, run).  With --fuzz the fuzz
# targets get a bounded run (make fuzz-smoke) each. With unit tests, the
# build scripts' tests (tests/build/*.sh) run too.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)

unit=
vm=
patches=
series=0
fuzz=0
debian=
while [ $# -gt 0 ]; do
	case "$1" in
	--unit) unit=$2; shift ;;
	--vm) vm=$2; shift ;;
	--checkpatch) patches=$2; shift ;;
	--series) series=1 ;;
	--fuzz) fuzz=1 ;;
	--debian) debian=$2; shift ;;
	*) echo "check: unknown argument $1" >&2; exit 2 ;;
	esac
	shift
done

passed=0
failed=0
failures=()

count() {
	# count FILE: add the PASS:/FAIL: lines of FILE to the totals.
	local p f
	p=$(grep -c '^PASS: ' "$1" || true)
	f=$(grep -c '^FAIL: ' "$1" || true)
	passed=$((passed + p))
	failed=$((failed + f))
	while IFS= read -r line; do
		failures+=("$line")
	done < <(grep '^FAIL: ' "$1" || true)
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
phases=${WMIBPF_PHASES:-$tmp/phases.log}
export WMIBPF_PHASES=$phases
touch "$phases"

# phase NAME START: the phase NAME ran from START ($SECONDS) until now.
phase() {
	echo "$1 $((SECONDS - $2))" >>"$phases"
}

# The host's checks run in lanes side by side, since each is mostly one
# process (valgrind, perl, libFuzzer, make's serial parts, one QEMU
# guest): the series in one, the unit tests, checkpatch and the fuzz run
# in another, and Debian's kernel with its single boot in a third, where
# it fills what the two leave of the machine's two cores instead of
# running alone on one of them after the test kernel's boots.  Each check
# writes its output to $tmp/NAME.out and its PASS:/FAIL: lines to
# $tmp/NAME.res, printed and counted in a fixed order once all are done.

check_unit() {
	local bin name log rc
	for bin in $unit; do
		name=$(basename "$bin")
		log=$tmp/$name.log
		echo "--- unit: $name"
		valgrind -q --error-exitcode=99 --leak-check=full \
			--errors-for-leak-kinds=definite,indirect,possible \
			"$bin" >"$log" 2>&1
		rc=$?
		cat "$log"
		{
			sed -n 's/^\[       OK \] \(.*\)/PASS: unit:'"$name"':\1/p' "$log"
			sed -n 's/^\[  FAILED  \] \([^ ]*\)$/FAIL: unit:'"$name"':\1/p' "$log"
			if [ $rc -eq 99 ]; then
				echo "FAIL: unit:$name (valgrind reported errors)"
			elif [ $rc -gt 128 ] || ! grep -q '^\[==========\] .* run\.' "$log"; then
				echo "FAIL: unit:$name (did not finish, exit $rc)"
			fi
		} >>"$tmp/unit.res"
	done
	# The build scripts' own tests, each one PASS: or FAIL: line.
	echo "--- build scripts"
	script_tests build "$tmp/unit.res"
}

# script_tests DIR RES: run tests/DIR/*.sh, print their output, add their
# PASS:/FAIL: lines to RES; one that fails silently fails as DIR:NAME.
script_tests() {
	local t log=$tmp/$1-test.log
	for t in "$top/tests/$1"/*.sh; do
		bash "$t" >"$log" 2>&1 ||
			grep -q '^FAIL: ' "$log" ||
			echo "FAIL: $1:$(basename "$t" .sh) (failed without saying why)" >>"$log"
		cat "$log"
		grep '^PASS: \|^FAIL: ' "$log" >>"$2"
	done
}

check_checkpatch() {
	local ksrc clean cp_opts tool p key out
	echo "--- checkpatch --strict"
	ksrc=$("$top/vmtest/env.sh" KSRC)
	# A patch that passed is not checked again: its hash and checkpatch's
	# are kept in the cache, checkpatch's with what else decides its
	# verdict: the word lists it reads, its options and the
	# .checkpatch.conf files it takes more from (in the tree, $HOME and
	# .scripts, as its which_conf() looks), which may --ignore a check.
	clean=$("$top/vmtest/env.sh" KCACHE)/checkpatch-clean
	cp_opts="--strict --terse"
	tool=$({
		echo "$cp_opts"
		for f in scripts/checkpatch.pl scripts/spelling.txt scripts/const_structs.checkpatch \
			.checkpatch.conf "$HOME/.checkpatch.conf" .scripts/.checkpatch.conf; do
			echo "== $f"
			(cd "$ksrc" && cat "$f" 2>/dev/null) || true
		done
	} | sha256sum | cut -c1-16)
	# A patch's number in the series ("[PATCH 3/34]"), which adding a
	# patch changes in every other, decides nothing.
	# shellcheck disable=SC2086
	for p in $patches; do
		key="$tool $(sed '1,/^$/s|^Subject: \[PATCH [0-9]*/[0-9]*\]|Subject: [PATCH]|' \
			"$top/$p" | sha256sum | cut -c1-16)"
		if grep -qx "$key" "$clean" 2>/dev/null; then
			echo "PASS: checkpatch:$(basename "$p") (cached)"
		elif out=$(cd "$ksrc" && perl scripts/checkpatch.pl $cp_opts "$top/$p" 2>&1); then
			echo "$key" >>"$clean"
			echo "PASS: checkpatch:$(basename "$p")"
		else
			echo "$out" | grep -E 'ERROR|WARNING|CHECK' | sed "s|$top/||"
			echo "FAIL: checkpatch:$(basename "$p")"
		fi
	done | tee "$tmp/checkpatch.res"
}

# The series, then the series check's own tests (tests/series/*.sh), which
# count on the series having built.
check_series() {
	echo "--- series, patch by patch"
	"$top/scripts/series-build.sh" 2>&1 | tee "$tmp/series.res"
	if [ "${PIPESTATUS[0]}" != 0 ]; then
		grep -q '^FAIL: ' "$tmp/series.res" ||
			echo "FAIL: series: scripts/series-build.sh failed" | tee -a "$tmp/series.res"
		return
	fi
	script_tests series "$tmp/series.res"
}

check_fuzz() {
	echo "--- fuzz, a bounded run"
	if make -C "$top" --no-print-directory fuzz-smoke FUZZ_RUNS=50000 FUZZ_TIME=60 \
		>"$tmp/fuzz.log" 2>&1; then
		echo "PASS: fuzz:bmof ($(grep -o 'stat::number_of_executed_units: [0-9]*' "$tmp/fuzz.log" |
			grep -o '[0-9]*$') runs)"
	else
		tail -n 30 "$tmp/fuzz.log"
		echo "FAIL: fuzz:bmof (input kept in out/fuzz/artifacts/)"
	fi | tee "$tmp/fuzz.res"
}

# timed NAME: run check_NAME into $tmp/NAME.out, its time as a part of the
# "checks" phase.
timed() {
	local t=$SECONDS
	: >"$tmp/$1.res"
	"check_$1" >"$tmp/$1.out" 2>&1
	echo "checks-$1 $((SECONDS - t))" >>"$phases"
	: >"$tmp/$1.done"
}

check_debian() {
	echo "--- Debian's kernel with the DKMS module"
	# shellcheck disable=SC2086
	WMIBPF_PHASES= "$top/vmtest/debian.sh" $debian >"$tmp/debian.res" 2>&1 ||
		grep -q '^FAIL: ' "$tmp/debian.res" ||
		echo "FAIL: debian: vmtest/debian.sh failed" >>"$tmp/debian.res"
	cat "$tmp/debian.res"
}

t0=$SECONDS
lane=()
[ $series = 0 ] || lane+=(series)
other=()
[ -z "$unit" ] || other+=(unit)
[ -z "$patches" ] || other+=(checkpatch)
[ $fuzz = 0 ] || other+=(fuzz)
third=()
[ -z "$debian" ] || third+=(debian)
if [ $((${#lane[@]} + ${#other[@]} + ${#third[@]})) -gt 0 ]; then
	for c in "${lane[@]}"; do timed "$c"; done &
	for c in "${third[@]}"; do timed "$c"; done &
	for c in "${other[@]}"; do timed "$c"; done
	wait
	for c in "${other[@]}" "${lane[@]}" "${third[@]}"; do
		cat "$tmp/$c.out" 2>/dev/null
		# A check killed before its verdict fails, rather than vanish;
		# so does one killed after some of its verdicts (Debian's
		# kernel says one before its boots).
		grep -q '^\(PASS\|FAIL\): ' "$tmp/$c.res" 2>/dev/null ||
			echo "FAIL: $c: no result (killed?)" | tee -a "$tmp/$c.res"
		[ -e "$tmp/$c.done" ] ||
			echo "FAIL: $c: did not finish (killed?)" | tee -a "$tmp/$c.res"
		count "$tmp/$c.res"
	done
	phase checks $t0
fi

if [ -n "$vm" ]; then
	t0=$SECONDS
	echo "--- vm tests"
	# shellcheck disable=SC2086
	# A run that fails before any test (an unknown test name, a missing
	# kernel) reports no FAIL line of its own: count it as one.
	"$top/vmtest/run.sh" $vm | tee "$tmp/vm.res"
	[ "${PIPESTATUS[0]}" = 0 ] || grep -q '^FAIL: ' "$tmp/vm.res" ||
		echo "FAIL: vm: vmtest/run.sh failed" | tee -a "$tmp/vm.res"
	count "$tmp/vm.res"
	phase vm $t0
fi

echo
echo "Time per phase (seconds):"
# Boots run side by side, and so do the host's checks: each is shown
# under its phase (vm, checks), the total counts the phase once.
awk '/^boot-/ { boots = boots sprintf("    %-22s %5d\n", $1, $2); next }
	/^checks-/ { checks = checks sprintf("    %-22s %5d\n", substr($1, 8), $2); next }
	{ printf "  %-24s %5d\n", $1, $2; total += $2 }
	$1 == "vm" { printf "%s", boots }
	$1 == "checks" { printf "%s", checks }
	END { printf "  %-24s %5d\n", "total", total }' "$phases"

if [ $failed -gt 0 ]; then
	echo
	echo "Failures:"
	printf '  %s\n' "${failures[@]}"
fi
echo
echo "$passed passed, $failed failed"
[ $failed -eq 0 ] && [ $passed -gt 0 ]

# SPDX-License-Identifier: GPL-2.0
# The test bed's bookkeeping in the guest, sourced by /init: run one test
# within its budget, find what it left behind, put the guest back as it was
# before it, and check that this worked, so that no test is the victim of
# the one before it.
#
# What a test can leave that would change the next one's outcome is the
# state bed_state prints: pinned BPF objects and attached programs, loaded
# modules and bound drivers, the modes of /dev/wmi nodes, lockdown,
# tracing, /etc/wmibpf, and processes.  Each test gets a /tmp of its own.
#
# The second serial port ($results) gets, per test:
#   START <name>                 before it runs
#   ALIVE <name> <seconds>       every five seconds while it runs (bed-timeout)
#   LEFT <name> <what>           it left state behind (the runner cleaned it)
#   RESULT <name> <exit> <secs>  after it ran
#   DIRTY <name> <what>          the runner could not clean up after it; the
#                                host runs the remaining tests in a new boot

BED=${BED:-/run/bed}
# Where the tests are, and whether each gets a fresh /tmp: a test of the
# runner itself (tests/vm/bed_isolation.sh) runs it on fixtures of its own.
BED_TESTS=${BED_TESTS:-/wmibpf/tests}
BED_FRESH_TMP=${BED_FRESH_TMP:-1}

# bed_state: the guest state a test could leave changed, one fact a line
# (tests/vm/progs/bed_state.c), and /etc/wmibpf's files.
bed_state() {
	bed-state --pgrp "$bed_pgrp"
	if [ -d /etc/wmibpf ]; then
		find /etc/wmibpf -type f | sort | xargs -r md5sum | sed 's/^/etc /'
	fi
}

# bed_processes: user-space processes outside the runner's process group,
# "process PID COMM": the tests' and whatever they started.
bed_processes() {
	bed-state --pgrp "$bed_pgrp" --processes
}

# bed_init RESULTS: the baseline; fails when the state cannot be read, as
# the bed would then see no test's leftovers.
bed_init() {
	results=$1
	mkdir -p $BED
	set -- $(sed 's/^[0-9]* (.*) [A-Za-z] //' /proc/$$/stat)
	bed_pgrp=$2
	[ -d /etc/wmibpf ] && cp -a /etc/wmibpf $BED/etc-wmibpf
	local t0 t1
	read -r t0 _ </proc/uptime
	if ! bed-state --pgrp "$bed_pgrp" >/dev/null; then
		echo "=== bed: bed-state cannot read the guest's state"
		echo "DIRTY - bed-state cannot read the guest's state" >>$results
		return 1
	fi
	bed_state >$BED/baseline
	read -r t1 _ </proc/uptime
	echo "=== bed: the guest's state read in $(echo "$t0 $t1" | awk '{ print $2 - $1 }') s"
	# How loaded the host is, for whoever reads the log of a slow run.
	echo "=== bed: the budget's piece of work takes $(bed-timeout --calibrate) ns here"
}

# bed_changes: what differs from the baseline, one "+fact" (new) or
# "-fact" (gone) a line.  A struct_ops link or map goes away after its
# last holder did, from a work queue: a change in those alone is looked at
# again for up to two seconds.
bed_changes() {
	local n=0
	while :; do
		bed_state >$BED/now
		diff $BED/baseline $BED/now | sed -n 's/^\([-+]\)\([^-+]\)/\1\2/p' >$BED/changes
		[ -s $BED/changes ] && [ $n -lt 10 ] || break
		grep -qv '^.\(link\|map\) ' $BED/changes && break
		n=$((n + 1))
		sleep 0.2
	done
	cat $BED/changes
}

# bed_clean: put the guest back as the baseline has it, as far as it can
# be put back (lockdown cannot).
bed_clean() {
	local i pids f m dev drv node mode uid gid k v
	# Fault injection first: what follows allocates.
	sed -n 's/^failslab //p' $BED/baseline | while read -r k v; do
		echo "$v" >"/sys/kernel/debug/failslab/$k"
	done 2>/dev/null
	# Processes first: they may hold pins, links, modules and nodes.
	for i in 1 2 3 4 5; do
		# Not those before the first test (a runner's own, when a test
		# runs one).
		pids=$(bed_processes | grep -vxF -f $BED/baseline | cut -d' ' -f2)
		[ -n "$pids" ] || break
		# shellcheck disable=SC2086
		kill -KILL $pids 2>/dev/null
		sleep 0.2
	done
	# Policies, interrupted loads included; then any other pin.
	wmibpf unload --quiet --all >/dev/null 2>&1
	(cd /sys/fs/bpf && find . -type f) | while read -r f; do
		grep -qxF "bpffs ${f#.}" $BED/baseline || rm -f "/sys/fs/bpf/$f"
	done
	# Modules the test loaded, then those it unloaded; rmmod in turns, as
	# one may hold another.
	for i in 1 2 3; do
		for m in $(cut -d' ' -f1 /proc/modules); do
			grep -qx "module $m" $BED/baseline || rmmod "$m" 2>/dev/null
		done
	done
	sed -n 's/^module //p' $BED/baseline | while read -r m; do
		grep -q "^$m " /proc/modules || modprobe -q "$m" 2>/dev/null
	done
	sed -n 's/^driver //p' $BED/baseline | while read -r dev drv; do
		[ -e "/sys/bus/wmi/devices/$dev/driver" ] && continue
		echo "$dev" >"/sys/bus/wmi/drivers/$drv/bind" 2>/dev/null
	done
	sed -n 's/^node //p' $BED/baseline | while read -r node mode uid gid; do
		chmod "$mode" "$node" 2>/dev/null
		chown "$uid:$gid" "$node" 2>/dev/null
	done
	if [ -w /sys/kernel/tracing/set_event ]; then
		sed -n 's/^trace_event //p' $BED/baseline >/sys/kernel/tracing/set_event
		sed -n 's/^tracing_on //p' $BED/baseline >/sys/kernel/tracing/tracing_on
	fi
	if [ -d $BED/etc-wmibpf ]; then
		rm -rf /etc/wmibpf
		cp -a $BED/etc-wmibpf /etc/wmibpf
	fi
}

# kmemleak ages objects in jiffies, and this kernel ticks periodically
# (no NO_HZ, no high-resolution timers): jiffies move one per tick the CPU
# took.  Under TCG on a busy host the guest misses ticks, and jiffies fall
# behind /proc/uptime (a tenth early in a boot beside a make check: 1.2 s
# in 11).  A wait of five seconds of uptime was then less than kmemleak's
# five seconds, it found the object too young to report, and a leak made
# just before the scans went unseen.  So the waits count jiffies, read from
# the scheduler's debug file (a read-only debugfs file: it stays readable
# when the kernel is locked down).  Its HZ is that of the bed's kernel and
# of Debian's (CONFIG_HZ=250); tests/vm/bed_kmemleak.sh checks that no more
# ticks than that come in a second.
BED_HZ=250

# bed_jiffies: the kernel's jiffies now.
bed_jiffies() {
	awk '$1 == "jiffies" { print $3; exit }' /sys/kernel/debug/sched/debug
}

# bed_jiffies_wait SINCE SECS: sleep until SECS seconds of jiffies have
# passed since jiffies SINCE.  Each round sleeps for what is left, as if no
# tick were missed; missed ticks leave some for the next round.
bed_jiffies_wait() {
	local w
	# Without the file (a kernel without SCHED_DEBUG) the wait is the
	# clock's: right on an idle host.  The bed's kernel has it, and
	# bed_kmemleak fails without it.
	if [ -z "$1" ]; then
		sleep "$2"
		return
	fi
	while w=$(bed_leak_wait "$1" "$(bed_jiffies)" "$2") && [ "$w" != 0 ]; do
		sleep "$w"
	done
}

# bed_leak_scan SINCE: kmemleak's scans for leaks made up to jiffies SINCE
# (bed_jiffies).  kmemleak reports an object that two scans running found
# unreferenced and unchanged (the first one takes its checksum), when the
# second starts five seconds of jiffies or more after the object was
# allocated (jiffies_last_scan is taken as a scan starts, after the wait
# has read jiffies).  A scan takes seconds under TCG: the first runs at
# once, and the wait for the objects to age is what remains of five.
bed_leak_scan() {
	echo scan >/sys/kernel/debug/kmemleak
	bed_jiffies_wait "$1" 5
	echo scan >/sys/kernel/debug/kmemleak
}

# bed_leak_wait SINCE NOW [SECS]: seconds to sleep from jiffies NOW until
# SECS (five unless said) seconds of jiffies have passed since jiffies
# SINCE, if no tick is missed; 0 once they have.  Never less than a
# twentieth: a round that slept a tick or two could see no tick come.
bed_leak_wait() {
	echo "$1 $2 ${3:-5} $BED_HZ" | awk '{
		left = $1 + $3 * $4 - $2
		if (left <= 0)
			print 0
		else
			print (left / $4 < 0.05 ? 0.05 : left / $4)
	}'
}

# one_line: the lines of stdin as one, "; " between them.
one_line() {
	awk 'NR > 1 { printf "; " } { printf "%s", $0 } END { if (NR) print "" }'
}

# bed_run_test NAME: run tests/vm/NAME.sh within its budget, clean up
# after it; fails when the guest could not be made clean again.
bed_run_test() {
	t=$1
	left=
	script=$BED_TESTS/$t.sh
	# The script's "# vmtest:" lines, read once: a fork costs some 50 ms
	# under TCG, and this runs for every test.
	header=" $(sed -n 's/^# vmtest: //p' "$script" 2>/dev/null | tr '\n' ' ')"
	budget=${header#* timeout=}
	[ "$budget" != "$header" ] && budget=${budget%%[!0-9]*} || budget=
	echo "START $t" >>$results
	echo "=== test $t: start"
	# A /tmp of its own: a test's files never meet the next test.
	if [ "$BED_FRESH_TMP" = 1 ]; then
		umount -l /tmp 2>/dev/null
		mount -t tmpfs tmpfs /tmp
	fi
	# The loader's own tests (wmibpf_*, and those that say "# vmtest:
	# asan") run its test build, /wmibpf/asan/wmibpf: AddressSanitizer,
	# LeakSanitizer and fault points (loader/loader.mk).  The others use
	# wmibpf as a tool, and the installed build: under TCG on this kernel
	# the sanitizers cost half a second a run, and they would find nothing
	# there the loader's tests do not.
	path=$PATH
	case "${t%%_*}$header" in
	"wmibpf "* | *" asan "*) path=/wmibpf/asan:$PATH ;;
	esac
	# An own-boot test ends its boot, and may lock the kernel down: the
	# leak scans at the end of the boot could then no longer say what
	# leaked before it.  They run now, for the tests before it.
	if [ "${header#* own-boot }" != "$header" ] && [ -w /sys/kernel/debug/kmemleak ]; then
		bed_leak_scan "$(bed_jiffies)"
		cat /sys/kernel/debug/kmemleak
	fi
	read -r start _ </proc/uptime
	start=${start%.*}
	if [ -f "$script" ]; then
		(cd /tmp && PATH=$path bed-timeout --heartbeat "$results" --name "$t" "${budget:-120}" \
			sh "$script" </dev/null 2>&1)
		rc=$?
	else
		echo "no such test: $script"
		rc=127
	fi
	read -r secs _ </proc/uptime
	secs=$((${secs%.*} - start))
	echo "=== test $t: exit $rc after ${secs}s"

	# A test alone in its boot (own-boot) may change the kernel for good:
	# nothing runs after it.
	if [ "${header#* own-boot }" = "$header" ]; then
		left=$(bed_changes | one_line)
		if [ -n "$left" ]; then
			echo "=== bed: $t left behind: $left"
			echo "LEFT $t $left" >>$results
			bed_clean
		fi
	fi
	echo "RESULT $t $rc $secs" >>$results
	[ -z "$left" ] && return 0
	left=$(bed_changes | one_line)
	[ -z "$left" ] && return 0
	echo "=== bed: could not clean up after $t: $left"
	echo "DIRTY $t $left" >>$results
	return 1
}

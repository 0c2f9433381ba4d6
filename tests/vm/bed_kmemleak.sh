# SPDX-License-Identifier: GPL-2.0
# kmemleak's scans (bed_leak_scan in vmtest/bed.sh) run at the end of every
# boot, and before an own-boot test, which may lock the kernel down; a leak
# they find fails the run.  A leak made seconds before must be found: the
# bed-leak module leaks one object, marked, as it loads, and the same scans
# must report it.  Only when that is all they report does the test have
# kmemleak forget it: any other leak is printed, and fails the run too.
. /wmibpf/tests/lib.sh
. /wmibpf/bed.sh
K=/sys/kernel/debug/kmemleak
[ -w $K ] || { fail "no kmemleak in this kernel"; finish; }

# The wait is what remains of five seconds of jiffies (HZ 250) after
# SINCE; a twentieth of a second at least, until none remains.
expect_eq "$(bed_leak_wait 1000 1375)" 3.5 "objects 1.5 s old: a wait of 3.5 s"
expect_eq "$(bed_leak_wait 1000 2249)" 0.05 "objects a tick from old: a wait of 0.05 s"
expect_eq "$(bed_leak_wait 1000 2250)" 0 "objects 5 s old: no wait"
expect_eq "$(bed_leak_wait 1000 1000 12)" 12 "12 s asked: a wait of 12 s"

# clocks: the kernel's monotonic clock (ms) and jiffies, read together.
clocks() {
	awk '$1 == "ktime" { k = $3 } $1 == "jiffies" { print k, $3; exit }' \
		/sys/kernel/debug/sched/debug
}

# kmemleak says "N new suspected memory leaks" on the console, where the
# host would fail the run: warnings and worse still reach it.
read -r level rest </proc/sys/kernel/printk
echo 5 >/proc/sys/kernel/printk
expect_eq "$(cat $K)" "" "kmemleak reports no leak before the test"
c0=$(clocks)
insmod /wmibpf/modules/bed_leak.ko || fail "insmod bed_leak.ko"
rmmod bed_leak || fail "rmmod bed_leak"
bed_leak_scan "$(bed_jiffies)"
c1=$(clocks)

# Only a marked object this run allocated counts: one an earlier run's
# scans missed (and had not reported then) would be reported now, and
# stand in for this run's, which they missed too.
marked() {
	awk -v j0="${c0#* }" '
		/^unreferenced/ { j = 0 }
		/^  comm / { j = $NF }
		/wmi-bpf bed leak/ && j >= j0 { n++ }
		END { print n + 0 }' $K
}

# kmemleak is conservative: any copy of the pointer it scans keeps the
# object referenced. insmod's kernel stack held one, and a freed stack
# waits in the per-CPU stack cache, still vmalloc()ed and so still
# scanned, until a fork takes it and clears it. Forks, then a scan, a few
# times: a leak the scans cannot find once stale copies are gone fails.
rescans=0
while [ "$(marked)" = 0 ] && [ $rescans -lt 4 ]; do
	for i in 1 2 3 4 5 6 7 8; do /bin/true; done
	echo scan >$K
	rescans=$((rescans + 1))
done
echo "scans after the first two: $rescans"
report=$(cat $K)
echo "$level $rest" >/proc/sys/kernel/printk

# The waits take kmemleak's HZ to be BED_HZ.  Missed ticks only make
# jiffies slower than the clock, so more than BED_HZ of them in a second
# (a hundredth more, for the reads) means a kernel with a higher HZ, whose
# five seconds of jiffies the waits would cut short.  What was missed is
# printed: it is how far /proc/uptime and kmemleak's clock went apart.
[ -n "${c0#* }" ] || fail "no jiffies in /sys/kernel/debug/sched/debug"
rate=$(echo "$c0 $c1" | awk '{ printf "%d", ($4 - $2) * 1000 / ($3 - $1) }')
echo "ticks: $rate a second, of $BED_HZ"
expect_eq "$([ "$rate" -le $((BED_HZ * 101 / 100)) ] && echo yes)" yes \
	"no more than $BED_HZ ticks a second"

# (No word of the report on the console unless it holds more than the
# test's own leak: the host would fail the run.)
marked=$(marked)
objects=$(echo "$report" | grep -c '^unreferenced')
expect_eq "$marked" 1 "the scans report the marked object, allocated by this run"
expect_eq "$objects" 1 "and nothing else"
if [ "$marked" = 1 ] && [ "$objects" = 1 ]; then
	echo clear >$K
	expect_eq "$(cat $K)" "" "once cleared, kmemleak reports it no more"
else
	echo "$report"
fi
finish

# SPDX-License-Identifier: GPL-2.0
# kmemleak's scans (bed_leak_scan in vmtest/bed.sh) run at the end of every
# boot, and before an own-boot test, which may lock the kernel down; a leak
# they find fails the run.  A leak made seconds before must be found: the
# bed-leak module leaks marked objects as it loads, and the same scans
# must report them.  Only when that is all they report does the test have
# kmemleak forget them: any other leak is printed, and fails the run too.
. /wmibpf/tests/lib.sh
. /wmibpf/bed.sh
K=/sys/kernel/debug/kmemleak
[ -w $K ] || { fail "no kmemleak in this kernel"; finish; exit; }

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

report=$(cat $K)
marked=$(marked)
# Unloaded, it frees them: none a stale pointer hid is reported later.
rmmod bed_leak || fail "rmmod bed_leak"
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

# The module leaks 32 objects: kmemleak is conservative, and a stale copy
# of a pointer (on a stack, in a freed stack the per-CPU cache keeps,
# still scanned) hides its object, so one object can be missed in a long
# boot; all of them cannot, unless the scans no longer find leaks. (No
# word of the report on the console unless it holds more than the test's
# own leak: the host would fail the run.)
objects=$(echo "$report" | grep -c '^unreferenced')
echo "marked objects reported: $marked of 32"
expect_eq "$([ "$marked" -ge 1 ] && echo yes)" yes \
	"the scans report marked objects, allocated by this run"
expect_eq "$objects" "$marked" "and nothing else"
if [ "$marked" -ge 1 ] && [ "$objects" = "$marked" ]; then
	expect_eq "$(cat $K)" "" "freed by the module's unload, kmemleak reports them no more"
else
	echo "$report"
fi
finish

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

# The wait is what remains of five seconds (and a tenth) after SINCE.
expect_eq "$(bed_leak_wait 100 101.5)" 3.6 "objects 1.5 s old: a wait of 3.6 s"
expect_eq "$(bed_leak_wait 100 106)" 0 "objects 6 s old: no wait"

# kmemleak says "N new suspected memory leaks" on the console, where the
# host would fail the run: warnings and worse still reach it.
read -r level rest </proc/sys/kernel/printk
echo 5 >/proc/sys/kernel/printk
expect_eq "$(cat $K)" "" "kmemleak reports no leak before the test"
insmod /wmibpf/modules/bed_leak.ko || fail "insmod bed_leak.ko"
rmmod bed_leak || fail "rmmod bed_leak"
read -r since _ </proc/uptime
bed_leak_scan "$since"
report=$(cat $K)
echo "$level $rest" >/proc/sys/kernel/printk

# (No word of the report on the console unless it holds more than the
# test's own leak: the host would fail the run.)
marked=$(echo "$report" | grep -c 'wmi-bpf bed leak')
objects=$(echo "$report" | grep -c '^unreferenced')
expect_eq "$marked" 1 "the scans report the marked object"
expect_eq "$objects" 1 "and nothing else"
if [ "$marked" = 1 ] && [ "$objects" = 1 ]; then
	echo clear >$K
	expect_eq "$(cat $K)" "" "once cleared, kmemleak reports it no more"
else
	echo "$report"
fi
finish

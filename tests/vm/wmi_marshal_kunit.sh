# SPDX-License-Identifier: GPL-2.0
# The WMI core's marshalling KUnit suite passes on the patched kernel.
. /wmibpf/tests/lib.sh

suite=wmi-marshal
expect_ok "load the KUnit module" modprobe wmi-marshal-kunit
results=/sys/kernel/debug/kunit/$suite/results
expect_ok "suite ran" test -r "$results"
cat "$results"

expect_eq "$(grep -c 'not ok' "$results")" 0 "failed KUnit cases"
expect_match "$(grep -E "^ok [0-9]+ $suite\$" "$results")" "ok * $suite" "suite verdict"
# Every case ran and passed, none was skipped.
expect_match "$(grep '^# Totals:' "$results")" "# Totals: pass:* fail:0 skip:0 total:*" "suite totals"
expect_fail "no case skipped" grep -q '# SKIP' "$results"
expect_ok "unload the KUnit module" modprobe -r wmi-marshal-kunit
finish

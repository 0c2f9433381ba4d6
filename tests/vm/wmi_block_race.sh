# SPDX-License-Identifier: GPL-2.0
# Two threads query and set the charge limit through /dev/wmi while
# acme-battery, which claims the block, binds and unbinds over and over:
# no oops, every call gets a defined answer, and no query leaves the
# firmware's data collection on.
# vmtest: timeout=180
. /wmibpf/tests/lib.sh
before=$(wmibpf query $ACME_DATA)
load_module acme_battery
run_prog wmi-race-test block 20
unload_module acme_battery
expect_ok "charge limit put back" wmibpf set $ACME_DATA --input "$(echo "$before" | sed 's/^buffer \[\(.*\)\]$/\1/')"
finish

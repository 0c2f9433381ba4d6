# SPDX-License-Identifier: GPL-2.0
# With the acme translator attached, raw brightness calls from two threads
# keep getting defined answers while acme-wmi binds and unbinds: state
# updates reach the driver while it is there, the firmware when it is not.
# vmtest: timeout=180
. /wmibpf/tests/lib.sh
PIN=/sys/fs/bpf/wmi-test-translator
load_module acme_wmi
run_prog wmi-bpf-test pin-translator $PIN
run_prog wmi-race-test bind 15
rm $PIN
finish

# SPDX-License-Identifier: GPL-2.0
# Two threads call through /dev/wmi while acme-wmi binds and unbinds over
# and over: no oops, and every call gets a defined answer.
# vmtest: timeout=180
. /wmibpf/tests/lib.sh
load_module acme_wmi
run_prog wmi-race-test bind 20
finish

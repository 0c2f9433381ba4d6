# SPDX-License-Identifier: GPL-2.0
# At most 16 programs act on one device; the 17th is refused.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog wmi-bpf-test cap
finish

# SPDX-License-Identifier: GPL-2.0
# Hostile review (regression): bpf_wmi_set_output() 64 times in one
# program from a map value; only the last one answers, nothing leaks.
. /wmibpf/tests/lib.sh
run_prog attack-bpf manyset
finish

# SPDX-License-Identifier: GPL-2.0
# make bench, inside the guest: nothing else runs in this boot.
insmod /wmibpf/modules/wmi_bench.ko || exit 1
wmi-bpf-bench

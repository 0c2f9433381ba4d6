# SPDX-License-Identifier: GPL-2.0
# A program detached and attached again while a call runs it: the call
# still meets the programs after it in the chain (the grace period of a
# detach holds off a new attach of the same program).
. /wmibpf/tests/lib.sh
run_prog wmi-bpf-test relink
finish

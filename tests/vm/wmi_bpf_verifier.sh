# SPDX-License-Identifier: GPL-2.0
# The verifier refuses, with its reason, programs that hand a kfunc a NULL,
# stack, map-value or derived context, read past an input window or event
# data, write the read-only input, output or context, or call a state
# update from method_done or an event.
. /wmibpf/tests/lib.sh
run_prog wmi-bpf-test verifier /wmibpf/bpf
finish

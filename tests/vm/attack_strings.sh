# SPDX-License-Identifier: GPL-2.0
# Hostile review: string results rewritten by method_done must be strings
# the firmware could have returned.
# - strnul: "AB\0XXXXXXXXX" for an ACPI-object caller is refused; it would
#   have been "AB" for the driver and 28 bytes for later programs.
# - badstr: WMI strings no firmware result marshals to (count 0, no nul,
#   a character above 0xff) are refused for wmidev_invoke_method() callers.
. /wmibpf/tests/lib.sh
load_module wmi_testdrv
run_prog attack-bpf strnul
run_prog attack-bpf badstr
finish

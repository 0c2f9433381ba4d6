# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# A program rewriting the real dell-wmi-descriptor's query of its data
# block (tests/vm/bpf/test_dell_descriptor.bpf.c), as the driver probes
# again: within the bounds a kernel caller of wmidev_block_query() gets
# (the firmware's type, no more bytes than the firmware gave), the driver
# and dell-smbios-wmi, which takes its buffer length and hotfix from it,
# probe with the rewritten values; a rewrite past those bounds (one byte
# more, or an integer for the firmware's buffer) is refused by
# bpf_wmi_set_output() and the drivers probe with the firmware's own
# descriptor; a shorter buffer is within the kernel's bounds and the
# driver itself refuses it, its probe failing cleanly; once the program is
# detached the drivers probe with the firmware's descriptor again.
. /wmibpf/tests/lib.sh

DESC_DRV=/sys/bus/wmi/drivers/dell-wmi-descriptor
SMBIOS_DRV=/sys/bus/wmi/drivers/dell-smbios
PROG=/wmibpf/bpf/test_dell_descriptor.bpf.o

# The buffer size dell-smbios-wmi's node reports: the descriptor's buffer
# length plus the u64 length field of its ioctl buffer.
node_size() {
	od -An -tu8 /dev/wmi/dell-smbios 2>/dev/null | tr -d ' '
}

# reprobe: unbind dell-smbios-wmi and dell-wmi-descriptor, then bind the
# descriptor (its probe queries the block) and dell-smbios-wmi (its probe
# takes what the descriptor found), in that order. A refused bind is the
# driver's probe failing: driver_of says so.
reprobe() {
	[ "$(driver_of "$DELL_SMBIOS")" = none ] || echo "$DELL_SMBIOS" >$SMBIOS_DRV/unbind
	[ "$(driver_of "$DELL_DESCRIPTOR")" = none ] || echo "$DELL_DESCRIPTOR" >$DESC_DRV/unbind
	reprobes=$((reprobes + 1))
	echo "dell_descriptor_rewrite $$: probe $reprobes" >/dev/kmsg
	echo "$DELL_DESCRIPTOR" 2>/dev/null >$DESC_DRV/bind
	echo "$DELL_SMBIOS" 2>/dev/null >$SMBIOS_DRV/bind
}

# logged PATTERN: how many kernel messages since the last reprobe hold
# PATTERN (a fixed string). The reprobe marked the log, so that this
# holds when the log is full and old lines go.
reprobes=0
logged() {
	dmesg | sed -n "/dell_descriptor_rewrite $$: probe $reprobes\$/,\$p" | grep -cF "$1"
}

# prog_vars: read the attached program's variables, as bpftool dumps
# them; prog_var NAME: one of them, as last read.
prog_vars() {
	{
		bpftool map dump name test_del.bss
		bpftool map dump name test_del.data
	} >/tmp/prog_vars 2>&1
}

prog_var() {
	sed -n "s/.*\"$1\": \(-\{0,1\}[0-9][0-9]*\).*/\1/p" /tmp/prog_vars
}

# set_mode N: what the program does with the next query (enum desc_mode).
set_mode() {
	bpftool map update name .data.desc_mode key 0 0 0 0 value "$1" 0 0 0
}

# calls_work WHAT: a token read through dell-smbios-wmi's node, and
# dell-pc's thermal read, from the kernel, reach the firmware and succeed.
calls_work() {
	tokens=$(dell_fw_calls 0 0)
	thermal=$(dell_fw_calls 17 19)
	expect_match "$(dell_call 0 0 0x100)" "ok 0x00000000 *" "$1 from user space succeed"
	expect_ok "and dell-pc's profile read" cat /sys/firmware/acpi/platform_profile
	expect_eq "$(dell_fw_calls 0 0)" "$((tokens + 1))" "the token read reached the firmware"
	expect_ok "and so did dell-pc's" test "$(dell_fw_calls 17 19)" -gt "$thermal"
}

UNKNOWN_VERSION="Dell descriptor buffer has unknown version (2)"
NO_HOTFIX="WMI SMBIOS userspace interface not supported(0)"
BAD_LENGTH="Dell descriptor buffer has unexpected length (64)"

expect_eq "$(driver_of "$DELL_DESCRIPTOR")" dell-wmi-descriptor "the descriptor's driver to begin with"
expect_eq "$(node_size)" 32776 "dell-smbios-wmi took the firmware's buffer length"

expect_ok "load the program on the descriptor" wmibpf load -q $PROG

# Rewritten within bounds: 128 bytes, a buffer, other values.
expect_ok "it rewrites the next query" set_mode 1
reprobe
prog_vars
expect_eq "$(prog_var queries)" 1 "the probe's query passed the program"
expect_eq "$(prog_var acpi_object)" 1 "a query through the ACPI-object API"
expect_eq "$(prog_var out_type) $(prog_var out_size) $(prog_var out_max)" "3 128 128" \
	"a 128-byte buffer from the firmware, which bounds a rewrite at 128 bytes"
expect_eq "$(prog_var fw_version) $(prog_var fw_buf_size) $(prog_var fw_hotfix)" "1 32768 1" \
	"the firmware's version, buffer length and hotfix, as the program read them"
expect_eq "$(prog_var set_ret)" 0 "the rewrite is taken"
expect_eq "$(driver_of "$DELL_DESCRIPTOR")" dell-wmi-descriptor "dell-wmi-descriptor probes on it"
expect_eq "$(logged "$UNKNOWN_VERSION")" 1 "and warns of the rewritten interface version"
expect_eq "$(driver_of "$DELL_SMBIOS")" dell-smbios "dell-smbios-wmi probes after it"
expect_eq "$(node_size)" 4104 "with the rewritten buffer length"
expect_eq "$(logged "$NO_HOTFIX")" 1 "and warns of the rewritten hotfix"
calls_work "its calls, on a 4 KiB buffer,"

# One byte more than the firmware gave: refused, the firmware's descriptor.
expect_ok "it makes the next result a byte too long" set_mode 2
reprobe
prog_vars
expect_eq "$(prog_var queries)" 2 "the probe's query passed the program"
expect_eq "$(prog_var set_ret)" -7 "129 bytes for the firmware's 128: -E2BIG"
expect_eq "$(driver_of "$DELL_DESCRIPTOR")" dell-wmi-descriptor "dell-wmi-descriptor probes"
expect_eq "$(logged "$UNKNOWN_VERSION")" 0 "on the firmware's interface version"
expect_eq "$(driver_of "$DELL_SMBIOS")" dell-smbios "dell-smbios-wmi probes"
expect_eq "$(node_size)" 32776 "on the firmware's buffer length"
expect_eq "$(logged "$NO_HOTFIX")" 0 "and hotfix"

# Another ACPI type: refused, the firmware's descriptor.
expect_ok "it makes the next result an integer" set_mode 3
reprobe
prog_vars
expect_eq "$(prog_var queries)" 3 "the probe's query passed the program"
expect_eq "$(prog_var set_ret)" -22 "an integer for the firmware's buffer: -EINVAL"
expect_eq "$(driver_of "$DELL_DESCRIPTOR")" dell-wmi-descriptor "dell-wmi-descriptor probes"
expect_eq "$(driver_of "$DELL_SMBIOS")" dell-smbios "dell-smbios-wmi probes"
expect_eq "$(node_size)" 32776 "on the firmware's buffer length"

# Shorter: within the kernel's bounds, so it is what the driver gets, and
# the driver refuses a descriptor that is not 128 bytes long: its probe
# fails, and dell-smbios-wmi's fails as the descriptor said.
expect_ok "it makes the next result 64 bytes long" set_mode 4
reprobe
prog_vars
expect_eq "$(prog_var queries)" 4 "the probe's query passed the program"
expect_eq "$(prog_var set_ret)" 0 "64 of the firmware's 128 bytes: taken"
expect_eq "$(logged "$BAD_LENGTH")" 1 "dell-wmi-descriptor got 64 bytes and says so"
expect_eq "$(driver_of "$DELL_DESCRIPTOR")" none "its probe failed"
expect_eq "$(driver_of "$DELL_SMBIOS")" none "and so did dell-smbios-wmi's"
expect_fail "its node is gone" test -e /dev/wmi/dell-smbios

# Detached: the firmware's descriptor again.
expect_ok "unload the program" wmibpf unload test_dell_descriptor
reprobe
expect_eq "$(driver_of "$DELL_DESCRIPTOR")" dell-wmi-descriptor "dell-wmi-descriptor probes"
expect_eq "$(logged "$UNKNOWN_VERSION")" 0 "on the firmware's interface version"
expect_eq "$(driver_of "$DELL_SMBIOS")" dell-smbios "dell-smbios-wmi probes"
expect_eq "$(node_size)" 32776 "on the firmware's buffer length"
expect_eq "$(logged "$NO_HOTFIX")" 0 "and hotfix"
calls_work "its calls"
finish

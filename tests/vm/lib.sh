# SPDX-License-Identifier: GPL-2.0
# Helpers for in-guest tests; sourced by every tests/vm/*.sh (lib_*.sh are
# helpers shared by a few of them, sourced after this one).
#
# A test is a busybox sh script that exits 0 when every check held.  Checks
# print what they compared, so a failure in the console log says what went
# wrong without rerunning.

set -u

# The fake laptop's WMI devices (vmtest/acpi/acme.asl).
ACME_METHODS=FE733490-2E22-4EDB-A7B5-BC248874D383
ACME_STRING=AD81FA8F-3A66-4C67-B111-78F81C9633B3
ACME_ZONES=1E8FEC9B-04A5-4ED1-B79D-B77EF1152878
ACME_DATA=D28B1D3D-B880-4E86-BCF8-8DE9936D1B31
ACME_INFO=4AB6A4B0-01CD-45D0-A57A-E4FE7D9ED165
ACME_OWNER=5E5AA38E-88B7-4C57-8BC5-EFCDDE4EFB9A
ACME_EVENT=59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1
ACME_HOTKEY=769356C8-76CA-4F3D-B856-3AAE62AEF4D4
ACME_DUP=7341A899-B776-4263-B79B-1A87FEEA1766
# Only on the acme-alias laptop: not acme's, a second _WDG entry with
# ACME_METHODS' object id "AA", an alias of its method WMAA, with a second
# instance ACME_METHODS lacks (vmtest/acpi/acme.asl); no driver binds it.
ACME_ALIAS=A83F2366-60A5-4D77-8A39-4FCF1E4A95EB
# The Binary MOF block (Windows' GUID for it), on acme and dell: wmi-bmof
# binds it and exposes the firmware's class descriptions as its bmof file.
WMI_BMOF=05901221-D566-11D1-B2F0-00A0C9062910

# The Dell- and MSI-shaped laptops (vmtest/acpi/dell.asl, msi.asl), whose
# blocks the real in-tree drivers bind.
DELL_DESCRIPTOR=8D9DDCBC-A997-11DA-B012-B622A1EF5492
DELL_SMBIOS=A80593CE-A997-11DA-B012-B622A1EF5492
DELL_EVENT=9DBB5994-A997-11DA-B012-B622A1EF5492
# Not Dell's: a second _WDG entry with DELL_SMBIOS' object id "DA", an alias
# of its method WMDA (vmtest/acpi/dell.asl); no driver binds it.
DELL_ALIAS=DD403024-1BE9-4DDC-93D5-AFA116B0A2ED
# dell-wmi-led's lid LED, a method it calls by GUID without binding it.
DELL_LED=F6E4FE6E-909D-47CB-8BAB-C9F6F2F8D396
MSI_PLATFORM=ABBC0F6E-8EA1-11D1-00A0-C90629100000
# The test bed's own block on those laptops: no driver binds it, so tests
# read the firmware's side through it, not through the driver under test.
BED_CONTROL=185E4D75-A586-4EC3-8883-66DCE3E38D86

WMI_DEVICES=/sys/bus/wmi/devices
TESTDRV=/sys/kernel/debug/wmi-testdrv

checks=0
failures=0

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# expect_eq ACTUAL EXPECTED WHAT
expect_eq() {
	checks=$((checks + 1))
	if [ "$1" = "$2" ]; then
		echo "ok: $3 = '$1'"
	else
		fail "$3: got '$1', expected '$2'"
	fi
}

# expect_match ACTUAL PATTERN WHAT (shell glob pattern)
expect_match() {
	checks=$((checks + 1))
	# shellcheck disable=SC2254
	case "$1" in
	$2) echo "ok: $3 matches '$2'" ;;
	*) fail "$3: got '$1', expected to match '$2'" ;;
	esac
}

# expect_ok WHAT CMD...: the command succeeds.
expect_ok() {
	local what=$1
	shift
	checks=$((checks + 1))
	if "$@"; then
		echo "ok: $what"
	else
		fail "$what: '$*' exited $?"
	fi
}

# expect_fail WHAT CMD...: the command fails.
expect_fail() {
	local what=$1
	shift
	checks=$((checks + 1))
	if "$@"; then
		fail "$what: '$*' succeeded, expected a failure"
	else
		echo "ok: $what (failed as expected)"
	fi
}

# wait_until SECONDS CMD...: run CMD every 0.1 s until it succeeds or
# SECONDS pass; fails in the latter case.  For what the kernel does from a
# work queue (notifications, LED writes).  Generous: it returns as soon as
# CMD succeeds, and a loaded CI machine may be slow.
wait_until() {
	local n=$(($1 * 10))
	shift
	until "$@"; do
		n=$((n - 1))
		[ $n -gt 0 ] || return 1
		sleep 0.1
	done
}

loaded_modules=

# load_module NAME: insmod a project module unless it is already loaded;
# finish unloads what a test loaded, so tests sharing a boot start alike.
load_module() {
	grep -q "^$1 " /proc/modules && return 0
	insmod "/wmibpf/modules/$1.ko" || {
		echo "FAIL: insmod $1"
		exit 1
	}
	loaded_modules="$1 $loaded_modules"
}

unload_module() {
	loaded_modules=$(echo "$loaded_modules" | sed "s/\b$1 //")
	grep -q "^$1 " /proc/modules || return 0
	rmmod "$1"
}

granted_nodes=

# driver_of DEVICE: the name of the driver bound to a WMI device, or none.
driver_of() {
	if [ -L "$WMI_DEVICES/$1/driver" ]; then
		basename "$(readlink "$WMI_DEVICES/$1/driver")"
	else
		echo none
	fi
}

# grant_node DEVICE: let every user open /dev/wmi/DEVICE, as a udev rule
# granting it to a group would; finish takes it back.
grant_node() {
	chmod 666 "/dev/wmi/$1" && granted_nodes="$granted_nodes $1"
}

# kcall FILE REQUEST: a kernel-origin WMI call through wmi-testdrv;
# prints the outcome ("ok integer 0x32", "error AE_...").
kcall() {
	echo "$2" >"$TESTDRV/$1" || return 1
	cat "$TESTDRV/$1"
}

# collections: how many times the firmware's WCAD enabled the collection
# of the acme charge limit (an expensive block), times 256, plus 1 if it is
# on now (method 14 of the acme method device, through wmi-testdrv).
collections() {
	printf '%d' "$(kcall method "$ACME_METHODS 0 14" | sed -n 's/^ok integer //p')"
}

# watch_notify KIND WHAT MS: start wait-notify KIND WHAT (a sysfs attribute's
# notification, or a device's uevent) for up to MS ms in the background,
# and return once it watches; $watcher is its pid, /tmp/watch.out what it
# saw once it has ended.
watch_notify() {
	rm -f /tmp/watch.ready
	wait-notify "$1" "$2" /tmp/watch.ready "$3" >/tmp/watch.out &
	watcher=$!
	wait_for_file /tmp/watch.ready
}

# wait_for_file FILE: up to ten seconds for FILE to appear.
wait_for_file() {
	wait_until 10 test -e "$1"
}

# testdrv_events_at_least N: wmi-testdrv has logged N events or more.
# (Its debugfs file has no size: count what it holds.)
testdrv_events_at_least() {
	[ "$(wc -l <"$TESTDRV/events")" -ge "$1" ]
}

# run_prog PROG ARGS...: run an in-guest C test program; its own checks
# count as one check here.
run_prog() {
	checks=$((checks + 1))
	if "$@"; then
		echo "ok: $*"
	else
		fail "$*"
	fi
}

# lock_down LEVEL: enter kernel lockdown (integrity or confidentiality).
# Lockdown closes debugfs, where the end of the boot would ask kmemleak for
# leaks; kmemleak's own scan thread takes over from here, and reports new
# leaks on the console, where they fail the run.  A kernel without kmemleak
# (Debian's, vmtest/debian.sh) has nothing to hand over.
lock_down() {
	kmemleak_before_lockdown
	echo "$1" >/sys/kernel/security/lockdown || fail "lockdown $1"
}

# Lockdown closes debugfs: from now on kmemleak scans by itself.
kmemleak_before_lockdown() {
	if [ -e /sys/kernel/debug/kmemleak ] && grep -q '\[none\]' /sys/kernel/security/lockdown; then
		echo scan=2 >/sys/kernel/debug/kmemleak || fail "start kmemleak's scan thread"
	fi
}

# The helpers below call BED_CONTROL with wmi-bed (tests/vm/progs/wmi_bed.c):
# "wmi-bed METHOD [DWORD...]" prints the Integer the method returns.

# fw_calls KEY: how many calls for KEY the firmware has run since boot, by
# the firmware's own count.  KEY is machine-specific; say it with
# dell_fw_calls CLASS SELECT (SMBIOS calls of that class and select) or
# msi_fw_calls METHOD (evaluations of that MSI method id).
fw_calls() {
	wmi-bed 1 "$1"
}

dell_fw_calls() {
	fw_calls $(($1 << 16 | $2))
}

msi_fw_calls() {
	fw_calls "$1"
}

# fw_calls_total: every evaluation of the vendor's method, whatever it was.
fw_calls_total() {
	wmi-bed 2
}

# fw_state INDEX: firmware state, read in ACPI (the indexes are listed at
# the top of vmtest/acpi/dell.asl and msi.asl); fw_set_state INDEX VALUE
# changes it behind every driver's back, as a firmware hot key does.
fw_state() {
	wmi-bed 3 "$1"
}

fw_set_state() {
	[ "$(wmi-bed 4 "$1" "$2")" = 0 ]
}

# dell_call CLASS SELECT [IN0..IN3]: a Dell SMBIOS call through
# dell-smbios-wmi's /dev/wmi/dell-smbios (its filter applies);
# dell_raw_call [--size N] CLASS SELECT [IN0..IN3]: the same call as a raw
# method call on the generic node /dev/wmi/$DELL_SMBIOS (method 1, the
# 36-byte calling interface buffer as input, zero-padded to N bytes).  Both print "ok R0 R1 R2 R3" (the output
# words, 0x%08x) or "error ENAME (message)", and fail on an error.
dell_call() {
	dell-smbios-call "$@"
}

dell_raw_call() {
	dell-smbios-call --raw "$@"
}

# finish: the test's exit; call last.
finish() {
	for n in $granted_nodes; do
		chmod 600 "/dev/wmi/$n"
	done
	for m in $loaded_modules; do
		rmmod "$m" || fail "rmmod $m"
	done
	echo "$checks checks, $failures failed"
	[ "$failures" -eq 0 ] && [ "$checks" -gt 0 ]
}

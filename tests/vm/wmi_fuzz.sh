# SPDX-License-Identifier: GPL-2.0
# A bounded fuzz run of the acme laptop's /dev/wmi nodes (wmi-fuzz, in
# tests/vm/progs/wmi_fuzz.c): random ioctls, sizes, flags, instances,
# inputs, pointers and reads, each answer checked against userspace.rst;
# as root (the firmware settings it changes are put back), then as nobody
# with the nodes granted, whose raw calls must all be refused.  The
# runner fails the boot on any kernel splat.  The seed changes each run
# and is printed; replay one in a guest ("vmtest/run.sh --shell") with
# the "replay:" line the run printed, or run this script there with
# WMI_FUZZ_SEED=N.
# vmtest: timeout=180
. /wmibpf/tests/lib.sh

# Guest seconds for each part.
ROOT_SECONDS=40
NOBODY_SECONDS=15
seed=${WMI_FUZZ_SEED:-$(($(date +%s) % 1000000007))}

echo "wmi-fuzz seed $seed; replay with: wmi-fuzz --seed $seed (--nonroot as nobody)"
run_prog wmi-fuzz --seed "$seed" --seconds $ROOT_SECONDS

for n in /dev/wmi/*; do
	case "${n##*/}" in
	"$ACME_METHODS"* | "$ACME_STRING"* | "$ACME_ZONES"* | "$ACME_DATA"* | \
	"$ACME_INFO"* | "$ACME_OWNER"* | "$ACME_EVENT"* | "$ACME_HOTKEY"* | "$ACME_DUP"* | \
	"$WMI_BMOF"*)
		grant_node "${n##*/}" ;;
	esac
done
run_prog runas 65534 65534 wmi-fuzz --seed "$((seed + 1))" --seconds $NOBODY_SECONDS --nonroot
finish

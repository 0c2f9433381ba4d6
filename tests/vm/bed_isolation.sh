# The test bed's runner (vmtest/bed.sh) on tests of its own: one killed by
# its budget in the middle of replacing a policy, with a daemon in the
# background, a node granted and a module loaded; the test after it must
# find the guest as it was, and the runner must name the killed test as
# the one that left it otherwise.
# vmtest: timeout=240
# vmtest: asan
. /wmibpf/tests/lib.sh

F=/tmp/bed-fixtures
mkdir -p $F
policy() {	# NAME ERRNO
	printf 'name: %s\ndevice: %s\nrules:\n  - method: 6\n    action: deny\n    errno: %s\n' \
		"$1" "$ACME_METHODS" "$2"
}
policy fan EACCES >$F/v1.yaml
policy fan EBUSY >$F/v2.yaml

# Killed mid-replace: the replace stops itself before its commit (the
# guest's wmibpf-asan has fault points, loader/fault.h) and the test waits
# for ever, until its budget runs out and the runner kills its group.
cat >$F/killed.sh <<EOF
# vmtest: timeout=15
wmibpf load -q $F/v1.yaml || exit 1
insmod /wmibpf/modules/wmi_testdrv.ko || exit 1
chmod 666 /dev/wmi/$ACME_METHODS
# A daemon outside the test's process group, which its kill misses.
setsid wmibpf monitor >/dev/null 2>&1 &
echo "replacing fan"
WMIBPF_FAULT=commit:stop wmibpf load -q $F/v2.yaml
echo "never here"
EOF
# Its victim, were the runner not to clean up: no policy, a call goes to
# the firmware, the node is root's, no wmi_testdrv, no monitor.
cat >$F/victim.sh <<EOF
. /wmibpf/tests/lib.sh
expect_eq "\$(wmibpf list)" "no policy loaded" "no policy is loaded"
expect_eq "\$(ls /sys/fs/bpf/wmi 2>/dev/null | grep -v '^monitor')" "" "nothing is pinned"
expect_ok "the fan profile call goes to the firmware" acme-ctl fan 2
expect_eq "\$(stat -c %a /dev/wmi/$ACME_METHODS)" 600 "the node is root's"
expect_fail "wmi_testdrv is not loaded" grep -q '^wmi_testdrv ' /proc/modules
expect_fail "no monitor runs" pidof wmibpf
finish
EOF

(
	. /wmibpf/bed.sh
	BED=/tmp/bed BED_TESTS=$F BED_FRESH_TMP=0
	bed_init $F/results
	for t in killed victim; do
		bed_run_test $t || break
	done
) >$F/out 2>&1
cat $F/out | sed 's/^/  | /'

expect_match "$(grep '^RESULT killed ' $F/results)" "RESULT killed 124 *" "the killed test's result: 124"
expect_match "$(cat $F/out)" "*bed-timeout: killed ran out of its budget of 15 s*its last line: wmibpf: stopped at commit*" \
	"it says what ran out, and how far the test got"
left=$(sed -n 's/^LEFT killed //p' $F/results)
expect_match "$left" "*+bpffs /wmi/fan/*" "the runner names the policy it left"
expect_match "$left" "*+module wmi_testdrv*" "and the module"
expect_match "$left" "*+node /dev/wmi/$ACME_METHODS 666*" "and the grant"
expect_match "$left" "*+process * wmibpf*" "and the processes"
expect_eq "$(grep -c '^DIRTY' $F/results)" 0 "the runner cleaned up after it"
expect_match "$(grep '^RESULT victim ' $F/results)" "RESULT victim 0 *" "the next test passes"
expect_eq "$(grep -c '^LEFT victim' $F/results)" 0 "and leaves nothing"
finish

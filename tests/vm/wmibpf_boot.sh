# SPDX-License-Identifier: GPL-2.0
# Boot-time loading: the systemd unit's ExecStart loads every policy in
# /etc/wmibpf/policies.d; the udev rule's RUN, for a device that appears,
# loads the policies bound to it. Both lines are taken from the installed
# files and run as systemd and udev would.
. /wmibpf/tests/lib.sh
D=/etc/wmibpf/policies.d
cp /usr/local/share/wmibpf/policies/default.yaml /usr/local/share/wmibpf/policies/acme/acme.yaml $D/

run=$(sed -n 's/.*RUN+="\(.*\)"/\1/p' /usr/local/lib/udev/rules.d/90-wmibpf.rules)
expect_match "$run" "/usr/local/sbin/wmibpf load --quiet --dir /etc/wmibpf/policies.d --for-device *" "the rule's command"
guid=$(sed -n 's/^WMI_GUID=//p' $WMI_DEVICES/$ACME_METHODS/uevent)
expect_eq "$guid" "$ACME_METHODS" "the device's WMI_GUID"
cmd=$(echo "$run" | sed "s/\$env{WMI_GUID}/$guid/")
expect_ok "udev's command for the acme device" sh -c "$cmd"
expect_eq "$(wmibpf list | cut -d' ' -f1 | tail -n +2 | tr '\n' ' ')" "acme " "it loaded the acme policy only"

exec_start=$(sed -n 's/^ExecStart=//p' /usr/local/lib/systemd/system/wmibpf.service)
expect_eq "$exec_start" "/usr/local/sbin/wmibpf load --dir /etc/wmibpf/policies.d" "the unit's command"
expect_ok "the unit's command" sh -c "$exec_start >/dev/null"
expect_eq "$(wmibpf list | cut -d' ' -f1 | tail -n +2 | tr '\n' ' ')" "acme default " "all policies loaded"
exec_stop=$(sed -n 's/^ExecStop=//p' /usr/local/lib/systemd/system/wmibpf.service)
expect_ok "the unit's stop command" sh -c "$exec_stop >/dev/null"
expect_eq "$(wmibpf list)" "no policy loaded" "all unloaded"
rm $D/*
finish

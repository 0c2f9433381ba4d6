# SPDX-License-Identifier: GPL-2.0
# wmibpf loads a bare BPF object too: a vendor translator, or a generic
# program bound to a device with --device.
. /wmibpf/tests/lib.sh
load_module acme_wmi
O=/usr/local/lib/wmibpf
expect_eq "$(wmibpf load $O/acme_translator.bpf.o)" "loaded acme_translator from $O/acme_translator.bpf.o" \
	"load the translator"
expect_eq "$(ls /sys/fs/bpf/wmi/acme_translator | tr '\n' ' ')" "meta obj-acme_translator " "its pins"
expect_ok "a raw brightness set" acme-ctl brightness 12
expect_eq "$(cat /sys/class/backlight/acme/brightness)" 12 "translated to the driver"
expect_match "$(wmibpf list)" "*acme_translator * $ACME_METHODS * - -  * acme_translator*" \
	"listed with its binding, and no rule table"

expect_ok "a generic object, bound with --device, named with --name" \
	wmibpf load -q --name zones-stub --device $ACME_ZONES $O/emulate_method.bpf.o
expect_match "$(wmibpf list --json)" "*\"name\":\"zones-stub\",\"device\":\"$ACME_ZONES\"*" "bound as asked"
wmibpf load /wmibpf/bpf/bad_kfunc.bpf.o 2>/tmp/err
expect_eq "$?" 3 "an object the verifier refuses: exit status 3"
expect_match "$(cat /tmp/err)" "*bad_kfunc.bpf.o: the kernel refused it*calling kernel function bpf_wmi_driver_update is not allowed*" \
	"with the verifier's log"
expect_fail "and nothing of it stays" test -e /sys/fs/bpf/wmi/bad_kfunc
wmibpf unload --all >/dev/null
finish

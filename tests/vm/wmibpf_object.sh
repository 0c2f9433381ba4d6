# SPDX-License-Identifier: GPL-2.0
# wmibpf loads a bare BPF object too: a vendor translator, or a generic
# program bound to a device with --device.
. /wmibpf/tests/lib.sh
load_module acme_wmi
O=/usr/local/lib/wmibpf
expect_eq "$(wmibpf load $O/acme_translator.bpf.o)" "loaded acme_translator from $O/acme_translator.bpf.o" \
	"load the translator"
expect_eq "$(ls /sys/fs/bpf/wmi/acme_translator | tr '\n' ' ')" "meta obj-acme_translator ops-acme_translator " "its pins"
expect_ok "a raw brightness set" acme-ctl brightness 12
expect_eq "$(cat /sys/class/backlight/acme/brightness)" 12 "translated to the driver"
expect_match "$(wmibpf list)" "*acme_translator * $ACME_METHODS * - -  * acme_translator*" \
	"listed with its binding, and no rule table"

expect_ok "a generic object, bound with --device, named with --name" \
	wmibpf load -q --name zones-stub --device $ACME_ZONES $O/emulate_method.bpf.o
expect_match "$(wmibpf list --json)" "*\"name\":\"zones-stub\",\"device\":\"$ACME_ZONES\"*" "bound as asked"
wmibpf load /wmibpf/bpf/bad_kfunc.bpf.o 2>/tmp/err
expect_eq "$?" 3 "an object the verifier refuses: exit status 3"
expect_match "$(cat /tmp/err)" "wmibpf: /wmibpf/bpf/bad_kfunc.bpf.o: refused by the verifier; its log:*calling kernel function bpf_wmi_driver_update is not allowed*" \
	"with the verifier's log"
expect_match "$(cat /tmp/err)" "*-- END PROG LOAD LOG --*" "the whole log, to its end"
expect_fail "and nothing of it stays" test -e /sys/fs/bpf/wmi/bad_kfunc

# A dotted file name makes a valid pin name, not bpffs's EPERM.
cp $O/emulate_method.bpf.o /tmp/acme.v2.bpf.o
expect_eq "$(wmibpf load --device $ACME_ZONES /tmp/acme.v2.bpf.o)" \
	"loaded acme_v2 from /tmp/acme.v2.bpf.o" "acme.v2.bpf.o loads as acme_v2"
expect_ok "pinned under that name" test -e /sys/fs/bpf/wmi/acme_v2/meta
echo "not ELF" >/tmp/text.bpf.o
wmibpf load /tmp/text.bpf.o 2>/tmp/err
expect_eq "$?" 3 "a file that is no BPF object: exit status 3"
expect_match "$(cat /tmp/err)" "wmibpf: /tmp/text.bpf.o: not a BPF object: *" "says so"
expect_fail "in libbpf's words, not 'Unknown error 4001'" grep -q "Unknown error" /tmp/err
wmibpf load /tmp/nosuch.bpf.o 2>/tmp/err
expect_eq "$?" 1 "a missing object: exit status 1"
expect_eq "$(cat /tmp/err)" "wmibpf: /tmp/nosuch.bpf.o: No such file or directory" "and why"
mkfifo /tmp/fifo.bpf.o
wmibpf load /tmp/fifo.bpf.o 2>/tmp/err
expect_eq "$?" 3 "a FIFO named *.bpf.o is refused, not waited on"
expect_eq "$(cat /tmp/err)" "wmibpf: /tmp/fifo.bpf.o: not a regular file, so not a BPF object" "and why"
rm -f /tmp/fifo.bpf.o /tmp/text.bpf.o /tmp/acme.v2.bpf.o
wmibpf unload --all >/dev/null
finish

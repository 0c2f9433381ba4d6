# SPDX-License-Identifier: GPL-2.0
# vmtest: machine=dell
# wmibpf mof on the Dell-shaped laptop: its Binary MOF (vmtest/acpi/
# dell.classes) is shaped like Dell's, the calling interface a class BFn
# with one method DoBFn (id 1) whose one parameter is an embedded BDat,
# in and out.  The blocks' classes are on the bus; the embedded types,
# whose GUIDs no _WDG lists, are not.
. /wmibpf/tests/lib.sh

class_json() {	# JSON NAME (as in wmibpf_mof.sh)
	printf '%s\n' "$1" | sed 's/{"name":"[A-Za-z0-9_]*","guid"/\n&/g' | grep "^{\"name\":\"$2\","
}

expect_eq "$(basename "$(readlink "$WMI_DEVICES/$WMI_BMOF/driver")")" wmi-bmof \
	"wmi-bmof binds the bMOF block"
expect_ok "the bytes are those built on the host" cmp "$WMI_DEVICES/$WMI_BMOF/bmof" \
	/wmibpf/bmof/dell.bmof

json=$(wmibpf mof --json)
expect_eq "$?" 0 "wmibpf mof --json exits 0"
expect_match "$(class_json "$json" BFn)" \
	"{\"name\":\"BFn\",\"guid\":\"$DELL_SMBIOS\",*\"methods\":\[{\"name\":\"DoBFn\",\"id\":1,\"returns\":\"void\",\"params\":\[{\"name\":\"Data\",\"type\":\"BDat\",\"direction\":\"inout\",\"id\":0,\"array\":false}\]}\],\"devices\":\[\"$DELL_SMBIOS\"\],\"present\":true,\"bmof\":\"$WMI_BMOF\"}*" \
	"BFn.DoBFn: id 1, an inout BDat, on the bus"
expect_match "$(class_json "$json" BDat)" \
	"{\"name\":\"BDat\",\"guid\":\"A3776CE0-1E88-11DB-A98B-0800200C9A66\",*\"properties\":\[{\"name\":\"Bytes\",\"type\":\"uint8\",\"array\":true}\],*\"present\":false,*" \
	"BDat: a byte array, not on the bus"
expect_match "$(class_json "$json" WMI_Query)" \
	"{\"name\":\"WMI_Query\",\"guid\":\"$DELL_DESCRIPTOR\",*{\"name\":\"QDATA\",\"type\":\"QDat\",\"array\":false}*\"present\":true,*" \
	"WMI_Query: the descriptor, on the bus"
expect_match "$(class_json "$json" BIOSEvent)" \
	"{\"name\":\"BIOSEvent\",\"guid\":\"$DELL_EVENT\",*\"present\":true,*" "BIOSEvent: the event, on the bus"
expect_match "$(class_json "$json" QDat)" "*\"present\":false,*" "QDat is not on the bus"
expect_match "$(wmibpf mof)" "*class BIOSEvent : WmiEvent*" "BIOSEvent's superclass"

finish

# SPDX-License-Identifier: GPL-2.0
# wmibpf mof on the acme laptop: its firmware carries a Binary MOF of its
# own classes (vmtest/acpi/acme.classes, made into the SSDT at build time),
# the in-tree wmi-bmof driver binds its block, and wmibpf decodes it from
# the bus: every class with its GUID and method ids, marked present when a
# device of its GUID is on the bus (AcmeLightbar's is not). wmibpf devices
# names each device's class from the same bMOF.
. /wmibpf/tests/lib.sh

BMOF=$WMI_DEVICES/$WMI_BMOF/bmof
LIGHTBAR=71F224D4-5BD3-435E-9F7C-50C1ADFB6D38

# class_json JSON NAME: the part of wmibpf mof --json about class NAME
# (classes, unlike methods and parameters, have a "guid" after the name).
class_json() {
	printf '%s\n' "$1" | sed 's/{"name":"[A-Za-z0-9_]*","guid"/\n&/g' | grep "^{\"name\":\"$2\","
}

expect_eq "$(basename "$(readlink "$WMI_DEVICES/$WMI_BMOF/driver")")" wmi-bmof \
	"wmi-bmof binds the bMOF block"
expect_ok "it exposes the firmware's bmof" test -s "$BMOF"
expect_ok "the bytes are those built on the host" cmp "$BMOF" /wmibpf/bmof/acme.bmof

# Text: reads like MOF, each class after a comment saying where it is.
text=$(wmibpf mof)
expect_eq "$?" 0 "wmibpf mof exits 0"
expect_match "$text" "*// on the WMI bus: $ACME_METHODS; bmof: $WMI_BMOF
\\[WMI, Dynamic, *guid(\"{$ACME_METHODS}\")\\]
class AcmeFan
{*" "AcmeFan is on the bus, from the bMOF device"
expect_match "$text" "*\\[WmiMethodId(6), Implemented, Description(\"Sets the fan profile\")\\] void SetProfile(\\[in, ID(0), *\\] uint32 Profile, \\[out, ID(1)\\] uint32 Status);*" \
	"SetProfile with its id and parameters"
expect_match "$text" "*// on the WMI bus: $ACME_DUP $ACME_DUP-1; bmof: $WMI_BMOF*class AcmeWhoAmI*" \
	"a GUID on both mappers: both devices"
expect_match "$text" "*// not on the WMI bus; bmof: $WMI_BMOF
*class AcmeLightbar*" "AcmeLightbar is not on the bus"
expect_eq "$(printf '%s\n' "$text" | grep -c '^class ')" 10 "ten classes"

# JSON: the GUIDs, the method ids, present and devices.
json=$(wmibpf mof --json)
expect_eq "$?" 0 "wmibpf mof --json exits 0"
fan=$(class_json "$json" AcmeFan)
expect_match "$fan" "{\"name\":\"AcmeFan\",\"guid\":\"$ACME_METHODS\",*" "AcmeFan's GUID"
for m in GetBrightness:1 SetBrightness:2 GetKeyboardLight:3 SetKeyboardLight:4 GetProfile:5 \
	SetProfile:6 GetInfo:7 Echo:8 GetModel:9 GetCallCount:10 GetEventState:11 SetEventData:12; do
	expect_match "$fan" "*{\"name\":\"${m%:*}\",\"id\":${m#*:},*" "AcmeFan.${m%:*} has id ${m#*:}"
done
expect_match "$fan" "*{\"name\":\"SetProfile\",\"id\":6,\"returns\":\"void\",\"params\":\[{\"name\":\"Profile\",\"type\":\"uint32\",\"direction\":\"in\",\"id\":0,\"array\":false},{\"name\":\"Status\",\"type\":\"uint32\",\"direction\":\"out\",\"id\":1,\"array\":false}\]}*" \
	"SetProfile's parameters"
expect_match "$fan" "*{\"name\":\"Echo\",\"id\":8,\"returns\":\"void\",\"params\":\[{\"name\":\"Data\",\"type\":\"uint8\",\"direction\":\"inout\",\"id\":0,\"array\":true}\]}*" \
	"Echo's parameter is in and out"
expect_match "$fan" "*\"devices\":\[\"$ACME_METHODS\"\],\"present\":true,\"bmof\":\"$WMI_BMOF\"}*" \
	"AcmeFan is present"
for c in AcmeAssetTag:$ACME_STRING AcmeZones:$ACME_ZONES AcmeChargeLimit:$ACME_DATA \
	AcmeFirmwareInfo:$ACME_INFO AcmeAssetOwner:$ACME_OWNER AcmeHotkeyEvent:$ACME_EVENT \
	AcmeHotkey:$ACME_HOTKEY; do
	expect_match "$(class_json "$json" "${c%:*}")" \
		"{\"name\":\"${c%:*}\",\"guid\":\"${c#*:}\",*\"devices\":\[\"${c#*:}\"\],\"present\":true,*" \
		"${c%:*} is present with its GUID"
done
expect_match "$(class_json "$json" AcmeZones)" "*{\"name\":\"SetColor\",\"id\":2,*" "AcmeZones.SetColor"
expect_match "$(class_json "$json" AcmeChargeLimit)" \
	"*\"properties\":\[*{\"name\":\"Limit\",\"type\":\"uint32\",\"array\":false}*" \
	"AcmeChargeLimit's data"
expect_match "$(class_json "$json" AcmeAssetOwner)" \
	"*\"properties\":\[*{\"name\":\"Owner\",\"type\":\"string\",\"array\":false}*" \
	"AcmeAssetOwner's data, a string"
expect_match "$(class_json "$json" AcmeWhoAmI)" \
	"*\"devices\":\[\"$ACME_DUP\",\"$ACME_DUP-1\"\],\"present\":true,*" "AcmeWhoAmI on two devices"
expect_match "$(class_json "$json" AcmeLightbar)" \
	"{\"name\":\"AcmeLightbar\",\"guid\":\"$LIGHTBAR\",*\"devices\":\[\],\"present\":false,\"bmof\":\"$WMI_BMOF\"}*" \
	"AcmeLightbar is absent"

# The bMOF device by name, in any case; the blob as a file.
expect_eq "$(wmibpf mof --json "$WMI_BMOF")" "$json" "wmibpf mof DEVICE: the same"
expect_eq "$(wmibpf mof --json "$(echo "$WMI_BMOF" | tr A-F a-f)")" "$json" \
	"a lower-case DEVICE: the same"
expect_match "$(wmibpf mof --json /wmibpf/bmof/acme.bmof)" \
	"{\"classes\":\[{\"name\":\"AcmeFan\",\"guid\":\"$ACME_METHODS\",*" "wmibpf mof FILE"

# A device that is not there, or has no bmof: exit 4, saying why.
err=$(wmibpf mof 01234567-89AB-CDEF-0123-456789ABCDEF 2>&1)
expect_eq "$?" 4 "an absent DEVICE exits 4"
expect_match "$err" "*01234567-89AB-CDEF-0123-456789ABCDEF: No such file or directory (no such WMI device)" \
	"and says so"
wmibpf mof "$ACME_METHODS" >/dev/null 2>&1
expect_eq "$?" 4 "a DEVICE without a bmof exits 4"

# devices: each GUID's class, by the bMOF's guid qualifiers.
devices=$(wmibpf devices 2>/tmp/devices.err)
expect_eq "$?" 0 "wmibpf devices exits 0"
expect_eq "$(cat /tmp/devices.err)" "" "and says nothing on stderr"
expect_match "$(printf '%s\n' "$devices" | head -n1)" "DEVICE *CLASS *KIND *" "a CLASS column"
expect_match "$(printf '%s\n' "$devices" | grep "^$ACME_METHODS ")" "$ACME_METHODS *AcmeFan *method *" \
	"devices names AcmeFan for $ACME_METHODS"
expect_match "$(printf '%s\n' "$devices" | grep "^$ACME_DUP-1 ")" "$ACME_DUP-1 *AcmeWhoAmI *" \
	"a duplicate GUID has its class too"
expect_match "$(printf '%s\n' "$devices" | grep "^$WMI_BMOF ")" "$WMI_BMOF *- *" \
	"the bMOF device has no class"
json=$(wmibpf devices --json)
expect_match "$json" \
	"*{\"device\":\"$ACME_METHODS\",\"guid\":\"$ACME_METHODS\",\"class\":\"AcmeFan\",\"kind\":\"method\",*" \
	"devices --json: \"class\":\"AcmeFan\""
expect_match "$json" "*{\"device\":\"$WMI_BMOF\",\"guid\":\"$WMI_BMOF\",\"class\":null,*" \
	"and null for the bMOF device"
# the bmof is root's (0400): others see the devices without names, silently
expect_eq "$(runas 65534 65534 wmibpf devices 2>&1 >/dev/null)" "" "devices as nobody: no note"
expect_match "$(runas 65534 65534 wmibpf devices | grep "^$ACME_METHODS ")" \
	"$ACME_METHODS *- *method *" "and no class name"

finish

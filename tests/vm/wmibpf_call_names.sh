# SPDX-License-Identifier: GPL-2.0
# wmibpf call by the firmware's names: the acme bMOF (vmtest/acpi/
# acme.classes) gives each class's GUID, each method's WmiMethodId and its
# parameters; wmibpf lays out NAME=VALUE input and reads the result back
# into named fields, and makes the same call the numbers make.
. /wmibpf/tests/lib.sh

old=$(wmibpf call $ACME_METHODS 1 --json | sed 's/.*"value":\([0-9]*\).*/\1/')

expect_eq "$(wmibpf call AcmeFan.SetBrightness Brightness=40)" "Status = 0" \
	"a set by name: its out parameter by name"
expect_eq "$(wmibpf call $ACME_METHODS 1)" "integer 40 [28 00 00 00]" \
	"the numbers see what the name set"
expect_eq "$(wmibpf call acmefan.getbrightness)" "Brightness = 40" \
	"names are case-insensitive, as in WMI"
expect_eq "$(wmibpf call AcmeFan.SetBrightness brightness=101)" "Status = 1" \
	"the firmware's own refusal, by name"
expect_eq "$(wmibpf call AcmeFan.GetInfo)" 'MaxBrightness = 100
Model = "Aero 14"
Revision = [1, 2, 3]' "a package result as named fields"
expect_eq "$(wmibpf call AcmeFan.GetInfo --json)" \
	"{\"device\":\"$ACME_METHODS\",\"class\":\"AcmeFan\",\"name\":\"GetInfo\",\"instance\":0,\"method\":7,\"type\":\"package\",\"bytes\":[100,0,0,0,16,0,65,0,101,0,114,0,111,0,32,0,49,0,52,0,0,0,1,2,3],\"fields\":{\"MaxBrightness\":100,\"Model\":\"Aero 14\",\"Revision\":[1,2,3]}}" \
	"the same in JSON"
expect_eq "$(wmibpf call AcmeZones.GetColor --instance 3)" "Color = 16777215" \
	"an instance by number"

# A string parameter on the string-flagged block.
tag=$(wmibpf call AcmeAssetTag.GetAssetTag | sed 's/^Tag = "\(.*\)"$/\1/')
expect_eq "$(wmibpf call AcmeAssetTag.SetAssetTag Tag=BY-NAME)" "Status = 0" "a string in"
expect_eq "$(wmibpf call AcmeAssetTag.GetAssetTag)" 'Tag = "BY-NAME"' "a string out"
wmibpf call AcmeAssetTag.SetAssetTag Tag="$tag" >/dev/null

# Bad names and words: said, with nothing called.
calls=$(wmibpf call AcmeFan.GetCallCount | sed 's/Count = //')
expect_eq "$(wmibpf call Nope.Get 2>&1; echo $?)" \
	"wmibpf: call: no class Nope in this machine's bMOF (see wmibpf mof)
4" "an unknown class: exit 4"
expect_eq "$(wmibpf call AcmeFan.Spin 2>&1; echo $?)" \
	"wmibpf: call: class AcmeFan has no method Spin (see wmibpf mof)
4" "an unknown method: exit 4"
expect_eq "$(wmibpf call AcmeLightbar.SetPattern Pattern=1 2>&1; echo $?)" \
	"wmibpf: call: class AcmeLightbar (71F224D4-5BD3-435E-9F7C-50C1ADFB6D38) is on no device of this machine's WMI bus
4" "a class with no firmware behind it: exit 4"
expect_eq "$(wmibpf call AcmeFan.SetProfile 2>&1; echo $?)" \
	"wmibpf: call: AcmeFan.SetProfile: missing Profile=uint32
2" "a missing parameter: exit 2"
expect_eq "$(wmibpf call AcmeFan.SetProfile Profile=1 Speed=3 2>&1; echo $?)" \
	"wmibpf: call: AcmeFan.SetProfile has no in parameter Speed
2" "an unknown parameter: exit 2"
expect_eq "$(wmibpf call AcmeFan.Echo Data=1 2>&1; echo $?)" \
	"wmibpf: call: AcmeFan.Echo: parameter Data is an array without a MAX(n) length: a variable-length layout
2" "a variable-length layout is refused"
expect_eq "$(wmibpf call AcmeWhoAmI.GetDevice 2>&1; echo $?)" \
	"wmibpf: call: class AcmeWhoAmI is on more than one device ($ACME_DUP, $ACME_DUP-1, ...): call one of them by number, as wmibpf call DEVICE 1
1" "a class on two devices: which one is asked for"
expect_eq "$(wmibpf call AcmeFan.GetCallCount | sed 's/Count = //')" "$((calls + 1))" \
	"none of them reached the firmware"

wmibpf call $ACME_METHODS 2 --u32 "$old" >/dev/null
finish

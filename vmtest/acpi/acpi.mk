# SPDX-License-Identifier: GPL-2.0
# The fake laptop's SSDT.  -we makes any iasl warning fail the build;
# remarks (-vr) are style hints, not problems.

acpi: $(OUT)/acpi/acme.aml

$(OUT)/acpi/acme.aml: vmtest/acpi/acme.asl
	$(Q)mkdir -p $(dir $@)
	$(Q)iasl -vs -vr -we -p $(basename $@) $< >$(basename $@).log 2>&1 || \
		{ cat $(basename $@).log; rm -f $@; exit 1; }

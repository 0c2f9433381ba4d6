# SPDX-License-Identifier: GPL-2.0
# The fake laptops' SSDTs, one per vmtest/acpi/*.asl (the machines of
# vmtest/machines/ name theirs).  -we makes any iasl warning fail the build;
# remarks (-vr) are style hints, not problems.

ACPI_AMLS := $(patsubst vmtest/acpi/%.asl,$(OUT)/acpi/%.aml,$(wildcard vmtest/acpi/*.asl))

acpi: $(ACPI_AMLS)

$(OUT)/acpi/%.aml: vmtest/acpi/%.asl
	$(Q)mkdir -p $(dir $@)
	$(Q)iasl -vs -vr -we -p $(basename $@) $< >$(basename $@).log 2>&1 || \
		{ cat $(basename $@).log; rm -f $@; exit 1; }

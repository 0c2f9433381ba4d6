# SPDX-License-Identifier: GPL-2.0
# The fake laptops' SSDTs, one per vmtest/acpi/*.asl (the machines of
# vmtest/machines/ name theirs).  -we makes any iasl warning fail the build;
# remarks (-vr) are style hints, not problems.
#
# A laptop with a vmtest/acpi/NAME.classes carries a Binary MOF of those
# classes: bmofgen (vmtest/acpi/bmofgen.c, on the unit tests' fixture
# encoder) writes it as $(OUT)/acpi/NAME-bmof.asl, a Buffer's body that
# NAME.asl #includes, and as $(OUT)/acpi/NAME.bmof, the blob itself.

ACPI_AMLS := $(patsubst vmtest/acpi/%.asl,$(OUT)/acpi/%.aml,$(wildcard vmtest/acpi/*.asl))
# Variants of a laptop, each a machine of its own: the same source with a
# symbol defined, rather than a copy to keep in step.  acme-alias adds an
# alias of acme's method device (vmtest/acpi/acme.asl), which would change
# the device counts the acme machine's tests check.
ACPI_AMLS += $(OUT)/acpi/acme-alias.aml
ACPI_BMOFS := $(patsubst vmtest/acpi/%.classes,%,$(wildcard vmtest/acpi/*.classes))
BMOFGEN := $(OUT)/acpi/bmofgen

acpi: $(ACPI_AMLS)

# It checks its blob with the loader's decoder before writing it.
BMOFGEN_SRCS := tests/unit/bmof_fixture.c loader/bmof.c

$(BMOFGEN): vmtest/acpi/bmofgen.c $(BMOFGEN_SRCS) tests/unit/bmof_fixture.h loader/bmof.h
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -Iloader -Itests/unit -o $@ $< $(BMOFGEN_SRCS)

$(OUT)/acpi/%-bmof.asl $(OUT)/acpi/%.bmof: vmtest/acpi/%.classes $(BMOFGEN)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(BMOFGEN) $< $(OUT)/acpi/$*-bmof.asl $(OUT)/acpi/$*.bmof

$(foreach m,$(ACPI_BMOFS),$(eval $(OUT)/acpi/$(m).aml: $(OUT)/acpi/$(m)-bmof.asl))

# $(call iasl,DEFINES): build $@ from $<, with -D for each of DEFINES.
iasl = $(Q)mkdir -p $(dir $@) && \
	iasl -vs -vr -we $(addprefix -D ,$(1)) -I $(OUT)/acpi -p $(basename $@) $< \
		>$(basename $@).log 2>&1 || { cat $(basename $@).log; rm -f $@; exit 1; }

$(OUT)/acpi/%.aml: vmtest/acpi/%.asl
	$(call iasl)

$(OUT)/acpi/acme-alias.aml: vmtest/acpi/acme.asl $(OUT)/acpi/acme-bmof.asl
	$(call iasl,ACME_ALIAS)

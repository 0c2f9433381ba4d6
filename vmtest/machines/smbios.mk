# SPDX-License-Identifier: GPL-2.0
# Raw SMBIOS structures of the machines (vmtest/machines/*.conf): each
# conf's smbios_files=(MACHINE-PART ...) become out/smbios/MACHINE-PART.bin,
# written by vmtest/machines/MACHINE-smbios.py PART.  Generated, so that no
# opaque binary is kept in the tree.

SMBIOS_BLOBS := $(foreach c,$(wildcard vmtest/machines/*.conf),\
	$(patsubst %,$(OUT)/smbios/%.bin,\
		$(shell sed -n 's/^smbios_files=(\(.*\))/\1/p' $(c))))

smbios: $(SMBIOS_BLOBS)

$(OUT)/smbios/%.bin: vmtest/machines/$$(firstword $$(subst -, ,$$*))-smbios.py
	$(Q)mkdir -p $(dir $@)
	$(Q)python3 $< $(patsubst $(firstword $(subst -, ,$*))-%,%,$*) >$@.tmp && mv $@.tmp $@

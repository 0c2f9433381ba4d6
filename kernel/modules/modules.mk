# SPDX-License-Identifier: GPL-2.0
# Out-of-tree modules in kernel/modules/<name>/ (a Kbuild file and sources),
# built against the cached kernel in $(OUT)/modules/<name> so the work tree
# stays clean.

MODULE_DIRS := $(patsubst %/Kbuild,%,$(wildcard kernel/modules/*/Kbuild))
MODULE_NAMES := $(notdir $(MODULE_DIRS))
MODULES_KO = $(foreach d,$(MODULE_DIRS),$(patsubst %.o,$(OUT)/modules/$(notdir $(d))/%.ko,\
	$(shell sed -n 's/^obj-m[ +:]*=[ ]*//p' $(d)/Kbuild)))

modules: kernel
	$(Q)for d in $(MODULE_NAMES); do \
		mkdir -p $(OUT)/modules/$$d && \
		rsync -a --checksum kernel/modules/$$d/ $(OUT)/modules/$$d/ && \
		$(MAKE) -s -C $(KBUILD) M=$(OUT)/modules/$$d W=1 modules || exit 1; \
	done

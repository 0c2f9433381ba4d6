# SPDX-License-Identifier: GPL-2.0
# Out-of-tree modules in kernel/modules/<name>/ (a Kbuild file and sources),
# built against the cached kernel in $(OUT)/modules/<name> so the work tree
# stays clean. Kbuild does not relink an external module when only vmlinux
# changed, but the module's BTF must match the kernel's: a module built for
# another kernel build is rebuilt from scratch. A build is its key and the
# time vmlinux was linked: trees on other branches share the build
# directory, and rebuilding one key after another's gives a vmlinux whose
# BTF the old modules no longer match (the kernel refuses them, EINVAL).

MODULE_DIRS := $(patsubst %/Kbuild,%,$(wildcard kernel/modules/*/Kbuild))
MODULE_NAMES := $(notdir $(MODULE_DIRS))
MODULES_KO = $(foreach d,$(MODULE_DIRS),$(patsubst %.o,$(OUT)/modules/$(notdir $(d))/%.ko,\
	$(shell sed -n 's/^obj-m[ +:]*=[ ]*//p' $(d)/Kbuild)))

modules: kernel
	$(Q)k="$$(cat $(KBUILD)/.wmibpf-key) $$(stat -c %Y $(KBUILD)/vmlinux)"; \
	for d in $(MODULE_NAMES); do \
		o=$(OUT)/modules/$$d; \
		if [ "$$k" != "$$(cat $$o/.kernel-key 2>/dev/null)" ]; then rm -rf $$o; fi; \
		mkdir -p $$o && \
		rsync -a --checksum kernel/modules/$$d/ $$o/ && \
		$(MAKE) -s -C $(KBUILD) M=$$o W=1 modules && \
		echo "$$k" >$$o/.kernel-key || exit 1; \
	done

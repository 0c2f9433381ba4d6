# SPDX-License-Identifier: GPL-2.0
# In-guest test programs: tests/vm/progs/<name>.c becomes <name> with
# dashes, built against the patched kernel's UAPI headers and installed in
# the guest's /wmibpf/bin.

PROG_SRCS := $(wildcard tests/vm/progs/*.c)
PROGS := $(patsubst tests/vm/progs/%.c,$(OUT)/progs/%,$(PROG_SRCS))
PROG_CFLAGS = $(CFLAGS) -I$(KBUILD)/usr-headers/include -pthread
# Programs with "bpf" in their name use libbpf skeletons from bpf/bpf.mk.
BPF_PROG_CFLAGS = -I$(OUT)/bpf -I$(LIBBPF_INC) -Ibpf
BPF_PROG_LIBS = $(LIBBPF_A) -lelf -lz

progs: kernel bpf
	$(Q)$(MAKE) --no-print-directory $(PROGS)

BPF_PROGS := $(foreach p,$(PROGS),$(if $(findstring bpf,$(notdir $(p))),$(p)))
PLAIN_PROGS := $(filter-out $(BPF_PROGS),$(PROGS))

$(PLAIN_PROGS): $(OUT)/progs/%: tests/vm/progs/%.c $(wildcard tests/vm/progs/*.h) \
		$(KBUILD)/usr-headers/include/linux/wmi.h
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(PROG_CFLAGS) -o $@ $<

$(BPF_PROGS): $(OUT)/progs/%: tests/vm/progs/%.c $(wildcard tests/vm/progs/*.h) $(BPF_SKELS) \
		$(KBUILD)/usr-headers/include/linux/wmi.h
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(PROG_CFLAGS) $(BPF_PROG_CFLAGS) -o $@ $< $(BPF_PROG_LIBS)

# The kernel tree's own example of dell-smbios' ioctl, for tests on the
# Dell-shaped laptop: taken from the kernel source (the series leaves
# tools/wmi alone, so it is the pristine file), with the fixes of
# dell-smbios-example-fixes.patch (its header says what they are).
KSRC = $(shell $(TOP)/vmtest/env.sh KSRC)
DELL_EXAMPLE := $(OUT)/progs/dell_smbios_example
PROGS += $(DELL_EXAMPLE)

$(DELL_EXAMPLE): tests/vm/progs/dell-smbios-example-fixes.patch \
		$(KBUILD)/usr-headers/include/linux/wmi.h
	$(Q)rm -rf $@.src && mkdir -p $@.src/tools/wmi
	$(Q)cp $(KSRC)/tools/wmi/dell-smbios-example.c $@.src/tools/wmi/
	$(Q)patch -s -d $@.src -p1 <$<
	$(Q)$(CC) $(PROG_CFLAGS) -o $@ $@.src/tools/wmi/dell-smbios-example.c

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

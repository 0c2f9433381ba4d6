# SPDX-License-Identifier: GPL-2.0
# In-guest test programs: tests/vm/progs/<name>.c becomes <name> with
# dashes, built against the patched kernel's UAPI headers and installed in
# the guest's /wmibpf/bin.

PROG_SRCS := $(wildcard tests/vm/progs/*.c)
PROGS := $(patsubst tests/vm/progs/%.c,$(OUT)/progs/%,$(PROG_SRCS))
PROG_CFLAGS = $(CFLAGS) -I$(KBUILD)/usr-headers/include -pthread

progs: kernel
	$(Q)$(MAKE) --no-print-directory $(PROGS)

$(OUT)/progs/%: tests/vm/progs/%.c $(wildcard tests/vm/progs/*.h) $(KBUILD)/usr-headers/include/linux/wmi.h
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(PROG_CFLAGS) -o $@ $<

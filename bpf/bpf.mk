# SPDX-License-Identifier: GPL-2.0
# BPF programs: every *.bpf.c in bpf/, policies/*/ and tests/vm/bpf/ is
# built with clang against vmlinux.h (the patched kernel's BTF, so CO-RE
# relocations and struct_ops types match it) into $(OUT)/bpf/<name>.bpf.o,
# with a libbpf skeleton <name>.skel.h beside it.

BPF_SRCS := $(wildcard bpf/*.bpf.c policies/*/*.bpf.c tests/vm/bpf/*.bpf.c)
BPF_OBJS := $(patsubst %.bpf.c,$(OUT)/bpf/%.bpf.o,$(notdir $(BPF_SRCS)))
BPF_SKELS := $(BPF_OBJS:.bpf.o=.skel.h)
# Objects the verifier must refuse (tests/vm/bpf/bad_*): no skeleton.
BPF_SKELS := $(filter-out $(OUT)/bpf/bad_%,$(BPF_SKELS))
# Unit tests name some objects as prerequisites of a pattern rule, which makes
# them intermediate: make would delete them after linking the test, and the
# test opens them when it runs.
.SECONDARY: $(BPF_OBJS) $(BPF_SKELS)

BPFTOOL = $(KTOOLS)/bin/bpftool
LIBBPF_INC = $(KTOOLS)/libbpf/include
LIBBPF_A = $(KTOOLS)/libbpf/lib/libbpf.a
BPF_CFLAGS = -g -O2 -Wall -Werror -target bpf -D__TARGET_ARCH_x86 \
	-I$(OUT)/bpf -I$(LIBBPF_INC) -Ibpf

vpath %.bpf.c bpf $(wildcard policies/*) tests/vm/bpf

bpf: tools
	$(Q)$(MAKE) --no-print-directory $(BPF_OBJS) $(BPF_SKELS)

# vmtest/kernel.sh alone builds the kernel, in a directory other trees
# share. No rule of ours may: without this empty one, make's built-in
# "%: %.o" relinks vmlinux with cc while another tree's build has written
# vmlinux.o but not vmlinux yet (tests/build/kbuild_untouched.sh).
$(KBUILD)/vmlinux: ;

$(OUT)/bpf/vmlinux.h: $(KBUILD)/vmlinux
	$(Q)mkdir -p $(dir $@)
	$(Q)$(BPFTOOL) btf dump file $< format c >$@.tmp && mv $@.tmp $@

$(OUT)/bpf/%.bpf.o: %.bpf.c $(wildcard bpf/*.h) $(OUT)/bpf/vmlinux.h
	$(Q)$(CLANG) $(BPF_CFLAGS) -c $< -o $@

$(OUT)/bpf/%.skel.h: $(OUT)/bpf/%.bpf.o
	$(Q)$(BPFTOOL) gen skeleton $< name $(subst -,_,$*) >$@.tmp && mv $@.tmp $@

# SPDX-License-Identifier: GPL-2.0
# wmibpf, the admin tool: built against the patched kernel's UAPI headers,
# libbpf from the kernel tree (static) and the table policy's skeleton.
# wmibpf-asan is the same with AddressSanitizer, LeakSanitizer and UBSan, and
# with fault injection (WMIBPF_FAULT, loader/fault.h), for the loader's own
# in-guest tests (vmtest/bed.sh says which).  Its runtimes are linked in
# and it is not position-independent: under TCG on the KASAN kernel each
# page fault at start-up costs, and the shared runtimes' relocations and a
# PIE's are a quarter of them.

PREFIX ?= /usr/local
SBINDIR ?= $(PREFIX)/sbin
BPFDIR ?= $(PREFIX)/lib/wmibpf

LOADER_SRCS := $(wildcard loader/*.c)
LOADER_HDRS := $(wildcard loader/*.h) bpf/wmi_policy.h
LOADER_CFLAGS = $(CFLAGS) -Iloader -Ibpf -I$(OUT)/bpf -I$(LIBBPF_INC) \
	-I$(KBUILD)/usr-headers/include -DWMIBPF_BPFDIR='"$(BPFDIR)"'
LOADER_LIBS = $(LIBBPF_A) -lelf -lz -lyaml

loader: bpf
	$(Q)$(MAKE) --no-print-directory $(OUT)/loader/wmibpf $(OUT)/loader/wmibpf-asan

$(OUT)/loader/wmibpf: $(LOADER_SRCS) $(LOADER_HDRS) $(OUT)/bpf/wmi_policy.skel.h loader/loader.mk
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(LOADER_CFLAGS) -o $@ $(LOADER_SRCS) $(LOADER_LIBS)

$(OUT)/loader/wmibpf-asan: $(LOADER_SRCS) $(LOADER_HDRS) $(OUT)/bpf/wmi_policy.skel.h loader/loader.mk
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(LOADER_CFLAGS) -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -DWMIBPF_FAULTS \
		-no-pie -static-libasan -static-libubsan -o $@ $(LOADER_SRCS) $(LOADER_LIBS)

# SPDX-License-Identifier: GPL-2.0
# wmibpf, the admin tool: built against the patched kernel's UAPI headers,
# libbpf from the kernel tree (static) and the table policy's skeleton.
# wmibpf-asan is the same with AddressSanitizer and LeakSanitizer, for the
# in-guest tests, and with fault injection (WMIBPF_FAULT, loader/fault.h).

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

$(OUT)/loader/wmibpf: $(LOADER_SRCS) $(LOADER_HDRS) $(OUT)/bpf/wmi_policy.skel.h
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(LOADER_CFLAGS) -o $@ $(LOADER_SRCS) $(LOADER_LIBS)

$(OUT)/loader/wmibpf-asan: $(LOADER_SRCS) $(LOADER_HDRS) $(OUT)/bpf/wmi_policy.skel.h
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(LOADER_CFLAGS) -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -DWMIBPF_FAULTS \
		-o $@ $(LOADER_SRCS) $(LOADER_LIBS)

# SPDX-License-Identifier: GPL-2.0
#
# WMI-BPF: the one entry point.
#
#   make            build everything (kernel and tools cached outside the tree)
#   make check      install deps, run unit tests and in-guest tests
#   make demo       install deps, boot the fake laptop and run the demo
#   make vm         boot the fake laptop to a shell (MACHINE=dell or msi for
#                   the Dell- or MSI-shaped one; vmtest/machines/)
#   make bench      per-call cost of WMI-BPF, as ratios taken in one boot
#   make bench-loader  what checking policies of 10 to 100 000 rules costs (host)
#   make install    install wmibpf, policies, unit and udev rule (DESTDIR, PREFIX)
#   make dkms       Debian packages: wmi.ko as DKMS module, and wmibpf (out/dkms/)
#   make kernel     build (or reuse) the patched kernel only
#   make clean      remove out/ (the kernel cache stays; see clean-cache)
#
# Set V=1 for full command lines.

.SECONDEXPANSION:

TOP := $(CURDIR)
OUT ?= $(TOP)/out
export WMIBPF_OUT := $(OUT)

# Lazily evaluated: on a fresh machine the deps step runs first.
KBUILD = $(shell $(TOP)/vmtest/env.sh KBUILD)
KTOOLS = $(shell $(TOP)/vmtest/env.sh KTOOLS)

CC := gcc
CLANG := clang-19
WARN_CFLAGS := -Wall -Wextra -Werror
CFLAGS ?= -O2 -g
CFLAGS += $(WARN_CFLAGS) -std=gnu11 -D_GNU_SOURCE

ifeq ($(V),1)
Q :=
else
Q := @
endif

# The machine make vm boots (vmtest/machines/NAME.conf).
MACHINE ?= acme

VM_TESTS ?= $(sort $(basename $(filter-out lib.sh lib_%.sh dkms_%,$(notdir $(wildcard tests/vm/*.sh)))))
# The in-guest tests that also run on Debian's own kernel with the DKMS
# wmi.ko (vmtest/debian.sh): its own check, the char device, BPF hooks,
# policies with wmibpf (their read and block rules too), bpftool on the
# module's struct_ops type, lockdown, and Debian's Dell drivers on it,
# dell-wmi-led (a GUID-string user) too, and dell-wmi-descriptor's query
# rewritten by a program as it probes.
# (Debian 6.12 has no msi-wmi-platform, and its Dell drivers lack the
# series' claims, which dell_owner and dell_bpf test.)
DEBIAN_TESTS ?= dkms_module wmi_cdev_types wmi_cdev_errors wmi_bpf_deny wmi_bpf_emulate \
	wmi_bpf_translator wmi_bpf_bpftool wmibpf_load wmibpf_show wmibpf_mode wmibpf_replace \
	dell_drivers dell_smbios_example dell_wmi_event wmi_cdev_lockdown wmi_bpf_lockdown \
	wmi_event_read wmi_bpf_event policy_events policy_readers acme_hotkeys dell_led \
	wmi_block_io wmibpf_block wmi_bpf_block wmi_block_claim policy_blocks \
	dell_descriptor_rewrite

.PHONY: all deps kernel tools modules acpi smbios unit bpf loader progs stage initramfs vm-deps \
	vm check demo bench bench-loader install dkms clean clean-cache help

all: kernel tools modules acpi smbios unit bpf loader progs

help:
	@sed -n '3,15p' Makefile

deps:
	$(Q)$(TOP)/scripts/install-deps.sh

kernel:
	$(Q)$(TOP)/vmtest/kernel.sh

tools: kernel
	$(Q)$(TOP)/vmtest/tools.sh

include kernel/modules/modules.mk
include vmtest/acpi/acpi.mk
include vmtest/machines/smbios.mk
include tests/unit/unit.mk
include tests/fuzz/fuzz.mk
include bpf/bpf.mk
include loader/loader.mk
include loader/install.mk
include tests/vm/progs/progs.mk
include tests/bench/bench.mk

# The guest's /wmibpf: modules, test scripts, programs.
stage: modules acpi smbios progs bpf loader
	$(Q)rm -rf $(OUT)/guest
	$(Q)$(MAKE) --no-print-directory install DESTDIR=$(OUT)/guest PREFIX=/usr/local \
		SYSCONFDIR=/etc
	$(Q)mkdir -p $(OUT)/guest/wmibpf/modules $(OUT)/guest/wmibpf/tests $(OUT)/guest/wmibpf/bin \
		$(OUT)/guest/wmibpf/bpf $(OUT)/guest/wmibpf/bmof $(OUT)/guest/wmibpf/asan
	$(Q)cp $(OUT)/loader/wmibpf-asan $(OUT)/guest/wmibpf/asan/wmibpf
	$(Q)cp $(ACPI_BMOFS:%=$(OUT)/acpi/%.bmof) $(OUT)/guest/wmibpf/bmof/
	$(Q)cp $(BPF_OBJS) $(OUT)/guest/wmibpf/bpf/
	$(Q)cp $(BPFTOOL) $(OUT)/guest/wmibpf/bin/
	$(Q)cp $(MODULES_KO) $(OUT)/guest/wmibpf/modules/
	$(Q)for p in $(PROGS); do cp $$p $(OUT)/guest/wmibpf/bin/$$(basename $$p | tr _ -); done
	$(Q)cp tests/vm/*.sh $(OUT)/guest/wmibpf/tests/
	$(Q)cp vmtest/demo.sh vmtest/bench.sh vmtest/bed.sh vmtest/busy.sh $(OUT)/guest/wmibpf/

initramfs: stage
	$(Q)$(TOP)/vmtest/mkinitramfs.sh

vm-deps: kernel initramfs

vm: deps
	$(Q)$(MAKE) --no-print-directory vm-deps
	$(Q)$(TOP)/vmtest/run.sh --shell --machine $(MACHINE)

# Each phase is timed into $(OUT)/phases.log; check.sh prints the times.
# The build runs a job per core (JOBS, as the kernel's and the tools'
# builds): most of it is independent compiles, the BPF objects, the
# modules and both loader builds, and a fresh clone spent 194 s in it one
# at a time against 111 s with two jobs.  Silent (-s) but for errors and
# the steps' own lines, unless V=1.
JOBS ?= $(shell nproc)
check: export WMIBPF_PHASES = $(OUT)/phases.log
check:
	$(Q)mkdir -p $(OUT) && rm -f $(OUT)/phases.log
	$(Q)$(TOP)/scripts/timed.sh deps $(TOP)/scripts/install-deps.sh
	$(Q)$(TOP)/scripts/timed.sh kernel $(MAKE) --no-print-directory kernel
	$(Q)$(TOP)/scripts/timed.sh tools $(MAKE) --no-print-directory tools
	$(Q)$(TOP)/scripts/timed.sh build $(MAKE) --no-print-directory $(if $(filter 1,$(V)),,-s) \
		-j$(JOBS) vm-deps unit
	$(Q)$(TOP)/scripts/check.sh --unit "$(UNIT_TESTS)" --vm "$(VM_TESTS)" --series --fuzz \
		--checkpatch "$(addprefix kernel/patches/,$(shell cat kernel/series))" \
		--debian "$(DEBIAN_TESTS)"

demo: deps
	$(Q)$(MAKE) --no-print-directory vm-deps
	$(Q)$(TOP)/vmtest/run.sh --run demo

bench: deps
	$(Q)$(MAKE) --no-print-directory vm-deps
	$(Q)$(TOP)/vmtest/run.sh --run bench

# The packages of an install on Debian 12 (README, "On Debian's own
# kernel"). wmibpf is built again in a tree of its own, for /usr: the BPF
# object directory is compiled into it.  It is built against the test
# kernel's UAPI headers and its vmlinux.h (the BPF objects' CO-RE types),
# with the tools' libbpf: the kernel and the tools first, cached, so
# cheap when warm, and made before anything that reads their files.
dkms: deps
	$(Q)$(MAKE) --no-print-directory kernel tools
	$(Q)rm -rf $(OUT)/dkms/wmibpf-root
	$(Q)$(MAKE) --no-print-directory OUT=$(OUT)/dkms/build install \
		DESTDIR=$(OUT)/dkms/wmibpf-root PREFIX=/usr SYSCONFDIR=/etc
	$(Q)$(TOP)/scripts/dkms-deb.sh $(OUT)/dkms $(OUT)/dkms/wmibpf-root

clean:
	rm -rf $(OUT)

clean-cache:
	rm -rf $(shell $(TOP)/vmtest/env.sh CACHE)

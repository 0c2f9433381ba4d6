# SPDX-License-Identifier: GPL-2.0
# CMocka unit tests: tests/unit/test_<name>.c, linked with the project
# sources listed in UNIT_SRCS_<name> and the libraries in UNIT_LIBS_<name>.
# They run on the host, under valgrind (scripts/check.sh).

# The policy parser and what it needs, for every test that reads policies.
POLICY_SRCS := loader/policy.c loader/policy_cond.c loader/policy_check.c loader/caps.c \
	loader/mof_names.c loader/mof_layout.c loader/bmof.c

UNIT_SRCS_guid := loader/guid.c
UNIT_SRCS_policy := $(POLICY_SRCS) loader/guid.c loader/text.c
UNIT_LIBS_policy := -lyaml
# device: Class and method: Class.Method, on a bMOF made in the test.
UNIT_SRCS_policy_names := $(POLICY_SRCS) loader/guid.c loader/text.c
UNIT_LIBS_policy_names := -lyaml
UNIT_SRCS_encode := loader/encode.c $(POLICY_SRCS) loader/guid.c loader/text.c
UNIT_LIBS_encode := -lyaml
UNIT_SRCS_cond := loader/encode.c loader/cond_text.c loader/json.c $(POLICY_SRCS) loader/guid.c \
	loader/text.c
UNIT_LIBS_cond := -lyaml
UNIT_SRCS_dell_policy := loader/encode.c $(POLICY_SRCS) loader/guid.c loader/text.c
UNIT_CFLAGS_dell_policy = -DPOLICY='"$(CURDIR)/policies/dell-smbios.yaml"'
UNIT_LIBS_dell_policy := -lyaml
UNIT_DEPS_dell_policy := policies/dell-smbios.yaml
# Running a verb in a test: a command line from a string, its output kept.
CLI_RUN_SRCS := tests/unit/cli_run.c
# The command line against the real verb table (verbs.c), so the whole
# loader but main().
UNIT_SRCS_cli = $(filter-out loader/main.c,$(LOADER_SRCS)) $(CLI_RUN_SRCS)
UNIT_DEPS_cli = $(OUT)/bpf/wmi_policy.skel.h tests/unit/cli_run.h
UNIT_CFLAGS_cli = -Itests/unit -I$(OUT)/bpf -I$(LIBBPF_INC) -I$(KBUILD)/usr-headers/include
UNIT_LIBS_cli = $(LIBBPF_A) -lelf -lz -lyaml
# query, set and call on nodes in a made-up devdir, with ioctl() and open()
# wrapped in the test to give every answer of the kernel.
UNIT_SRCS_block = $(UNIT_SRCS_cli)
UNIT_DEPS_block = $(UNIT_DEPS_cli)
UNIT_CFLAGS_block = $(UNIT_CFLAGS_cli)
UNIT_LIBS_block = -Wl,--wrap=ioctl -Wl,--wrap=open $(UNIT_LIBS_cli)
UNIT_SRCS_json := loader/json.c
UNIT_SRCS_text := loader/text.c
# the uAPI header: its WMI_RESULT_* must be the names text.c knows
UNIT_CFLAGS_text = -I$(KBUILD)/usr-headers/include
UNIT_SRCS_log := loader/log.c
# Class names from a bmof on the made-up bus, built by the fixture encoder.
UNIT_SRCS_devices = $(CLI_RUN_SRCS) loader/cmd_devices.c loader/device_info.c loader/cli.c loader/mof_bus.c loader/bmof.c loader/util.c \
	loader/json.c loader/guid.c loader/text.c loader/bpffs.c $(BMOF_FIXTURE_SRCS)
UNIT_CFLAGS_devices := -Itests/unit
UNIT_DEPS_devices := tests/unit/bmof_fixture.h tests/unit/cli_run.h
UNIT_LIBS_devices := -Wl,--wrap=bpffs_check
UNIT_SRCS_bpffs := loader/bpffs.c loader/util.c
UNIT_SRCS_report := loader/report.c loader/json.c loader/text.c loader/guid.c $(POLICY_SRCS)
UNIT_LIBS_report := -lyaml
UNIT_SRCS_event_record := loader/event_record.c loader/json.c loader/text.c
UNIT_CFLAGS_event_record = -I$(KBUILD)/usr-headers/include
# check opens the BPF objects a policy lists (loader/bind.c): real ones, built.
UNIT_SRCS_check = loader/cmd_check.c loader/device_info.c loader/encode.c loader/cli.c loader/mof_bus.c loader/bind.c loader/util.c $(POLICY_SRCS) loader/guid.c \
	$(BMOF_FIXTURE_SRCS) \
	loader/text.c
UNIT_CFLAGS_check = -I$(LIBBPF_INC) -DBPF_OBJS='"$(abspath $(OUT))/bpf"' -Itests/unit
UNIT_DEPS_check = $(OUT)/bpf/deny_method.bpf.o $(OUT)/bpf/acme_translator.bpf.o
UNIT_LIBS_check = $(LIBBPF_A) -lelf -lz -lyaml
# Binding a policy's objects to its device, on real objects.
# Objects with their own struct wmi_bpf_ops, one per -DCASE_<name>.
BIND_HOSTILE := $(patsubst %,$(OUT)/unit/bind/%.bpf.o,hole_other hole_null short dup flavor pinned)
UNIT_SRCS_bind := loader/bind.c $(POLICY_SRCS) loader/guid.c loader/text.c
UNIT_CFLAGS_bind = -I$(LIBBPF_INC) -DBPF_OBJS='"$(abspath $(OUT))/bpf"' \
	-DBIND_HOSTILE='"$(abspath $(OUT))/unit/bind"'
UNIT_DEPS_bind = $(OUT)/bpf/deny_method.bpf.o $(OUT)/bpf/acme_translator.bpf.o $(BIND_HOSTILE)
UNIT_LIBS_bind = $(LIBBPF_A) -lelf -lz -lyaml
$(BIND_HOSTILE): $(OUT)/unit/bind/%.bpf.o: tests/unit/bind/hostile.bpf.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CLANG) -g -O2 -Wall -Werror -target bpf -I$(LIBBPF_INC) -I$(KBUILD)/usr-headers/include \
		-DCASE_$* -c $< -o $@
# What needs CAP_SYS_RAWIO at load, on real objects.
UNIT_SRCS_rawio := loader/rawio.c $(POLICY_SRCS) loader/guid.c loader/text.c
UNIT_CFLAGS_rawio = -I$(LIBBPF_INC) -DBPF_OBJS='"$(abspath $(OUT))/bpf"'
UNIT_DEPS_rawio = $(OUT)/bpf/deny_method.bpf.o $(OUT)/bpf/allow_all.bpf.o \
	$(OUT)/bpf/emulate_method.bpf.o $(OUT)/bpf/rewrite_arg.bpf.o $(OUT)/bpf/test_owner.bpf.o \
	$(OUT)/bpf/bad_kfunc.bpf.o $(OUT)/bpf/test_scope.bpf.o
UNIT_LIBS_rawio = $(LIBBPF_A) -lelf -lz -lyaml
# cmd_load.c and transaction.c (which the test includes) against a mocked
# libbpf: the wrapped calls are in the test.
UNIT_SRCS_attach := loader/cli.c loader/store.c loader/bind.c loader/rawio.c $(POLICY_SRCS) loader/encode.c loader/guid.c loader/util.c \
	loader/text.c loader/log.c loader/bpffs.c loader/fault.c loader/monitors.c loader/mof_bus.c \
	loader/device_info.c
UNIT_DEPS_attach = $(OUT)/bpf/wmi_policy.skel.h
UNIT_CFLAGS_attach = -I$(OUT)/bpf -I$(LIBBPF_INC) -I$(KBUILD)/usr-headers/include
UNIT_WRAP_attach := bpf_obj_get bpf_obj_pin bpf_map__attach_struct_ops bpf_link__destroy \
	bpf_link_get_info_by_fd bpf_map_get_info_by_fd bpf_map_get_fd_by_id bpf_link_update \
	bpf_link_detach bpf_map_lookup_elem bpf_map__fd
UNIT_LIBS_attach = $(addprefix -Wl$(comma)--wrap=,$(UNIT_WRAP_attach)) $(LIBBPF_A) -lelf -lz -lyaml
comma := ,
# The transaction, through its API (transaction.h), failed and killed at
# every fault point, on a fake kernel.
UNIT_SRCS_transaction := loader/transaction.c loader/store.c loader/bpffs.c loader/util.c \
	loader/log.c loader/fault.c
UNIT_CFLAGS_transaction = -I$(LIBBPF_INC) -I$(KBUILD)/usr-headers/include -DWMIBPF_FAULTS
UNIT_WRAP_transaction := bpf_obj_get bpf_obj_pin bpf_map__attach_struct_ops bpf_link_create \
	bpf_link_update bpf_link_detach bpf_link_get_info_by_fd bpf_map_get_info_by_fd \
	bpf_map_get_fd_by_id bpf_map_lookup_elem bpf_map__fd bpf_map__update_elem \
	bpf_object__find_map_by_name
UNIT_LIBS_transaction = $(addprefix -Wl$(comma)--wrap=,$(UNIT_WRAP_transaction)) $(LIBBPF_A) -lelf \
	-lz -lyaml
# Monitor slots against mocked maps: arrays in the test.
UNIT_SRCS_monitors := loader/monitors.c loader/store.c loader/util.c loader/bpffs.c
UNIT_CFLAGS_monitors = -I$(LIBBPF_INC) -I$(KBUILD)/usr-headers/include
UNIT_WRAP_monitors := bpf_map_lookup_elem bpf_map_update_elem bpf_map_delete_elem
UNIT_LIBS_monitors = $(addprefix -Wl$(comma)--wrap=,$(UNIT_WRAP_monitors)) $(LIBBPF_A) -lelf -lz

# The policy snapshot on a made-up bpffs: pins are files, read by the
# wrapped calls in the test.
UNIT_SRCS_snapshot := loader/snapshot.c loader/store.c loader/util.c loader/bpffs.c loader/fault.c \
	loader/json.c loader/text.c
UNIT_CFLAGS_snapshot = -I$(LIBBPF_INC) -I$(KBUILD)/usr-headers/include
UNIT_WRAP_snapshot := bpf_obj_get bpf_map_lookup_elem
UNIT_LIBS_snapshot = $(addprefix -Wl$(comma)--wrap=,$(UNIT_WRAP_snapshot)) $(LIBBPF_A) -lelf -lz

# wmibpf list, status and show on the same made-up bpffs, with bpffs_check()
# and the kernel's BTF wrapped: what they print, byte for byte.
UNIT_SRCS_list_status := loader/cmd_list.c loader/cmd_status.c loader/cmd_show.c loader/cli.c \
	loader/snapshot.c loader/store.c loader/mof_bus.c loader/util.c loader/bpffs.c loader/fault.c \
	loader/monitors.c loader/cond_text.c loader/json.c loader/guid.c loader/text.c $(POLICY_SRCS)
UNIT_CFLAGS_list_status = -I$(LIBBPF_INC) -I$(KBUILD)/usr-headers/include
UNIT_WRAP_list_status := bpf_obj_get bpf_map_lookup_elem bpffs_check bpffs_require \
	btf__load_vmlinux_btf
UNIT_LIBS_list_status = $(addprefix -Wl$(comma)--wrap=,$(UNIT_WRAP_list_status)) $(LIBBPF_A) \
	-lelf -lz -lyaml

# The bMOF decoder on fixtures its own encoder builds (bmof_fixture.c, shared
# with the fuzz seeds); BMOF_CORPUS=DIR adds real blobs.
BMOF_FIXTURE_SRCS := tests/unit/bmof_fixture.c
UNIT_SRCS_bmof := loader/bmof.c loader/bmof_print.c loader/json.c $(BMOF_FIXTURE_SRCS)
UNIT_CFLAGS_bmof := -Itests/unit
UNIT_DEPS_bmof := tests/unit/bmof_fixture.h
# wmibpf mof on fixture blobs, in files and on a made-up sysfs.
UNIT_SRCS_mof := $(CLI_RUN_SRCS) loader/cmd_mof.c loader/cli.c loader/mof_bus.c loader/bmof.c loader/bmof_print.c loader/json.c loader/util.c \
	loader/guid.c loader/text.c $(BMOF_FIXTURE_SRCS)
UNIT_CFLAGS_mof := -Itests/unit
UNIT_DEPS_mof := tests/unit/bmof_fixture.h tests/unit/cli_run.h

# A call by name: bMOF parameters to and from a call's bytes.
UNIT_SRCS_mof_call := loader/mof_call.c loader/mof_layout.c loader/mof_names.c loader/bmof.c \
	loader/json.c loader/text.c loader/cli.c \
	loader/guid.c

UNIT_NAMES := $(patsubst tests/unit/test_%.c,%,$(wildcard tests/unit/test_*.c))
UNIT_TESTS := $(addprefix $(OUT)/unit/test_,$(UNIT_NAMES))

unit: $(UNIT_TESTS)

$(OUT)/unit/test_%: tests/unit/test_%.c $$(UNIT_SRCS_%) $$(UNIT_DEPS_%) $$(wildcard loader/*.h) \
		bpf/wmi_policy.h
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -Iloader -Ibpf $(UNIT_CFLAGS_$*) -o $@ $< $(UNIT_SRCS_$*) -lcmocka \
		$(UNIT_LIBS_$*)

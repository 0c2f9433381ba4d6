# SPDX-License-Identifier: GPL-2.0
# make bench-loader: what checking and encoding policies of 10 to 100 000
# rules costs on the host, as measured in one run (no kernel needed).

BENCH_LOADER_SRCS := $(POLICY_SRCS) loader/encode.c loader/guid.c loader/text.c

bench-loader: $(OUT)/bench/bench_check
	$(Q)$<

$(OUT)/bench/bench_check: tests/bench/bench_check.c $(BENCH_LOADER_SRCS) $(wildcard loader/*.h) \
		bpf/wmi_policy.h
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -Iloader -Ibpf -o $@ $< $(BENCH_LOADER_SRCS) -lyaml

# SPDX-License-Identifier: GPL-2.0
# Fuzzing the bMOF decoder: libFuzzer with ASan and UBSan (clang-19 and
# libclang-rt-19-dev). make fuzz-smoke writes a seed corpus from the unit
# tests' fixture encoder and runs a bounded number of executions; any
# crash, leak, sanitizer report or hang fails it, leaving the input in
# $(OUT)/fuzz/artifacts/. FUZZ_RUNS and FUZZ_TIME bound the run.

FUZZ_RUNS ?= 200000
FUZZ_TIME ?= 60
FUZZ_CFLAGS := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	$(WARN_CFLAGS) -std=gnu11 -D_GNU_SOURCE -Iloader -Itests/unit
FUZZ_BMOF_SRCS := loader/bmof.c loader/bmof_print.c loader/json.c $(BMOF_FIXTURE_SRCS)
FUZZ_BMOF_HDRS := loader/bmof.h loader/json.h tests/unit/bmof_fixture.h

.PHONY: fuzz-smoke bmof-dump

$(OUT)/fuzz/fuzz_bmof: tests/fuzz/fuzz_bmof.c $(FUZZ_BMOF_SRCS) $(FUZZ_BMOF_HDRS)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CLANG) $(FUZZ_CFLAGS) -o $@ $< $(FUZZ_BMOF_SRCS)

$(OUT)/fuzz/fuzz_seeds: tests/fuzz/fuzz_seeds.c $(FUZZ_BMOF_SRCS) $(FUZZ_BMOF_HDRS)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -Iloader -Itests/unit -o $@ $< $(FUZZ_BMOF_SRCS)

# A host tool: decode bMOF files to MOF text, or JSON with -j.
$(OUT)/fuzz/bmof_dump: tests/fuzz/bmof_dump.c loader/bmof.c loader/bmof_print.c loader/json.c \
		loader/bmof.h loader/json.h
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -Iloader -o $@ $< loader/bmof.c loader/bmof_print.c loader/json.c

bmof-dump: $(OUT)/fuzz/bmof_dump

# The corpus directory keeps what a run found (new inputs go to the first
# directory); the seeds are made anew each time. BMOF_CORPUS=DIR adds real
# blobs as seeds, read only.
fuzz-smoke: $(OUT)/fuzz/fuzz_bmof $(OUT)/fuzz/fuzz_seeds
	$(Q)rm -rf $(OUT)/fuzz/seeds
	$(Q)mkdir -p $(OUT)/fuzz/seeds $(OUT)/fuzz/corpus $(OUT)/fuzz/artifacts
	$(Q)$(OUT)/fuzz/fuzz_seeds $(OUT)/fuzz/seeds
	$(Q)$(OUT)/fuzz/fuzz_bmof -runs=$(FUZZ_RUNS) -max_total_time=$(FUZZ_TIME) -timeout=10 \
		-max_len=16384 -print_final_stats=1 -artifact_prefix=$(OUT)/fuzz/artifacts/ \
		$(OUT)/fuzz/corpus $(OUT)/fuzz/seeds $(BMOF_CORPUS)
	@echo "fuzz-smoke: bmof decoder: no crash in the bounded run"

# SPDX-License-Identifier: GPL-2.0
# CMocka unit tests: tests/unit/test_<name>.c, linked with the project
# sources listed in UNIT_SRCS_<name>.  They run on the host, under valgrind
# (scripts/check.sh).

UNIT_SRCS_guid := loader/guid.c

UNIT_NAMES := $(patsubst tests/unit/test_%.c,%,$(wildcard tests/unit/test_*.c))
UNIT_TESTS := $(addprefix $(OUT)/unit/test_,$(UNIT_NAMES))

unit: $(UNIT_TESTS)

$(OUT)/unit/test_%: tests/unit/test_%.c $$(UNIT_SRCS_%) $$(wildcard loader/*.h)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -Iloader -o $@ $< $(UNIT_SRCS_$*) -lcmocka

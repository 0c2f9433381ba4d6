# SPDX-License-Identifier: GPL-2.0
# Every error of the method ioctl is reported with its errno and changes
# nothing.
. /wmibpf/tests/lib.sh
run_prog wmi-cdev-test errors
finish

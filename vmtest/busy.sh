# SPDX-License-Identifier: GPL-2.0
# A guest that keeps both its vCPUs busy until it is killed: the load of
# scripts/busy-load.sh, which runs two of them beside a make check.
while :; do :; done &
while :; do :; done

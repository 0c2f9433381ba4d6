#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write one of the Dell laptop's raw SMBIOS structures to stdout.

    dell-smbios.py b1 >dell-b1.bin    misc BIOS flags: "has ACPI WMI"
    dell-smbios.py da >dell-da.bin    calling interface: classes and tokens

QEMU adds each file given with -smbios file= as one structure, as is
(vmtest/machines/dell.conf).  A structure is a 4-byte header (type, length
of the formatted part, handle), the formatted part, then its strings, each
NUL-terminated, and one more NUL (two NULs when it has none).  Layouts are
the ones the kernel parses, in drivers/platform/x86/dell/.
"""
import struct
import sys


def structure(stype, handle, body):
    """A structure without strings: header, formatted part, two NULs."""
    return struct.pack("<BBH", stype, 4 + len(body), handle) + body + b"\0\0"


# Type 0xB1 (dell-smbios-wmi.c, parse_b1_table): 8 bytes of flags after the
# header; flags0 bit 1 says the BIOS has the ACPI WMI interface.  The
# driver only reads the structure whose handle is 0xB100.
FLAG_HAS_ACPI_WMI = 0x02
B1 = structure(0xB1, 0xB100, struct.pack("<H6x", FLAG_HAS_ACPI_WMI))

# Type 0xDA (dell-smbios-base.c, struct calling_interface_structure): the SMI
# port and code of the SMM backend (not built in the test kernel, so any
# value), the bitmap of supported classes, then 6-byte tokens (id,
# location, value) ended by an 0xFFFF token.  vmtest/acpi/dell.asl
# answers these classes and token locations.
CLASSES = [
    0,   # token read
    1,   # token write
    7,   # flash interface (the kernel's dell-smbios-example asks it)
    17,  # info: thermal management (dell-pc)
    19,  # diagnostics: supported, so that the kernel's refusal is its
         # blacklist's, not "class not supported"
]
TOKENS = [
    # id      location  value
    (0x0461, 0x0100, 1),   # CAPSULE_EN_TOKEN: capsule updates on
    (0x0462, 0x0100, 0),   # CAPSULE_DIS_TOKEN: off (same location)
    (0x007D, 0x0101, 15),  # BRIGHTNESS_TOKEN, the kernel's only; max 15
    (0x04EC, 0x0102, 1),   # WSMT_EN_TOKEN: callable without capabilities
    (0x04ED, 0x0102, 0),   # WSMT_DIS_TOKEN
    (0xFFFF, 0x0000, 0),   # end of the list
]
DA = structure(0xDA, 0xDA00,
               struct.pack("<HBI", 0xB2, 0xD5, sum(1 << c for c in CLASSES)) +
               b"".join(struct.pack("<HHH", *t) for t in TOKENS))

if __name__ == "__main__":
    blobs = {"b1": B1, "da": DA}
    if len(sys.argv) != 2 or sys.argv[1] not in blobs:
        sys.exit("usage: dell-smbios.py b1|da >FILE")
    sys.stdout.buffer.write(blobs[sys.argv[1]])

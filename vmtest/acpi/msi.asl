/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * An MSI-shaped fake laptop (vmtest/machines/msi.conf): the WMI block the
 * real in-tree driver msi-wmi-platform binds (it also wants the DMI vendor
 * "Micro-Star International", from the machine's -smbios arguments).
 *
 * Device MSIW:
 *
 *   ABBC0F6E-8EA1-11D1-00A0-C90629100000  MS  methods: MSI's platform
 *        interface (the GUID of Microsoft's WMI-ACPI sample, reused)
 *
 * Every method takes a 32-byte buffer and answers a 32-byte buffer whose
 * byte 0 is nonzero on success (msi-wmi-platform.c refuses any other
 * length and treats byte 0 == 0 as -EIO).  Methods answered (ids from the
 * driver's enum msi_wmi_platform_method):
 *
 *   0x1D get WMI: byte 1 major 2, byte 2 minor 0 (the driver wants major 2)
 *   0x03 get EC: byte 1 flags 0xA1 (bit 7 Tiger Lake, which the driver
 *        requires; EC RAM version 2.1), bytes 2.. the EC firmware version
 *   0x11 get fan: bytes 1..8 four big-endian u16 fan values; the driver
 *        shows 480000 / value rpm (0 for 0): the values below read as
 *        2400, 3000, 0 and 4800 rpm
 * Any other method id answers byte 0 = 0, as for an unsupported call.
 *
 * Device BEDC, the test bed's control block, which no driver binds
 * (tests/vm/lib.sh: fw_calls, fw_state; the same GUID and methods as on
 * the Dell laptop, vmtest/acpi/dell.asl):
 *
 *   185E4D75-A586-4EC3-8883-66DCE3E38D86  ZZ  methods:
 *     1 (dword key) -> evaluations of MSI method id "key" so far (ids over
 *       254 count as key 255)
 *     2 -> every evaluation of WMMS
 *     3 (dword index) -> firmware state: 1..4 the raw value of fan 1..4
 *     4 (dword index, dword value) -> set that state -> 0
 */
DefinitionBlock ("", "SSDT", 2, "MSI", "WMIBPF", 0x00000001)
{
	Scope (\_SB)
	{
		Device (MSIW)
		{
			Name (_HID, "PNP0C14")
			Name (_UID, "MSI")

			Name (_WDG, Buffer ()
			{
				/* ABBC0F6E-8EA1-11D1-00A0-C90629100000 */
				0x6E, 0x0F, 0xBC, 0xAB, 0xA1, 0x8E, 0xD1, 0x11,
				0x00, 0xA0, 0xC9, 0x06, 0x29, 0x10, 0x00, 0x00,
				0x4D, 0x53,	/* object id "MS" */
				0x01,		/* 1 instance */
				0x02,		/* method */
			})

			/* Raw fan values: 480000 / value rpm. */
			Name (FAN1, 200)	/* 2400 rpm */
			Name (FAN2, 160)	/* 3000 rpm */
			Name (FAN3, 0)		/* stopped */
			Name (FAN4, 100)	/* 4800 rpm */

			/* Firmware call counters, dword each: see BEDC method 1. */
			Name (CNTB, Buffer (1024) { })
			Name (NCAL, 0)		/* WMMS evaluations */

			Method (CIDX, 1, NotSerialized)
			{
				If (LLess (Arg0, 255)) {
					Return (Arg0)
				}
				Return (255)
			}

			Method (CINC, 1, Serialized)
			{
				CreateDWordField (CNTB, Multiply (Arg0, 4), CNT)
				CNT = CNT + 1
			}

			Method (CGET, 1, Serialized)
			{
				CreateDWordField (CNTB, Multiply (Arg0, 4), CNT)
				Return (CNT)
			}

			/* The method ids are listed at the top of this file. */
			Method (WMMS, 3, Serialized)
			{
				NCAL++
				CINC (CIDX (ToInteger (Arg1)))
				Name (OUT, Buffer (32) { })
				Switch (ToInteger (Arg1)) {
				Case (0x1D) {
					OUT = Buffer (32) { 0x01, 0x02, 0x00 }
				}
				Case (0x03) {
					OUT = Buffer (32) {
						0x01, 0xA1,
						/* "WMIBPF-EC 1.0" */
						0x57, 0x4D, 0x49, 0x42, 0x50, 0x46, 0x2D, 0x45,
						0x43, 0x20, 0x31, 0x2E, 0x30 }
				}
				Case (0x11) {
					CreateByteField (OUT, 0, STAT)
					CreateWordField (OUT, 1, F1)
					CreateWordField (OUT, 3, F2)
					CreateWordField (OUT, 5, F3)
					CreateWordField (OUT, 7, F4)
					STAT = 1
					F1 = BE16 (FAN1)
					F2 = BE16 (FAN2)
					F3 = BE16 (FAN3)
					F4 = BE16 (FAN4)
				}
				}
				Return (OUT)
			}

			/* Arg0's low 16 bits, byte-swapped: big-endian in a WordField. */
			Method (BE16, 1, NotSerialized)
			{
				Return (Or (ShiftLeft (And (Arg0, 0xFF), 8), And (ShiftRight (Arg0, 8), 0xFF)))
			}
		}

		Device (BEDC)
		{
			Name (_HID, "PNP0C14")
			Name (_UID, "BED")

			Name (_WDG, Buffer ()
			{
				/* 185E4D75-A586-4EC3-8883-66DCE3E38D86 */
				0x75, 0x4D, 0x5E, 0x18, 0x86, 0xA5, 0xC3, 0x4E,
				0x88, 0x83, 0x66, 0xDC, 0xE3, 0xE3, 0x8D, 0x86,
				0x5A, 0x5A,	/* object id "ZZ" */
				0x01,		/* 1 instance */
				0x02,		/* method */
			})

			Name (NONE, Package () { 0 })

			/* Dword Arg1 of a buffer, or Ones when it is too short. */
			Method (GDWD, 2, Serialized)
			{
				If (LLess (SizeOf (Arg0), Add (Multiply (Arg1, 4), 4))) {
					Return (Ones)
				}
				CreateDWordField (Arg0, Multiply (Arg1, 4), VAL)
				Return (VAL)
			}

			/* The methods are listed at the top of this file. */
			Method (WMZZ, 3, Serialized)
			{
				Switch (ToInteger (Arg1)) {
				Case (1) {
					Return (^^MSIW.CGET (^^MSIW.CIDX (GDWD (Arg2, 0))))
				}
				Case (2) {
					Return (^^MSIW.NCAL)
				}
				Case (3) {
					Switch (ToInteger (GDWD (Arg2, 0))) {
					Case (1) {
						Return (^^MSIW.FAN1)
					}
					Case (2) {
						Return (^^MSIW.FAN2)
					}
					Case (3) {
						Return (^^MSIW.FAN3)
					}
					Case (4) {
						Return (^^MSIW.FAN4)
					}
					}
					Return (Ones)
				}
				Case (4) {
					Local1 = GDWD (Arg2, 1)
					Switch (ToInteger (GDWD (Arg2, 0))) {
					Case (1) {
						^^MSIW.FAN1 = Local1
					}
					Case (2) {
						^^MSIW.FAN2 = Local1
					}
					Case (3) {
						^^MSIW.FAN3 = Local1
					}
					Case (4) {
						^^MSIW.FAN4 = Local1
					}
					Default {
						Return (1)
					}
					}
					Return (0)
				}
				}
				Return (DerefOf (Index (NONE, 1)))
			}
		}
	}
}

/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * A Dell-shaped fake laptop (vmtest/machines/dell.conf): the WMI side of
 * Dell's SMBIOS calling interface, enough for the real in-tree drivers
 * dell-wmi-descriptor, dell-smbios (its WMI backend), dell-wmi and dell-pc
 * to bind and work.  The SMBIOS side (type 0xB1 "has ACPI WMI", type 0xDA
 * supported classes and tokens) comes from vmtest/machines/dell-smbios.py;
 * the classes and token locations below must match it.
 *
 * Device DELW, the Dell blocks (GUIDs are Dell's own, but the last):
 *
 *   8D9DDCBC-A997-11DA-B012-B622A1EF5492  BD  data: the 128-byte descriptor
 *   A80593CE-A997-11DA-B012-B622A1EF5492  DA  method 1: the SMBIOS calling
 *                                              interface buffer
 *   9DBB5994-A997-11DA-B012-B622A1EF5492  D0  event: hot keys (dell-wmi)
 *   05901221-D566-11D1-B2F0-00A0C9062910  MO  data: the Binary MOF, bound by
 *                                              wmi-bmof; its classes, shaped
 *                                              like Dell's, are dell.classes,
 *                                              made into bytes at build time
 *                                              by vmtest/acpi/bmofgen
 *   DD403024-1BE9-4DDC-93D5-AFA116B0A2ED  DA  method: not Dell's, a GUID
 *                                              made up for the test bed with
 *                                              the calling interface's object
 *                                              id: an alias, two _WDG entries
 *                                              evaluating one WMDA.  No driver
 *                                              binds it (tests/vm/dell_alias.sh)
 *   F6E4FE6E-909D-47CB-8BAB-C9F6F2F8D396  LE  method 1: the lid LED of
 *                                              dell-wmi-led, a driver on the
 *                                              GUID-string functions that
 *                                              binds no WMI device
 *                                              (tests/vm/dell_led.sh)
 *
 * Device BEDC, the test bed's own control block, which no driver binds, so
 * that tests read the firmware's side without going through the driver
 * under test (tests/vm/lib.sh: fw_calls, fw_state):
 *
 *   185E4D75-A586-4EC3-8883-66DCE3E38D86  ZZ  methods:
 *     1 (dword key) -> SMBIOS calls the firmware has run for that key,
 *       key = class << 16 | select (any class or select over 31 counts
 *       as key 0xFFFFFFFF, as does a buffer too short to hold a call)
 *     2 -> every evaluation of WMDA, whatever its method id or input
 *     3 (dword index) -> firmware state: 1 thermal mode bits, 2 AAC mode,
 *       3 the capsule token location, 4 the brightness location,
 *       5 the WSMT location
 *     4 (dword index, dword value) -> set that state behind every driver's
 *       back, as firmware hot keys do -> 0
 *     5 (buffer) -> raise dell-wmi's event with that buffer as its data
 *       (u16 words: length, type, code, extra; at most 32 bytes) -> 0
 *     6 -> the lid LED: 0 off, 1 on, 2 blinking (settable with 4 too)
 *     7 -> every evaluation of WMLE
 *
 * The calling interface buffer (struct calling_interface_buffer in
 * include/uapi/linux/wmi.h): u16 class, u16 select, u32 input[4],
 * u32 output[4], then Dell's extension area; dell-smbios-wmi passes the
 * descriptor's buffer length (32768 bytes) and copies back what WMDA
 * returns, so WMDA returns its argument, changed in place.  output[0] is
 * the status: 0 done, -1 failed, -2 not supported.
 *
 * Calls the firmware runs (class/select, inputs -> outputs):
 *   0/0..2  token read: input[0] location -> output[1] its value
 *   1/0..2  token write: input[0] location, input[1] value
 *   7/3     flash interface (the example's "TPM info", input[0] 2):
 *           -> output[1..3] = 0x00000001 0x00000200 0x00000010
 *   17/19   thermal management (dell-pc): input[0] 0 get, 1 set, below
 *   19/any  diagnostics: -> output[1] 0x600D; dell-smbios keeps these
 *           from user space, so a test sees whether one got through
 * anything else gets -2.  Unknown locations get -1.
 *
 * The LED's method 1 takes and returns dell-wmi-led's struct bios_args, six
 * bytes: length, result code, device id, command, on time, off time.  For
 * device 1 (the lid) commands 16, 17 and 18 turn it on, off and blinking
 * with result code 0; another device gets 250, another command or method
 * id 254.
 */
DefinitionBlock ("", "SSDT", 2, "DELL", "WMIBPF", 0x00000001)
{
	Scope (\_SB)
	{
		Device (DELW)
		{
			Name (_HID, "PNP0C14")
			Name (_UID, "DELL")

			Name (_WDG, Buffer ()
			{
				/* 8D9DDCBC-A997-11DA-B012-B622A1EF5492 */
				0xBC, 0xDC, 0x9D, 0x8D, 0x97, 0xA9, 0xDA, 0x11,
				0xB0, 0x12, 0xB6, 0x22, 0xA1, 0xEF, 0x54, 0x92,
				0x42, 0x44,	/* object id "BD" */
				0x01,		/* 1 instance */
				0x00,		/* data */

				/* A80593CE-A997-11DA-B012-B622A1EF5492 */
				0xCE, 0x93, 0x05, 0xA8, 0x97, 0xA9, 0xDA, 0x11,
				0xB0, 0x12, 0xB6, 0x22, 0xA1, 0xEF, 0x54, 0x92,
				0x44, 0x41,	/* object id "DA" */
				0x01,		/* 1 instance */
				0x02,		/* method */

				/* 9DBB5994-A997-11DA-B012-B622A1EF5492 */
				0x94, 0x59, 0xBB, 0x9D, 0x97, 0xA9, 0xDA, 0x11,
				0xB0, 0x12, 0xB6, 0x22, 0xA1, 0xEF, 0x54, 0x92,
				0xD0, 0x00,	/* notify id 0xD0 */
				0x01,		/* 1 instance */
				0x08,		/* event */

				/* 05901221-D566-11D1-B2F0-00A0C9062910 */
				0x21, 0x12, 0x90, 0x05, 0x66, 0xD5, 0xD1, 0x11,
				0xB2, 0xF0, 0x00, 0xA0, 0xC9, 0x06, 0x29, 0x10,
				0x4D, 0x4F,	/* object id "MO" */
				0x01,		/* 1 instance */
				0x00,		/* data */

				/*
				 * DD403024-1BE9-4DDC-93D5-AFA116B0A2ED, made up:
				 * an alias of the calling interface's WMDA.
				 */
				0x24, 0x30, 0x40, 0xDD, 0xE9, 0x1B, 0xDC, 0x4D,
				0x93, 0xD5, 0xAF, 0xA1, 0x16, 0xB0, 0xA2, 0xED,
				0x44, 0x41,	/* object id "DA", as A80593CE's */
				0x01,		/* 1 instance */
				0x02,		/* method */

				/* F6E4FE6E-909D-47CB-8BAB-C9F6F2F8D396 */
				0x6E, 0xFE, 0xE4, 0xF6, 0x9D, 0x90, 0xCB, 0x47,
				0x8B, 0xAB, 0xC9, 0xF6, 0xF2, 0xF8, 0xD3, 0x96,
				0x4C, 0x45,	/* object id "LE" */
				0x01,		/* 1 instance */
				0x02,		/* method */
			})

			Name (LEDS, 0)		/* the lid LED: 0 off, 1 on, 2 blinking */
			Name (NLED, 0)		/* evaluations of WMLE */
			Name (LEDO, Buffer (6) {})

			/* The lid LED, listed at the top of this file. */
			Method (WMLE, 3, Serialized)
			{
				NLED++
				/* A store into a buffer zero-fills or truncates it. */
				LEDO = Arg2
				Local0 = 254
				If (LAnd (LEqual (ToInteger (Arg1), 1), LGreaterEqual (SizeOf (Arg2), 4))) {
					Local1 = DerefOf (Index (Arg2, 3))
					If (LNotEqual (DerefOf (Index (Arg2, 2)), 1)) {
						Local0 = 250
					} ElseIf (LEqual (Local1, 16)) {
						LEDS = 1
						Local0 = 0
					} ElseIf (LEqual (Local1, 17)) {
						LEDS = 0
						Local0 = 0
					} ElseIf (LEqual (Local1, 18)) {
						LEDS = 2
						Local0 = 0
					}
				}
				LEDO[1] = Local0
				Return (LEDO)
			}

			/* The Binary MOF (#include: Include() takes no byte list). */
			Name (MOFB, Buffer ()
			{
#include "dell-bmof.asl"
			})

			Method (WQMO, 1, NotSerialized)
			{
				Return (MOFB)
			}

			/*
			 * The descriptor dell-wmi-descriptor.c parses: "DELL",
			 * " WMI", interface version 1, buffer length 32768,
			 * hotfix 1 (0 makes dell-smbios warn that the BIOS is
			 * too old for user-space calls), zeros to 128 bytes.
			 */
			Name (DESC, Buffer (128)
			{
				0x44, 0x45, 0x4C, 0x4C, 0x20, 0x57, 0x4D, 0x49,
				0x01, 0x00, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00,
				0x01, 0x00, 0x00, 0x00,
			})

			Method (WQBD, 1, NotSerialized)
			{
				Return (DESC)
			}

			/*
			 * Firmware state.  Thermal mode bits as dell-pc.c names
			 * them: 1 balanced, 2 cool bottom, 4 quiet, 8
			 * performance; all four are supported.
			 */
			Name (THRM, 0x01)	/* current thermal mode: balanced */
			Name (AACM, 0x00)	/* active acoustic controller mode */
			Name (CAPS, 0x00)	/* location 0x0100: 1 capsule updates on */
			Name (BRIT, 0x07)	/* location 0x0101: brightness (kernel's) */
			Name (WSMT, 0x01)	/* location 0x0102: 1 WSMT on */
			Name (EVEN, 0)		/* WED0 event enable state */
			Name (EVDT, Buffer (32) { })	/* data of the next event 0xD0 */

			/* Firmware call counters, dword each: see BEDC method 1. */
			Name (CNTB, Buffer (4096) { })
			Name (NCAL, 0)		/* WMDA evaluations */
			Name (NONE, Package () { 0 })	/* indexed past its end to fail */

			/* Counter slot of class Arg0, select Arg1: 1023 for any other. */
			Method (CIDX, 2, NotSerialized)
			{
				If (LAnd (LLess (Arg0, 32), LLess (Arg1, 32))) {
					Return (Add (Multiply (Arg0, 32), Arg1))
				}
				Return (1023)
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

			/* Value of token location Arg0, Ones if there is none. */
			Method (TRDL, 1, NotSerialized)
			{
				Switch (ToInteger (Arg0)) {
				Case (0x0100) {
					Return (CAPS)
				}
				Case (0x0101) {
					Return (BRIT)
				}
				Case (0x0102) {
					Return (WSMT)
				}
				}
				Return (Ones)
			}

			/* Write token location Arg0: 0, or 1 if there is none. */
			Method (TWRL, 2, NotSerialized)
			{
				Switch (ToInteger (Arg0)) {
				Case (0x0100) {
					CAPS = Arg1
				}
				Case (0x0101) {
					BRIT = Arg1
				}
				Case (0x0102) {
					WSMT = Arg1
				}
				Default {
					Return (1)
				}
				}
				Return (0)
			}

			/*
			 * The SMBIOS calling interface, method id 1.  Any other
			 * method id aborts, as on the acme laptop; a buffer too
			 * short for a call gets Integer Ones (not a buffer, so
			 * dell-smbios-wmi reports -EIO).
			 */
			Method (WMDA, 3, Serialized)
			{
				NCAL++
				If (LNotEqual (ToInteger (Arg1), 1)) {
					Return (DerefOf (Index (NONE, 1)))
				}
				If (LLess (SizeOf (Arg2), 36)) {
					CINC (1023)
					Return (Ones)
				}
				CreateWordField (Arg2, 0, CCLS)
				CreateWordField (Arg2, 2, CSEL)
				CreateDWordField (Arg2, 4, IN0)
				CreateDWordField (Arg2, 8, IN1)
				CreateDWordField (Arg2, 20, RS0)
				CreateDWordField (Arg2, 24, RS1)
				CreateDWordField (Arg2, 28, RS2)
				CreateDWordField (Arg2, 32, RS3)

				CINC (CIDX (CCLS, CSEL))
				RS0 = 0
				RS1 = 0
				RS2 = 0
				RS3 = 0
				If (LAnd (LLessEqual (CCLS, 1), LLessEqual (CSEL, 2))) {
					If (LEqual (CCLS, 0)) {
						Local0 = TRDL (IN0)
						If (LEqual (Local0, Ones)) {
							RS0 = 0xFFFFFFFF
						} Else {
							RS1 = Local0
						}
					} ElseIf (TWRL (IN0, IN1)) {
						RS0 = 0xFFFFFFFF
					}
				} ElseIf (LAnd (LEqual (CCLS, 7), LEqual (CSEL, 3))) {
					RS1 = 0x00000001
					RS2 = 0x00000200
					RS3 = 0x00000010
				} ElseIf (LAnd (LEqual (CCLS, 17), LEqual (CSEL, 19))) {
					RS0 = THMG (IN0, IN1)
					/*
					 * Get: output[1] byte 0 the supported
					 * modes, byte 1 those with AAC;
					 * output[2] byte 0 the current mode,
					 * byte 1 the AAC configuration type (0
					 * global), byte 2 the AAC mode.  dell-pc
					 * in 6.12 reads the AAC mode from
					 * output[3] bits 19:16, so it is there
					 * too.
					 */
					If (LEqual (IN0, 0)) {
						RS1 = 0x0F0F
						RS2 = Or (THRM, ShiftLeft (AACM, 16))
						RS3 = ShiftLeft (AACM, 16)
					}
				} ElseIf (LEqual (CCLS, 19)) {
					RS1 = 0x600D
				} Else {
					RS0 = 0xFFFFFFFE
				}
				Return (Arg2)
			}

			/*
			 * Thermal management, input[0] Arg0: 0 get -> 0; 1 set
			 * from input[1] Arg1 (byte 0 one supported mode bit,
			 * byte 1 the AAC mode) -> 0, or -1 for no single
			 * supported mode; anything else -> -2.
			 */
			Method (THMG, 2, NotSerialized)
			{
				If (LEqual (Arg0, 0)) {
					Return (0)
				}
				If (LNotEqual (Arg0, 1)) {
					Return (0xFFFFFFFE)
				}
				Local0 = And (Arg1, 0xFF)
				If (LOr (LOr (LEqual (Local0, 1), LEqual (Local0, 2)),
					 LOr (LEqual (Local0, 4), LEqual (Local0, 8)))) {
					THRM = Local0
					AACM = And (ShiftRight (Arg1, 8), 0xFF)
					Return (0)
				}
				Return (0xFFFFFFFF)
			}

			Method (WED0, 1, NotSerialized)
			{
				EVEN = Arg0
			}

			/* What BEDC method 5 stored; zeros end dell-wmi's list. */
			Method (_WED, 1, NotSerialized)
			{
				Return (EVDT)
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
					Local0 = GDWD (Arg2, 0)
					Return (^^DELW.CGET (^^DELW.CIDX (ShiftRight (Local0, 16),
								     And (Local0, 0xFFFF))))
				}
				Case (2) {
					Return (^^DELW.NCAL)
				}
				Case (3) {
					Switch (ToInteger (GDWD (Arg2, 0))) {
					Case (1) {
						Return (^^DELW.THRM)
					}
					Case (2) {
						Return (^^DELW.AACM)
					}
					Case (3) {
						Return (^^DELW.CAPS)
					}
					Case (4) {
						Return (^^DELW.BRIT)
					}
					Case (5) {
						Return (^^DELW.WSMT)
					}
					Case (6) {
						Return (^^DELW.LEDS)
					}
					Case (7) {
						Return (^^DELW.NLED)
					}
					}
					Return (Ones)
				}
				Case (4) {
					Local1 = GDWD (Arg2, 1)
					Switch (ToInteger (GDWD (Arg2, 0))) {
					Case (1) {
						^^DELW.THRM = Local1
					}
					Case (2) {
						^^DELW.AACM = Local1
					}
					Case (3) {
						^^DELW.CAPS = Local1
					}
					Case (4) {
						^^DELW.BRIT = Local1
					}
					Case (5) {
						^^DELW.WSMT = Local1
					}
					Case (6) {
						^^DELW.LEDS = Local1
					}
					Default {
						Return (1)
					}
					}
					Return (0)
				}
				Case (5) {
					/* A store into a buffer zero-fills or truncates it. */
					^^DELW.EVDT = Arg2
					Notify (^^DELW, 0xD0)
					Return (0)
				}
				}
				Return (DerefOf (Index (NONE, 1)))
			}
		}
	}
}

/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * The fake "acme" laptop: an SSDT handed to QEMU with -acpitable so that the
 * real WMI core binds two PNP0C14 devices and creates the WMI devices listed
 * below.  Every value the tests read lives in an ACPI name here, so a test
 * that checks one fails when this file changes it.
 *
 * GUIDs (freshly generated for this project; tests/vm/lib.sh names them):
 *
 *   FE733490-2E22-4EDB-A7B5-BC248874D383  AA  methods: brightness, keyboard
 *                                              light, fan profile, diagnostics
 *   AD81FA8F-3A66-4C67-B111-78F81C9633B3  AB  methods, string flagged: asset tag
 *   1E8FEC9B-04A5-4ED1-B79D-B77EF1152878  AC  methods, 4 instances: zone colours
 *   D28B1D3D-B880-4E86-BCF8-8DE9936D1B31  AD  data, expensive, setable:
 *                                              battery charge limit
 *   4AB6A4B0-01CD-45D0-A57A-E4FE7D9ED165  AE  data, read only, 2 instances:
 *                                              firmware version, build date
 *   5E5AA38E-88B7-4C57-8BC5-EFCDDE4EFB9A  AG  data, string flagged, setable:
 *                                              asset owner
 *   59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1  D0  event: hot key / state change
 *   769356C8-76CA-4F3D-B856-3AAE62AEF4D4  AF  methods: hot key simulator,
 *                                              raises the event
 *   7341A899-B776-4263-B79B-1A87FEEA1766  BA  methods, on both WMI devices,
 *                                              so the second gets the -1 name
 *   05901221-D566-11D1-B2F0-00A0C9062910  MO  data: the Binary MOF (Windows'
 *                                              GUID for it), bound by wmi-bmof
 *
 * Built with ACME_ALIAS defined (out/acpi/acme-alias.aml, the acme-alias
 * machine), it lists one more GUID:
 *
 *   A83F2366-60A5-4D77-8A39-4FCF1E4A95EB  AA  methods, 2 instances: not
 *                                              acme's, made up for the test
 *                                              bed with FE733490's object id:
 *                                              an alias, two _WDG entries
 *                                              evaluating one WMAA.  No
 *                                              driver binds it; acme-wmi,
 *                                              bound to FE733490, claims its
 *                                              methods 2 and 4 through it
 *                                              (tests/vm/wmi_bpf_alias_update.sh).
 *                                              Its second instance is one
 *                                              FE733490 lacks.
 *
 * A laptop of its own, not acme's: tests count acme's devices.
 *
 * The Binary MOF describes these blocks as classes (vmtest/acpi/acme.classes,
 * made into bytes at build time by vmtest/acpi/bmofgen).
 *
 * A method that does not know its method id aborts evaluation: an AML error
 * is the only failure ACPI can report, and it is what the WMI core has to
 * turn into an errno.  The abort is always the method's own top-level Return
 * (indexing past the end of a package), never inside a nested call or an If:
 * ACPICA leaks the caller's parse ops when a nested evaluation aborts there.
 * Bad arguments get a vendor status instead, as on real machines.
 */
DefinitionBlock ("", "SSDT", 2, "ACME", "WMIBPF", 0x00000001)
{
	Scope (\_SB)
	{
		Device (WMID)
		{
			Name (_HID, "PNP0C14")
			Name (_UID, "ACME")

			Name (_WDG, Buffer ()
			{
				/* FE733490-2E22-4EDB-A7B5-BC248874D383 */
				0x90, 0x34, 0x73, 0xFE, 0x22, 0x2E, 0xDB, 0x4E,
				0xA7, 0xB5, 0xBC, 0x24, 0x88, 0x74, 0xD3, 0x83,
				0x41, 0x41,	/* object id "AA" */
				0x01,		/* 1 instance */
				0x02,		/* method */

				/* AD81FA8F-3A66-4C67-B111-78F81C9633B3 */
				0x8F, 0xFA, 0x81, 0xAD, 0x66, 0x3A, 0x67, 0x4C,
				0xB1, 0x11, 0x78, 0xF8, 0x1C, 0x96, 0x33, 0xB3,
				0x41, 0x42,	/* object id "AB" */
				0x01,		/* 1 instance */
				0x06,		/* method, string */

				/* 1E8FEC9B-04A5-4ED1-B79D-B77EF1152878 */
				0x9B, 0xEC, 0x8F, 0x1E, 0xA5, 0x04, 0xD1, 0x4E,
				0xB7, 0x9D, 0xB7, 0x7E, 0xF1, 0x15, 0x28, 0x78,
				0x41, 0x43,	/* object id "AC" */
				0x04,		/* 4 instances */
				0x02,		/* method */

				/* D28B1D3D-B880-4E86-BCF8-8DE9936D1B31 */
				0x3D, 0x1D, 0x8B, 0xD2, 0x80, 0xB8, 0x86, 0x4E,
				0xBC, 0xF8, 0x8D, 0xE9, 0x93, 0x6D, 0x1B, 0x31,
				0x41, 0x44,	/* object id "AD" */
				0x01,		/* 1 instance */
				0x01,		/* data, expensive */

				/* 4AB6A4B0-01CD-45D0-A57A-E4FE7D9ED165 */
				0xB0, 0xA4, 0xB6, 0x4A, 0xCD, 0x01, 0xD0, 0x45,
				0xA5, 0x7A, 0xE4, 0xFE, 0x7D, 0x9E, 0xD1, 0x65,
				0x41, 0x45,	/* object id "AE" */
				0x02,		/* 2 instances */
				0x00,		/* data */

				/* 5E5AA38E-88B7-4C57-8BC5-EFCDDE4EFB9A */
				0x8E, 0xA3, 0x5A, 0x5E, 0xB7, 0x88, 0x57, 0x4C,
				0x8B, 0xC5, 0xEF, 0xCD, 0xDE, 0x4E, 0xFB, 0x9A,
				0x41, 0x47,	/* object id "AG" */
				0x01,		/* 1 instance */
				0x04,		/* data, string */

				/* 59AD888C-5BA0-4BC6-9A16-2D2FCB48F4B1 */
				0x8C, 0x88, 0xAD, 0x59, 0xA0, 0x5B, 0xC6, 0x4B,
				0x9A, 0x16, 0x2D, 0x2F, 0xCB, 0x48, 0xF4, 0xB1,
				0xD0, 0x00,	/* notify id 0xD0 */
				0x01,		/* 1 instance */
				0x08,		/* event */

				/* 769356C8-76CA-4F3D-B856-3AAE62AEF4D4 */
				0xC8, 0x56, 0x93, 0x76, 0xCA, 0x76, 0x3D, 0x4F,
				0xB8, 0x56, 0x3A, 0xAE, 0x62, 0xAE, 0xF4, 0xD4,
				0x41, 0x46,	/* object id "AF" */
				0x01,		/* 1 instance */
				0x02,		/* method */

				/* 7341A899-B776-4263-B79B-1A87FEEA1766 */
				0x99, 0xA8, 0x41, 0x73, 0x76, 0xB7, 0x63, 0x42,
				0xB7, 0x9B, 0x1A, 0x87, 0xFE, 0xEA, 0x17, 0x66,
				0x42, 0x41,	/* object id "BA" */
				0x01,		/* 1 instance */
				0x02,		/* method */

				/* 05901221-D566-11D1-B2F0-00A0C9062910 */
				0x21, 0x12, 0x90, 0x05, 0x66, 0xD5, 0xD1, 0x11,
				0xB2, 0xF0, 0x00, 0xA0, 0xC9, 0x06, 0x29, 0x10,
				0x4D, 0x4F,	/* object id "MO" */
				0x01,		/* 1 instance */
				0x00,		/* data */
#ifdef ACME_ALIAS
				/* one-line comments: iasl fails on a block comment #ifdef skips */

				/* A83F2366-60A5-4D77-8A39-4FCF1E4A95EB, made up */
				/* an alias of FE733490's WMAA */
				0x66, 0x23, 0x3F, 0xA8, 0xA5, 0x60, 0x77, 0x4D,
				0x8A, 0x39, 0x4F, 0xCF, 0x1E, 0x4A, 0x95, 0xEB,
				0x41, 0x41,	/* object id "AA", as FE733490's */
				0x02,		/* 2 instances, one more than FE733490 */
				0x02,		/* method */
#endif
			})

			/* Firmware state the methods read and change. */
			Name (BRGT, 50)		/* brightness, 0..100 */
			Name (KBDL, 1)		/* keyboard light, 0..3 */
			Name (FANP, 1)		/* fan profile: 0 quiet, 1 balanced, 2 performance */
			Name (NCAL, 0)		/* WMAA evaluations so far */
			Name (ATAG, "ACME-0001")	/* asset tag */
			Name (AOWN, "ACME IT")	/* asset owner */
			Name (FWIN, Package () { "ACME firmware 1.07", "built 2026-11-30" })
			Name (ZCOL, Package () { 0xFF0000, 0x00FF00, 0x0000FF, 0xFFFFFF })
			Name (CLIM, 80)		/* battery charge limit, percent */
			Name (CLON, 0)		/* WCAD collection state */
			Name (CLCN, 0)		/* WCAD enable calls */
			Name (EVEN, 0)		/* WED0 event state */
			Name (EVDT, 0)		/* data of the last event, read by _WED */
			Name (NONE, Package () { 0 })	/* indexed past its end to fail */

			/*
			 * First little-endian dword of a method's input buffer, or
			 * Ones when the buffer is shorter than that.
			 */
			Method (GDWD, 1, Serialized)
			{
				If (LLess (SizeOf (Arg0), 4)) {
					Return (Ones)
				}
				CreateDWordField (Arg0, 0, VAL)
				Return (VAL)
			}

			/*
			 * Method ids of FE733490-...-BC248874D383:
			 *   1 get brightness	2 set brightness (dword) -> 0, or 1 if > 100
			 *   3 get keyboard light	4 set keyboard light (dword) -> 0, or 1 if > 3
			 *   5 get fan profile	6 set fan profile (dword) -> 0, or 1 if > 2
			 * A set with less than a dword of input is out of range.
			 *   7 get info -> package { max brightness, model, firmware revision }
			 *   8 echo the input buffer back
			 *   9 get model name (string)
			 *  10 number of WMAA evaluations before this one
			 *  11 event enable state set through WED0
			 *  12 set the data of the next event 0xD0 (dword) -> 0;
			 *     0xB16 makes it a buffer of 4000 bytes
			 *  13 get a nested package, which has no Windows layout
			 *  14 the charge limit's data collection, for tests: WCAD's state
			 *     (0 or 1), and from bit 8 how many times WCAD enabled it
			 * Any other method id aborts the evaluation.
			 */
			Method (WMAA, 3, Serialized)
			{
				Local0 = NCAL
				NCAL++
				Switch (ToInteger (Arg1)) {
				Case (1) {
					Return (BRGT)
				}
				Case (2) {
					Local1 = GDWD (Arg2)
					If (LGreater (Local1, 100)) {
						Return (1)
					}
					BRGT = Local1
					Return (0)
				}
				Case (3) {
					Return (KBDL)
				}
				Case (4) {
					Local1 = GDWD (Arg2)
					If (LGreater (Local1, 3)) {
						Return (1)
					}
					KBDL = Local1
					Return (0)
				}
				Case (5) {
					Return (FANP)
				}
				Case (6) {
					Local1 = GDWD (Arg2)
					If (LGreater (Local1, 2)) {
						Return (1)
					}
					FANP = Local1
					Return (0)
				}
				Case (7) {
					Return (Package () { 100, "Aero 14", Buffer () { 0x01, 0x02, 0x03 } })
				}
				Case (8) {
					Return (Arg2)
				}
				Case (9) {
					Return ("ACME Aero 14")
				}
				Case (10) {
					Return (Local0)
				}
				Case (11) {
					Return (EVEN)
				}
				Case (12) {
					EVDT = GDWD (Arg2)
					Return (0)
				}
				Case (13) {
					Return (Package () { 1, Package () { 2 } })
				}
				Case (14) {
					Return (Or (CLON, ShiftLeft (CLCN, 8)))
				}
				}
				Return (DerefOf (Index (NONE, 1)))
			}

			/*
			 * AD81FA8F-...-78F81C9633B3 is string flagged: Arg2 is an ASCIZ
			 * string.  1 set the asset tag -> 0, or 1 if longer than 31
			 * characters; 2 get the asset tag.
			 */
			Method (WMAB, 3, Serialized)
			{
				Switch (ToInteger (Arg1)) {
				Case (1) {
					If (LGreater (SizeOf (Arg2), 31)) {
						Return (1)
					}
					ATAG = Arg2
					Return (0)
				}
				Case (2) {
					Return (ATAG)
				}
				}
				Return (DerefOf (Index (NONE, 1)))
			}

			/*
			 * 1E8FEC9B-...-B77EF1152878, four keyboard zones (instances):
			 * 1 get the zone's colour; 2 set it (dword 0xRRGGBB) -> 0.
			 * The core never passes an instance past _WDG's count.
			 */
			Method (WMAC, 3, Serialized)
			{
				Switch (ToInteger (Arg1)) {
				Case (1) {
					Return (DerefOf (Index (ZCOL, Arg0)))
				}
				Case (2) {
					Index (ZCOL, Arg0) = GDWD (Arg2)
					Return (0)
				}
				}
				Return (DerefOf (Index (NONE, 1)))
			}

			/*
			 * 769356C8-...-3AAE62AEF4D4, the hot key simulator: any
			 * method raises event 0xD0 with the data method 12 of
			 * FE733490-... stored.  It has no Return; Linux runs ACPICA in
			 * slack mode, which then hands back Integer 0.
			 */
			Method (WMAF, 3, NotSerialized)
			{
				Notify (WMID, 0xD0)
			}

			/*
			 * D28B1D3D-...-8DE9936D1B31: the battery charge limit (dword),
			 * 50..100; other values are ignored, as such firmware does.
			 * Queried with collection off (WCAD), it reads all ones, so that
			 * a core that forgot to enable collection is seen.
			 */
			Method (WQAD, 1, Serialized)
			{
				Name (BUF, Buffer (4) { })
				CreateDWordField (BUF, 0, VAL)
				VAL = CLIM
				If (LEqual (CLON, 0)) {
					VAL = 0xFFFFFFFF
				}
				Return (BUF)
			}

			Method (WSAD, 2, Serialized)
			{
				Local1 = GDWD (Arg1)
				If (LAnd (LGreaterEqual (Local1, 50), LLessEqual (Local1, 100))) {
					CLIM = Local1
				}
			}

			/* Expensive: the core enables collection around each query. */
			Method (WCAD, 1, NotSerialized)
			{
				CLON = Arg0
				If (Arg0) {
					CLCN++
				}
			}

			/*
			 * 4AB6A4B0-...-E4FE7D9ED165: read-only firmware information,
			 * one string an instance: 0 the version, 1 the build date.
			 * An instance past the two aborts (indexing past FWIN), so
			 * a core that let one through would fail with EIO, not with
			 * the EINVAL it owes before asking the firmware.
			 */
			Method (WQAE, 1, NotSerialized)
			{
				Return (DerefOf (Index (FWIN, Arg0)))
			}

			/*
			 * 5E5AA38E-...-EFCDDE4EFB9A is string flagged: WSAG's Arg1
			 * is an ASCII string, as WMAB's Arg2.  The asset owner, at
			 * most 31 characters, as the asset tag.  A set has no result
			 * to carry a vendor status, so a longer one aborts (EIO) and
			 * the owner stays as it was.
			 */
			Method (WQAG, 1, NotSerialized)
			{
				Return (AOWN)
			}

			Method (WSAG, 2, Serialized)
			{
				If (LLessEqual (SizeOf (Arg1), 31)) {
					AOWN = Arg1
					Return (0)
				}
				Return (DerefOf (Index (NONE, 1)))
			}

			/* Event 0xD0 enable, and its data. */
			Method (WED0, 1, NotSerialized)
			{
				EVEN = Arg0
			}

			Method (_WED, 1, NotSerialized)
			{
				/* 0xB16: 4000 bytes of data, for the readers' byte budget */
				If (LEqual (EVDT, 0xB16)) {
					Return (Buffer (4000) { 0xB1, 0x6B })
				}
				/* 0xBAD: _WED fails, as broken firmware's does */
				If (LEqual (EVDT, 0xBAD)) {
					Return (DerefOf (Index (NONE, 1)))
				}
				Return (EVDT)
			}

			/*
			 * 05901221-...-00A0C9062910: the Binary MOF.  Its bytes
			 * are made from acme.classes at build time; #include, the
			 * preprocessor's, as ASL's Include() takes no byte list.
			 */
			Name (MOFB, Buffer ()
			{
#include "acme-bmof.asl"
			})

			Method (WQMO, 1, NotSerialized)
			{
				Return (MOFB)
			}

			/* 7341A899-...-1A87FEEA1766, method 1: which device am I. */
			Method (WMBA, 3, NotSerialized)
			{
				If (LEqual (Arg1, 1)) {
					Return (1)
				}
				Return (DerefOf (Index (NONE, 1)))
			}
		}

		/*
		 * A second mapper device.  Its only block repeats a GUID of the
		 * first, as real firmware sometimes does, so the WMI core names it
		 * with a "-1" suffix.
		 */
		Device (WMI2)
		{
			Name (_HID, "PNP0C14")
			Name (_UID, "ACME2")

			Name (_WDG, Buffer ()
			{
				/* 7341A899-B776-4263-B79B-1A87FEEA1766 */
				0x99, 0xA8, 0x41, 0x73, 0x76, 0xB7, 0x63, 0x42,
				0xB7, 0x9B, 0x1A, 0x87, 0xFE, 0xEA, 0x17, 0x66,
				0x42, 0x41,	/* object id "BA" */
				0x01,		/* 1 instance */
				0x02,		/* method */
			})

			Name (NONE, Package () { 0 })

			Method (WMBA, 3, NotSerialized)
			{
				If (LEqual (Arg1, 1)) {
					Return (2)
				}
				Return (DerefOf (Index (NONE, 1)))
			}
		}
	}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * wmi-fuzz: random requests on the /dev/wmi nodes of the acme laptop,
 * for a bounded budget, checking that the kernel answers each with
 * what Documentation/wmi/userspace.rst says it may.
 *
 *   wmi-fuzz [--seed N] [--iterations N] [--seconds S] [--nonroot]
 *
 * The seed is printed first; --seed N with the --iterations the run
 * printed at its end replays it (one PRNG stream, no other source of
 * randomness).  --nonroot: the caller may open the nodes but has no
 * CAP_SYS_RAWIO, so every call that passes the argument checks must be
 * refused (EPERM, or EBUSY for an owned device), and nothing is saved or
 * restored.  As root, the acme firmware's settings the fuzz may change
 * are read first and put back at the end.
 *
 * What must hold, for every call:
 *  - its errno is one of those documented for that node and operation;
 *  - a request with exactly one defect in its arguments (size, flags,
 *    reserved, instance, input size, a bad pointer, a wrong ioctl) fails
 *    with that defect's errno;
 *  - a successful call's result fits the buffer it was given and the
 *    kernel writes nothing past it, nor past the structure's size; an
 *    ENOSPC reports a size larger than the buffer and leaves it alone;
 *  - a failure found before the call (EINVAL, E2BIG, ENOTTY) leaves the
 *    firmware alone (checked with the acme method counter, now and then);
 *  - event records read are whole and well formed, and each reader's
 *    follow on from each other with every lost event counted.
 * Buffers end at a guard page, so a kernel that read or wrote past the
 * length it was given would fault (EFAULT) instead of going unseen.
 */

#include <poll.h>
#include <stdarg.h>
#include <stddef.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

#include "check.h"
#include "wmi_util.h"

#define ACME_HOTKEY	"769356C8-76CA-4F3D-B856-3AAE62AEF4D4"
#define WMI_BMOF	"05901221-D566-11D1-B2F0-00A0C9062910"

#define PAGE		4096UL
/* Sets of errnos (EOPNOTSUPP is 95). */
typedef unsigned __int128 emask;
#define E(x)		((emask)1 << (x))

enum kind { K_METHOD, K_DATA, K_EVENT };

/* The acme devices; dev may match more than one node (DUP's "-1"). */
static const struct {
	const char *guid;
	enum kind kind;
	bool string;
	uint32_t methods;	/* the firmware knows ids 1..methods */
} acme[] = {
	{ ACME_METHODS, K_METHOD, false, 14 },
	{ ACME_STRING, K_METHOD, true, 2 },
	{ ACME_ZONES, K_METHOD, false, 2 },
	{ ACME_HOTKEY, K_METHOD, false, 3 },	/* any id raises the event */
	{ ACME_DUP, K_METHOD, false, 1 },
	{ ACME_DATA, K_DATA, false, 0 },
	{ ACME_INFO, K_DATA, true, 0 },		/* returns a string; not setable */
	{ ACME_OWNER, K_DATA, true, 0 },	/* string flagged, setable */
	{ WMI_BMOF, K_DATA, false, 0 },		/* wmi-bmof's: EBUSY */
	{ ACME_EVENT, K_EVENT, false, 0 },
};

#define MAX_NODES	16
#define FDS_PER_NODE	4

static struct node {
	char name[64];
	enum kind kind;
	bool string;
	bool setable;
	uint32_t instances, methods;
	int fd[FDS_PER_NODE];
	int mode[FDS_PER_NODE];
	/* An event reader's last record: seq and time, 0 before the first. */
	uint64_t seq[FDS_PER_NODE], ts[FDS_PER_NODE];
} nodes[MAX_NODES];
static int nr_nodes;

static uint64_t rng;
static bool nonroot;
static unsigned long iter, calls, bad, ncal_checks, records, time_back;
/* How often each errno came back: what the run reached. */
static unsigned long seen[128];

/* xorshift64*: small, and the same stream on every machine. */
static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545F4914F6CDD1DULL;
}

static uint32_t below(uint32_t n)
{
	return n ? (uint32_t)(rnd() % n) : 0;
}

static bool chance(unsigned int pct)
{
	return below(100) < pct;
}

#define PICK(a) ((a)[below(sizeof(a) / sizeof((a)[0]))])

/*
 * A region of RW pages followed by a PROT_NONE page: at_guard(n) is n
 * bytes ending at the guard.
 */
struct arena {
	uint8_t *base;
	size_t size;
};

static struct arena arg_ar, in_ar, out_ar, ev_ar;

static void arena_init(struct arena *a, size_t size)
{
	uint8_t *p = mmap(NULL, size + PAGE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED || mprotect(p + size, PAGE, PROT_NONE)) {
		perror("wmi-fuzz: mmap");
		exit(2);
	}
	a->base = p;
	a->size = size;
}

static uint8_t *at_guard(struct arena *a, size_t n)
{
	if (n > a->size)
		n = a->size;
	return a->base + a->size - n;
}

/* Addresses no user buffer is at. */
/*
 * The last address access_ok() takes: USER_PTR_MAX, which 6.12 sets to
 * TASK_SIZE_MAX (x86-64, 4-level paging; it has no case for LAM).
 */
#define USER_PTR_MAX	0x00007ffffffff000ULL

static const uint64_t bad_ptrs[] = {
	0, 0x1000, 0xffff888000000000ULL, 0x8000000000000000ULL, 0xffffffffffffffffULL,
	0x00007ffffffff000ULL,
};

static const char *errname(int e)
{
	static char buf[16];

	switch (e) {
	case 0: return "0";
	case EINVAL: return "EINVAL";
	case E2BIG: return "E2BIG";
	case EFAULT: return "EFAULT";
	case ENOSPC: return "ENOSPC";
	case EBUSY: return "EBUSY";
	case EPERM: return "EPERM";
	case ENODEV: return "ENODEV";
	case EIO: return "EIO";
	case EPROTO: return "EPROTO";
	case ENOTTY: return "ENOTTY";
	case ENODATA: return "ENODATA";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EAGAIN: return "EAGAIN";
	case EBADF: return "EBADF";
	case EMFILE: return "EMFILE";
	case EACCES: return "EACCES";
	case ENOMEM: return "ENOMEM";
	}
	snprintf(buf, sizeof(buf), "errno %d", e);
	return buf;
}

/* The request being made, printed when a check on its answer fails. */
static char req[512];

static void broke(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void broke(const char *fmt, ...)
{
	va_list ap;

	bad++;
	/* The first few in full; a broken kernel would flood the log. */
	if (bad > 20)
		return;
	printf("FAIL: iter=%lu %s: ", iter, req);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static void expect_errno(int err, emask allowed, const char *what)
{
	calls++;
	seen[err & 127]++;
	if (err >= 128 || !(allowed & E(err)))
		broke("%s: %s is not a documented answer", what, errname(err));
}

/* Acme's method counter (WMAA evaluations so far), or -1. */
static long ncal(void)
{
	static int fd = -1;
	uint32_t v;

	if (fd < 0)
		fd = wmi_open(ACME_METHODS);
	if (fd < 0 || wmi_call_u32(fd, 0, 10, NULL, &v))
		return -1;
	return v;
}

static int node_fd(struct node *n)
{
	static const int modes[] = { O_RDWR, O_RDWR, O_RDWR, O_RDONLY, O_WRONLY };
	int i = below(FDS_PER_NODE), mode;
	char path[80];

	/* Now and then a fresh open: opens and releases run too. */
	if (n->fd[i] >= 0 && chance(3)) {
		close(n->fd[i]);
		n->fd[i] = -1;
	}
	if (n->fd[i] >= 0)
		return i;
	mode = PICK(modes);
	if (n->kind == K_EVENT)
		mode |= O_NONBLOCK;	/* a read must never wait */
	snprintf(path, sizeof(path), "/dev/wmi/%s", n->name);
	snprintf(req, sizeof(req), "open %s mode %#x", path, mode);
	n->fd[i] = open(path, mode);
	if (n->fd[i] < 0) {
		/* A reader's place may be refused; nothing else. */
		expect_errno(errno, n->kind == K_EVENT ? E(EMFILE) : 0, "open");
		return -1;
	}
	calls++;
	n->mode[i] = mode;
	n->seq[i] = 0;
	n->ts[i] = 0;
	return i;
}

/*
 * ioctl numbers: mostly the node's own (else most calls would end in
 * ENOTTY), with their size bits changed, the other kind's, and wrong ones.
 */
static unsigned long pick_cmd(const struct node *n, bool *known)
{
	static const unsigned long uapi[] = {
		WMI_IOC_METHOD_CALL, WMI_IOC_BLOCK_QUERY, WMI_IOC_BLOCK_SET,
	};
	unsigned long cmd;

	*known = true;
	switch (below(20)) {
	case 0: case 1:
		/* The kernel goes by the structure's size, not the number's. */
		cmd = PICK(uapi) & ~((unsigned long)_IOC_SIZEMASK << _IOC_SIZESHIFT);
		return cmd | (unsigned long)below(_IOC_SIZEMASK + 1) << _IOC_SIZESHIFT;
	case 2:
		*known = false;
		switch (below(5)) {
		case 0: return DELL_WMI_SMBIOS_CMD;
		case 1: return _IOWR(WMI_IOC, 4 + below(252), struct wmi_method_call);
		/* Direction bits are part of the number. */
		case 2: return _IOR(WMI_IOC, 1 + below(3), struct wmi_method_call);
		case 3: return _IO(WMI_IOC, 1 + below(3));
		/* Types the VFS does not handle itself ('T', 'f', 'X', 0 it does). */
		default: return _IOWR('A' + below(19), below(256), struct wmi_block_call);
		}
	case 3: case 4:
		return PICK(uapi);
	}
	if (n->kind == K_METHOD)
		return WMI_IOC_METHOD_CALL;
	return chance(50) ? WMI_IOC_BLOCK_QUERY : WMI_IOC_BLOCK_SET;
}

static uint32_t pick_size(uint32_t ver0, bool *defect, bool *tail)
{
	*defect = false;
	*tail = false;
	switch (below(12)) {
	case 0:
		*defect = true;
		return below(ver0);
	case 1:
		*defect = true;
		return PAGE + 1 + below(chance(50) ? 64 : 0xfffff000U);
	case 2:
		*tail = true;
		return ver0 + 1 + below(PAGE - ver0);
	case 3:
		return chance(50) ? PAGE : ver0 + 4 * (1 + below(16));
	}
	return ver0;
}

static const uint32_t in_sizes[] = {
	0, 1, 2, 3, 4, 4, 4, 5, 8, 16, 64, 100, 4096, 32767, 32768,
};
static const uint32_t big_in_sizes[] = { 32769, 65536, 1U << 20, 0xffffffffU };
static const uint32_t out_sizes[] = {
	0, 1, 2, 3, 4, 8, 16, 32, 64, 64, 256, 4096, 8192, 40000, 0xffffffffU,
};
static const uint32_t dwords[] = {
	0, 1, 2, 3, 4, 49, 50, 51, 80, 99, 100, 101, 0xff, 0xB16, 0xffffffffU,
	0x80000000U, 0xFF0000, 0x00FF00,
};

/* Input bytes: a dword, random bytes, or a string the way Windows passes it. */
static void fill_input(uint8_t *p, uint32_t n, bool string)
{
	uint32_t i, v, chars;

	if (string && n >= 2 && chance(80)) {
		/* A well-formed ASCII string, or one of its flaws. */
		chars = below((n - 2) / 2 + 1);
		v = chars * 2;
		switch (below(8)) {
		case 0: v |= 1; break;			/* odd count: EINVAL */
		case 1: v += 2 + below(64); break;	/* past the end: ENODATA */
		}
		p[0] = v & 0xff;
		p[1] = v >> 8;
		for (i = 2; i < n; i += 2) {
			p[i] = chance(2) ? 0x80 + below(0x80) : ' ' + below(95);
			if (i + 1 < n)
				p[i + 1] = chance(2) ? 1 : 0;
		}
		/* The last character, at count bytes in, is the nul. */
		if (v >= 2 && !(v & 1) && v + 1 < n)
			p[v] = p[v + 1] = 0;
		return;
	}
	if (n >= 4 && chance(60)) {
		v = PICK(dwords);
		memcpy(p, &v, 4);
		for (i = 4; i < n; i++)
			p[i] = rnd();
		return;
	}
	for (i = 0; i < n; i++)
		p[i] = rnd();
}

/*
 * What a method call, query or set the arguments of which all passed
 * may get: the call ran, or ran into ownership and permission checks.
 */
static emask ran_errnos(const struct node *n)
{
	emask e = E(EBUSY) | E(EPERM);

	if (!nonroot)
		e |= E(0) | E(ENOSPC) | E(EIO) | E(EPROTO) | E(EFAULT);
	if (n->string)
		e |= E(EINVAL) | E(ENODATA);
	return e;
}

/* Bytes p[from..to) still hold the fill pattern: nobody wrote them. */
static bool untouched(const uint8_t *p, size_t from, size_t to)
{
	for (; from < to; from++)
		if (p[from] != 0xa5)
			return false;
	return true;
}

/*
 * One method call, query or set on a method or data node, possibly with
 * the other kind's ioctl number and bad arguments.
 */
static void fuzz_call(struct node *n, int slot)
{
	bool known, size_defect, tail, method_cmd, set, query, defects_known = true, may_run = false;
	uint32_t size, ver0, instance, in_size = 0, in_real = 0, buf_size = 0, out_real = 0;
	uint32_t flags = 0, reserved = 0, data_type = 0, method = 0, arg_bytes;
	uint64_t in_ptr = 0, out_ptr = 0;
	emask allowed;
	unsigned long cmd = pick_cmd(n, &known);
	int defects = 0, expect = 0, err, ret, fd = n->fd[slot];
	uint8_t *arg, *in = NULL, *out = NULL;
	long before = -1, after;
	const char *ptrs = "ok";
	/* The output range ends past user space; refused before the call. */
	bool long_range = false, err_before_call = false;

	method_cmd = (cmd & ~IOCSIZE_MASK) == (WMI_IOC_METHOD_CALL & ~IOCSIZE_MASK);
	query = (cmd & ~IOCSIZE_MASK) == (WMI_IOC_BLOCK_QUERY & ~IOCSIZE_MASK);
	set = (cmd & ~IOCSIZE_MASK) == (WMI_IOC_BLOCK_SET & ~IOCSIZE_MASK);
	ver0 = method_cmd ? WMI_METHOD_CALL_SIZE_VER0 : WMI_BLOCK_CALL_SIZE_VER0;
	size = pick_size(ver0, &size_defect, &tail);
	if (size_defect) {
		defects++;
		expect = size < ver0 ? EINVAL : E2BIG;
	}

	/* The structure as the kernel may read it: size bytes, up to a page. */
	arg_bytes = size < ver0 ? ver0 : size > PAGE ? PAGE : size;
	arg = at_guard(&arg_ar, arg_bytes + (chance(50) ? 64 : 0));
	memset(arg, 0xa5, arg_ar.base + arg_ar.size - arg);
	memset(arg, 0, arg_bytes);
	if (tail && chance(50)) {
		/* Unknown fields set: E2BIG. */
		arg[ver0 + below(size - ver0)] = 1 + below(255);
		defects++;
		expect = E2BIG;
	}

	instance = 0;
	switch (below(8)) {
	case 0:
		instance = n->instances + below(4);
		break;
	case 1:
		instance = chance(50) ? 0xffffffffU : n->instances + below(0x7fffffff);
		break;
	default:
		instance = below(n->instances);
	}
	if (instance >= n->instances) {
		defects++;
		expect = EINVAL;
	}
	if (chance(5)) {
		flags = 1U << below(32);
		defects++;
		expect = EINVAL;
	}
	if (chance(5)) {
		reserved = chance(50) ? 1 : rnd();
		defects++;
		expect = EINVAL;
	}
	if (set && chance(10)) {
		data_type = 1 + below(5);
		defects++;
		expect = EINVAL;
	}
	/* Mostly ids the firmware knows: an unknown one only aborts it (EIO). */
	if (chance(90))
		method = 1 + below(n->methods ? n->methods : 16);
	else
		method = chance(50) ? below(n->methods + 2) : rnd();

	/* Input: the method's, or a set's new contents. */
	if (method_cmd || set) {
		in_size = chance(10) ? PICK(big_in_sizes) : PICK(in_sizes);
		if (in_size > WMI_METHOD_INPUT_MAX) {
			defects++;
			expect = E2BIG;
		}
		in_real = in_size > in_ar.size ? in_ar.size : in_size;
		if (in_size && in_size <= WMI_METHOD_INPUT_MAX && chance(5)) {
			/* Less memory behind the pointer than the size says. */
			in_real = below(in_size);
			defects++;
			expect = EFAULT;
			ptrs = "short input";
		}
		in = at_guard(&in_ar, in_real);
		fill_input(in, in_real, n->string);
		in_ptr = (uintptr_t)in;
		if (in_size && in_size <= WMI_METHOD_INPUT_MAX && chance(5)) {
			in_ptr = PICK(bad_ptrs);
			defects++;
			expect = EFAULT;
			ptrs = "bad input pointer";
		} else if (!in_size && chance(30)) {
			in_ptr = PICK(bad_ptrs);	/* never read */
		}
	}
	/* Output: a method's result, or a query's. */
	if (method_cmd || query) {
		buf_size = PICK(out_sizes);
		out_real = buf_size > out_ar.size - 64 ? out_ar.size - 64 : buf_size;
		if (chance(5))
			out_real = below(out_real + 1);	/* shorter than said */
		out = at_guard(&out_ar, out_real + (chance(50) ? 64 : 0));
		memset(out_ar.base + out_ar.size - out_real - 64, 0xa5, out_real + 64);
		out_ptr = (uintptr_t)out;
		/*
		 * A range that ends past user space is no valid pointer, however
		 * much of it is mapped: access_ok() refuses it before the call.
		 * A 4 GiB size from a buffer near the top, where mappings land
		 * without randomized maps, is one.
		 */
		if ((uint64_t)out_ptr + buf_size > USER_PTR_MAX) {
			defects++;
			expect = EFAULT;
			ptrs = "long output range";
			long_range = true;
		}
		if (chance(5)) {
			out_ptr = PICK(bad_ptrs);
			/* A kernel address fails before the call, others after. */
			defects_known = false;
			may_run = true;
			ptrs = "bad output pointer";
		}
	}

	if (method_cmd) {
		struct wmi_method_call c = {
			.size = size, .flags = flags, .instance = instance,
			.method_id = method, .input = in_ptr, .input_size = in_size,
			.output_size = buf_size, .output = out_ptr, .reserved = reserved,
		};

		memcpy(arg, &c, sizeof(c));
	} else {
		struct wmi_block_call b = {
			.size = size, .flags = flags, .instance = instance,
			.data_size = set ? in_size : buf_size,
			.data = set ? in_ptr : out_ptr,
			.data_type = data_type, .reserved = reserved,
		};

		memcpy(arg, &b, sizeof(b));
	}

	snprintf(req, sizeof(req),
		 "ioctl(/dev/wmi/%s mode %#x, cmd %#lx, size %u flags %#x instance %u method %u "
		 "in %#llx/%u (%u mapped) out %#llx/%u (%u mapped) data_type %u reserved %#x "
		 "tail %s, %s)",
		 n->name, n->mode[slot], cmd, size, flags, instance, method,
		 (unsigned long long)in_ptr, in_size, in_real, (unsigned long long)out_ptr,
		 buf_size, out_real, data_type, reserved, tail ? "yes" : "no", ptrs);

	/* Which ioctl this node takes: the other kind's is ENOTTY. */
	if (!known || (n->kind == K_METHOD) != method_cmd) {
		defects = 1;
		expect = ENOTTY;
		defects_known = true;
	}
	if (n->kind == K_DATA && set && !n->setable && expect != ENOTTY) {
		/* Which comes first, EOPNOTSUPP or an argument's error, is not said. */
		if (!defects) {
			defects = 1;
			expect = EOPNOTSUPP;
		} else {
			defects_known = false;
		}
	}

	/* The firmware must not run for what the core refuses before it. */
	if (!nonroot && n->kind == K_METHOD && !strcmp(n->name, ACME_METHODS) && chance(10))
		before = ncal();

	/* Now and then the structure pointer itself is bad. */
	if (chance(3)) {
		uint64_t p = PICK(bad_ptrs);

		snprintf(req + strlen(req), sizeof(req) - strlen(req), " arg at %#llx",
			 (unsigned long long)p);
		ret = ioctl(fd, cmd, (unsigned long)p);
		err = ret < 0 ? errno : 0;
		expect_errno(err, expect == ENOTTY ? E(ENOTTY) : E(EFAULT), "bad structure pointer");
		return;
	}
	ret = ioctl(fd, cmd, arg);
	err = ret < 0 ? errno : 0;

	if (defects == 1 && defects_known) {
		calls++;
		seen[err & 127]++;
		if (err != expect)
			broke("got %s, expected %s", errname(err), errname(expect));
	} else {
		allowed = E(EINVAL) | E(E2BIG) | E(EFAULT) | E(EOPNOTSUPP);
		if (!defects)
			allowed = ran_errnos(n);
		else if (may_run)
			allowed |= ran_errnos(n);
		/* A kernel address fails before the call, others after it. */
		if (may_run)
			allowed |= E(EFAULT);
		if (n->kind == K_DATA && set)
			allowed &= ~(E(ENOSPC) | E(EPROTO));
		/* Only a set of a block that cannot be set is EOPNOTSUPP. */
		if (!(n->kind == K_DATA && set && !n->setable))
			allowed &= ~E(EOPNOTSUPP);
		if (!defects && ptrs[0] == 'o' && !nonroot)
			allowed &= ~E(EFAULT);
		/* Output shorter than said: the copy may fault after the call. */
		if (out_real < buf_size && !nonroot)
			allowed |= E(EFAULT);
		expect_errno(err, allowed, "call");
	}

	/* Refused before the call, as a defect found first is. */
	err_before_call = long_range && defects == 1 && err == EFAULT;
	if (before >= 0 && (err == EINVAL || err == E2BIG || err == ENOTTY || err_before_call) &&
	    !n->string) {
		after = ncal();
		ncal_checks++;
		/* ncal() itself is one evaluation. */
		if (after != before + 1)
			broke("%s, but the firmware ran (%ld evaluations, not 1)", errname(err),
			      after - before);
	}

	/* Nothing past the structure's size is written. */
	if (arg_bytes < arg_ar.size && !untouched(arg, arg_bytes, arg_ar.base + arg_ar.size - arg))
		broke("%s, and bytes past the structure's %u were written", errname(err), arg_bytes);

	if ((method_cmd || query) && out_ptr == (uintptr_t)out) {
		uint32_t got, type;
		size_t span = out_real + 64;
		uint8_t *start = out_ar.base + out_ar.size - span;

		if (method_cmd) {
			memcpy(&got, arg + offsetof(struct wmi_method_call, output_size), 4);
			memcpy(&type, arg + offsetof(struct wmi_method_call, result_type), 4);
		} else {
			memcpy(&got, arg + offsetof(struct wmi_block_call, data_size), 4);
			memcpy(&type, arg + offsetof(struct wmi_block_call, data_type), 4);
		}
		if (!err && (got > buf_size || type > WMI_RESULT_PACKAGE))
			broke("success with a result of %u bytes, type %u, for a buffer of %u",
			      got, type, buf_size);
		if (err == ENOSPC && got <= buf_size)
			broke("ENOSPC with a result of %u bytes for a buffer of %u", got, buf_size);
		if (err == ENOSPC && !untouched(start, 0, span))
			broke("ENOSPC, and the buffer was written");
		if (!err && got <= out_real &&
		    !(untouched(start, 0, out - start) && untouched(out, got, span - (out - start))))
			broke("success, and bytes past the result's %u were written", got);
		if (err && err != ENOSPC && (err != EFAULT || err_before_call) &&
		    !untouched(start, 0, span))
			broke("%s, and the output buffer was written", errname(err));
	}
}

/*
 * Check the records a read() returned: whole and well formed, and no
 * event gone missing without a count.  A reader's records follow on from
 * each other whatever failed in between (EFAULT and EINVAL leave the
 * record queued): the next one's seq is the last one's plus 1 and the
 * events lost before it, a lost-events record's the last one's plus
 * those lost.
 */
static void check_records(struct node *n, int slot, const uint8_t *p, size_t len)
{
	struct wmi_event ev;
	uint64_t want;
	size_t off = 0;

	while (off < len) {
		if (len - off < WMI_EVENT_SIZE_VER0) {
			broke("a record cut at %zu of %zu bytes", off, len);
			return;
		}
		memcpy(&ev, p + off, sizeof(ev));
		if (ev.size % 8 || ev.size < ev.header_size || ev.header_size < WMI_EVENT_SIZE_VER0 ||
		    ev.size > len - off || ev.data_size > WMI_EVENT_DATA_MAX ||
		    ev.data_size > ev.size - ev.header_size || ev.data_type > WMI_RESULT_PACKAGE ||
		    ev.flags & ~7U) {
			broke("malformed record at %zu: size %u header %u flags %#x data %u type %u",
			      off, ev.size, ev.header_size, ev.flags, ev.data_size, ev.data_type);
			return;
		}
		want = n->seq[slot] + ev.lost + !(ev.flags & WMI_EVENT_F_LOST);
		if (!ev.seq || (n->seq[slot] && ev.seq != want && ev.lost != UINT32_MAX))
			broke("record at %zu: seq %llu after %llu with %u lost%s", off,
			      (unsigned long long)ev.seq, (unsigned long long)n->seq[slot], ev.lost,
			      ev.flags & WMI_EVENT_F_LOST ? " (lost-events record)" : "");
		/*
		 * Not a failure: userspace.rst does not say that time grows
		 * with seq, and it need not.  The time is taken when dispatch
		 * starts, seq given at the end, so two events dispatched at
		 * once (kacpi_notify runs notify work concurrently) may be
		 * numbered against the order of their times.  Counted and
		 * shown, for whoever decides what the ABI promises.
		 */
		if (ev.timestamp_ns < n->ts[slot] && ++time_back <= 3)
			printf("note: iter=%lu %s: record seq %llu has time %llu, before seq %llu's %llu\n",
			       iter, req, (unsigned long long)ev.seq,
			       (unsigned long long)ev.timestamp_ns,
			       (unsigned long long)n->seq[slot], (unsigned long long)n->ts[slot]);
		n->seq[slot] = ev.seq;
		n->ts[slot] = ev.timestamp_ns;
		records++;
		off += ev.size;
	}
}

static const size_t read_sizes[] = {
	0, 1, 7, 8, 39, 40, 41, 47, 48, 64, 100, 4095, 4136, 8192, 8192, 16384,
};

/* read(), write(), poll() on any node, and events raised now and then. */
static void fuzz_io(struct node *n, int slot)
{
	int fd = n->fd[slot], acc = n->mode[slot] & O_ACCMODE, err;
	size_t count = PICK(read_sizes), real = count;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	uint8_t *buf;
	ssize_t ret;

	switch (below(4)) {
	case 0:
		snprintf(req, sizeof(req), "poll(/dev/wmi/%s)", n->name);
		ret = poll(&pfd, 1, 0);
		expect_errno(ret < 0 ? errno : 0, E(0), "poll");
		return;
	case 1:
		buf = at_guard(&ev_ar, 16);
		snprintf(req, sizeof(req), "write(/dev/wmi/%s mode %#x, 16)", n->name,
			 n->mode[slot]);
		ret = write(fd, buf, 16);
		/* No node takes write(). */
		expect_errno(ret < 0 ? errno : 0, acc == O_RDONLY ? E(EBADF) : E(EINVAL), "write");
		return;
	}
	if (chance(10))
		real = below(count + 1);	/* the buffer is shorter than said */
	if (chance(3))
		count = chance(50) ? SIZE_MAX : (size_t)1 << 40;
	buf = at_guard(&ev_ar, real);
	snprintf(req, sizeof(req), "read(/dev/wmi/%s mode %#x, %zu (%zu mapped))",
		 n->name, n->mode[slot], count, real);
	if (chance(5)) {
		buf = (uint8_t *)(uintptr_t)PICK(bad_ptrs);
		snprintf(req + strlen(req), sizeof(req) - strlen(req), " at %p", buf);
	}
	ret = read(fd, buf, count);
	err = ret < 0 ? errno : 0;
	if (acc == O_WRONLY) {
		expect_errno(err, E(EBADF), "read");
	} else if (n->kind != K_EVENT) {
		expect_errno(err, E(EINVAL), "read");
	} else {
		expect_errno(err, E(0) | E(EAGAIN) | E(EINVAL) | E(EFAULT), "read");
		if (ret > 0 && (size_t)ret > real)
			broke("read %zd bytes into %zu", ret, real);
		else if (ret > 0)
			check_records(n, slot, buf, ret);
	}
}

static struct node *find(const char *guid)
{
	int i;

	for (i = 0; i < nr_nodes; i++)
		if (!strcmp(nodes[i].name, guid))
			return &nodes[i];
	return NULL;
}

static long read_attr(const char *dev, const char *attr)
{
	char path[160], buf[32] = "";
	FILE *f;

	snprintf(path, sizeof(path), "/sys/bus/wmi/devices/%s/%s", dev, attr);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	return strtol(buf, NULL, 0);
}

/* The acme nodes there are: each GUID, and GUID-N for a GUID seen again. */
static void find_nodes(void)
{
	char name[64], path[80];
	unsigned int i, k;

	for (i = 0; i < sizeof(acme) / sizeof(acme[0]); i++) {
		for (k = 0; k < 3 && nr_nodes < MAX_NODES; k++) {
			struct node *n = &nodes[nr_nodes];

			if (k)
				snprintf(name, sizeof(name), "%s-%u", acme[i].guid, k);
			else
				snprintf(name, sizeof(name), "%s", acme[i].guid);
			snprintf(path, sizeof(path), "/dev/wmi/%s", name);
			if (access(path, F_OK))
				continue;
			snprintf(n->name, sizeof(n->name), "%s", name);
			n->kind = acme[i].kind;
			n->methods = acme[i].methods;
			n->instances = read_attr(name, "instance_count");
			n->setable = read_attr(name, "setable") == 1;
			/* String input: a string method's, or a string block's set. */
			n->string = acme[i].string && (acme[i].kind == K_METHOD || n->setable);
			memset(n->fd, -1, sizeof(n->fd));
			printf("node %s: %s, %u instance(s)%s%s\n", name,
			       n->kind == K_METHOD ? "methods" : n->kind == K_DATA ? "data" : "events",
			       n->instances, n->string ? ", string" : "",
			       n->setable ? ", setable" : "");
			nr_nodes++;
		}
	}
}

/* The acme settings the fuzz may change, to put back at the end. */
static struct {
	uint32_t brightness, kbd, fan, zone[4], limit;
	uint8_t tag[128], owner[128];
	uint32_t tag_size, owner_size;
	bool ok;
} saved;

static int set_u32(const char *dev, uint32_t inst, uint32_t method, uint32_t v)
{
	int fd = wmi_open(dev);
	uint32_t r = 1;
	int ret;

	if (fd < 0)
		return -1;
	ret = wmi_call_u32(fd, inst, method, &v, &r);
	close(fd);
	return ret || r ? -1 : 0;
}

static int get_u32(const char *dev, uint32_t inst, uint32_t method, uint32_t *v)
{
	int fd = wmi_open(dev), ret;

	if (fd < 0)
		return -1;
	ret = wmi_call_u32(fd, inst, method, NULL, v);
	close(fd);
	return ret;
}

static int block_u32(bool set, uint32_t *v)
{
	struct wmi_block_call b = { .size = sizeof(b), .data = (uintptr_t)v, .data_size = 4 };
	int fd = wmi_open(ACME_DATA), ret;

	if (fd < 0)
		return -1;
	ret = ioctl(fd, set ? WMI_IOC_BLOCK_SET : WMI_IOC_BLOCK_QUERY, &b);
	close(fd);
	return ret;
}

/* The asset tag, as the marshalled string method 2 returns and method 1 takes. */
static int tag(bool set)
{
	struct wmi_method_call c;
	int fd = wmi_open(ACME_STRING), ret;
	uint32_t r;

	if (fd < 0)
		return -1;
	if (set)
		ret = wmi_call(fd, &c, 0, 1, saved.tag, saved.tag_size, &r, sizeof(r));
	else
		ret = wmi_call(fd, &c, 0, 2, NULL, 0, saved.tag, sizeof(saved.tag));
	if (!set)
		saved.tag_size = c.output_size;
	close(fd);
	return ret || (set && r);
}

/* The asset owner block, as its query returns it and its set takes it. */
static int owner(bool set)
{
	struct wmi_block_call b = { .size = sizeof(b), .data = (uintptr_t)saved.owner };
	int fd = wmi_open(ACME_OWNER), ret;

	if (fd < 0)
		return -1;
	b.data_size = set ? saved.owner_size : sizeof(saved.owner);
	ret = ioctl(fd, set ? WMI_IOC_BLOCK_SET : WMI_IOC_BLOCK_QUERY, &b);
	if (!set)
		saved.owner_size = b.data_size;
	close(fd);
	return ret;
}

static void save(void)
{
	int i, ret;

	ret = get_u32(ACME_METHODS, 0, 1, &saved.brightness) |
	      get_u32(ACME_METHODS, 0, 3, &saved.kbd) |
	      get_u32(ACME_METHODS, 0, 5, &saved.fan) | block_u32(false, &saved.limit) | tag(false) |
	      owner(false);
	for (i = 0; i < 4; i++)
		ret |= get_u32(ACME_ZONES, i, 1, &saved.zone[i]);
	saved.ok = !ret;
	CHECK(saved.ok, "acme settings read: brightness %u, keyboard %u, fan %u, limit %u",
	      saved.brightness, saved.kbd, saved.fan, saved.limit);
}

static void restore(void)
{
	uint32_t v[4] = { 0 };
	uint8_t tag_before[128], owner_before[128];
	uint32_t size_before = saved.tag_size, owner_size = saved.owner_size;
	int i, ret;

	if (!saved.ok)
		return;
	memcpy(tag_before, saved.tag, sizeof(tag_before));
	memcpy(owner_before, saved.owner, sizeof(owner_before));
	ret = set_u32(ACME_METHODS, 0, 2, saved.brightness) |
	      set_u32(ACME_METHODS, 0, 4, saved.kbd) |
	      set_u32(ACME_METHODS, 0, 6, saved.fan) |
	      /* Event data as the firmware starts with it. */
	      set_u32(ACME_METHODS, 0, 12, 0) | block_u32(true, &saved.limit) | tag(true) |
	      owner(true);
	for (i = 0; i < 4; i++)
		ret |= set_u32(ACME_ZONES, i, 2, saved.zone[i]);
	CHECK(!ret, "acme settings put back");
	ret = get_u32(ACME_METHODS, 0, 1, &v[0]) | get_u32(ACME_METHODS, 0, 3, &v[1]) |
	      get_u32(ACME_METHODS, 0, 5, &v[2]) | block_u32(false, &v[3]) | tag(false) |
	      owner(false);
	CHECK(!ret && v[0] == saved.brightness && v[1] == saved.kbd && v[2] == saved.fan &&
	      v[3] == saved.limit && saved.tag_size == size_before &&
	      !memcmp(tag_before, saved.tag, size_before) && saved.owner_size == owner_size &&
	      !memcmp(owner_before, saved.owner, owner_size),
	      "acme settings as before: brightness %u, keyboard %u, fan %u, limit %u",
	      v[0], v[1], v[2], v[3]);
	for (i = 0; i < 4; i++) {
		ret = get_u32(ACME_ZONES, i, 1, &v[0]);
		CHECK(!ret && v[0] == saved.zone[i], "zone %d colour %#x as before", i, v[0]);
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	unsigned long iterations = 1000000;
	double seconds = 0, start;
	uint64_t seed;
	struct node *hotkey;
	int i, slot;

	seed = (uint64_t)time(NULL) ^ (uint64_t)getpid() << 16;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--iterations") && i + 1 < argc)
			iterations = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
			seconds = strtod(argv[++i], NULL);
		else if (!strcmp(argv[i], "--nonroot"))
			nonroot = true;
		else {
			fprintf(stderr, "usage: wmi-fuzz [--seed N] [--iterations N] [--seconds S] [--nonroot]\n");
			return 2;
		}
	}
	printf("seed=%llu\n", (unsigned long long)seed);
	fflush(stdout);
	/* xorshift's state must not be 0. */
	rng = seed * 0x9E3779B97F4A7C15ULL + 1;
	if (!rng)
		rng = 1;

	arena_init(&arg_ar, 2 * PAGE);
	arena_init(&in_ar, 36 * 1024);
	arena_init(&out_ar, 44 * 1024);
	arena_init(&ev_ar, 20 * 1024);
	find_nodes();
	CHECK(nr_nodes >= 9, "%d acme nodes found", nr_nodes);
	if (nr_nodes < 9)
		return check_finish();
	hotkey = find(ACME_HOTKEY);
	if (!nonroot)
		save();

	start = now();
	for (iter = 0; iter < iterations; iter++) {
		struct node *n = &nodes[below(nr_nodes)];

		if (seconds && !(iter % 16) && now() - start > seconds)
			break;
		/* Events for the readers: the hot key raises one. */
		if (hotkey && chance(5))
			n = hotkey;
		slot = node_fd(n);
		if (slot < 0)
			continue;
		if (n->kind == K_EVENT || chance(15))
			fuzz_io(n, slot);
		else
			fuzz_call(n, slot);
		if (n->kind == K_EVENT && chance(10)) {
			/* ioctls on an event node: none is known. */
			bool known;
			unsigned long cmd = pick_cmd(n, &known);

			snprintf(req, sizeof(req), "ioctl(/dev/wmi/%s, %#lx)", n->name, cmd);
			expect_errno(ioctl(n->fd[slot], cmd, at_guard(&arg_ar, 64)) < 0 ? errno : 0,
				     E(ENOTTY), "ioctl on an event node");
		}
	}
	printf("%lu iterations, %lu answers checked (%lu firmware counts) in %.1f s\n",
	       iter, calls, ncal_checks, now() - start);
	printf("answers:");
	for (i = 0; i < 128; i++)
		if (seen[i])
			printf(" %s %lu", errname(i), seen[i]);
	printf("; %lu event records read, %lu with a time before the last one's\n", records,
	       time_back);
	for (i = 0; i < nr_nodes; i++)
		for (slot = 0; slot < FDS_PER_NODE; slot++)
			if (nodes[i].fd[slot] >= 0)
				close(nodes[i].fd[slot]);
	if (!nonroot)
		restore();
	CHECK(!bad, "%lu answers as documented, %lu not", calls - bad, bad);
	printf("replay: wmi-fuzz --seed %llu --iterations %lu%s\n", (unsigned long long)seed,
	       iter, nonroot ? " --nonroot" : "");
	return check_finish();
}

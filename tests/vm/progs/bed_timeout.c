// SPDX-License-Identifier: GPL-2.0
/*
 * bed-timeout: run one in-guest test within a budget counted in the
 * machine's measured speed, not in wall-clock seconds.
 *
 *	bed-timeout [--heartbeat FILE] [--name NAME] BUDGET CMD [ARG...]
 *
 * The guest runs under TCG on a host that may be busy with other guests:
 * there a test that takes 100 s on an idle host takes 300.  A fixed limit
 * either kills good tests on a busy host or waits far too long for a hung
 * one on an idle host.  So the test's clock runs at the machine's speed:
 * every half second a fixed piece of work is timed, and the clock advances
 * by the wall time divided by how much slower than the reference machine
 * (an idle 2-core host) that work ran, never faster than wall time and
 * never slower than a tenth of it, so that a hung test still ends.
 *
 * CMD runs in a process group of its own, its output passed through line
 * by line.  When its clock passes BUDGET seconds the group gets SIGTERM,
 * then SIGKILL two seconds later, and bed-timeout says what ran out and
 * the test's last line of output (how far it got), and exits 124.
 * Otherwise it exits as CMD did (128 + the signal for a killed CMD).
 * With --heartbeat, "ALIVE NAME SECONDS" (the test's clock) is appended to
 * FILE every five seconds, so that the host can tell a slow guest from a
 * dead one.  BED_REFERENCE_NS in the environment replaces the reference
 * time of the piece of work (bed-timeout --calibrate prints this
 * machine's).
 */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/*
 * The piece of work, and its time on the reference machine: the median of
 * bed-timeout --calibrate in the acme guest of an idle 2-core host.
 */
#define WORK_ROUNDS	(1u << 18)
#define REFERENCE_NS	800000ull
#define PERIOD_MS	500
#define HEARTBEAT_NS	5000000000ull
#define MAX_SLOWDOWN	10.0
#define GRACE_NS	2000000000ull

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* A fixed piece of CPU and memory work; returns how long it took. */
static uint64_t time_work(void)
{
	static volatile uint32_t table[4096];
	uint64_t start = now_ns();
	uint32_t x = 2463534242u;
	unsigned int i;

	for (i = 0; i < WORK_ROUNDS; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		table[x & 4095] += x;
	}
	return now_ns() - start;
}

static int calibrate(void)
{
	uint64_t t[15], tmp;
	int i, j;

	for (i = 0; i < 15; i++) {
		t[i] = time_work();
		usleep(100000);
	}
	for (i = 0; i < 15; i++)
		for (j = i + 1; j < 15; j++)
			if (t[j] < t[i]) {
				tmp = t[i];
				t[i] = t[j];
				t[j] = tmp;
			}
	printf("%llu\n", (unsigned long long)t[7]);
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: bed-timeout [--heartbeat FILE] [--name NAME] BUDGET CMD [ARG...]\n"
			"       bed-timeout --calibrate\n");
	exit(2);
}

/* The last line the test printed, for the report of a test that ran out. */
static char last[256];
static char partial[256];
static size_t partial_len;

/* Pass the test's output through, remembering its last complete line. */
static void pass_through(const char *buf, size_t n)
{
	size_t i;

	fwrite(buf, 1, n, stdout);
	fflush(stdout);
	for (i = 0; i < n; i++) {
		if (buf[i] == '\n') {
			if (partial_len) {
				memcpy(last, partial, partial_len);
				last[partial_len] = '\0';
			}
			partial_len = 0;
		} else if (partial_len < sizeof(partial) - 1) {
			partial[partial_len++] = buf[i];
		}
	}
}

static void heartbeat(const char *file, const char *name, double secs)
{
	FILE *f;

	if (!file)
		return;
	f = fopen(file, "a");
	if (!f)
		return;
	fprintf(f, "ALIVE %s %.0f\n", name, secs);
	fclose(f);
}

static int exit_status(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 1;
}

/*
 * Wait up to @ms milliseconds for output and pass it on: 1 if some came,
 * 0 if none, -1 at the end of the pipe (every writer gone).
 */
static int drain(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	char buf[4096];
	ssize_t n;

	if (fd < 0) {
		if (ms > 0)
			usleep(ms * 1000);
		return -1;
	}
	if (poll(&p, 1, ms) <= 0)
		return 0;
	n = read(fd, buf, sizeof(buf));
	if (n < 0)
		return errno == EINTR ? 0 : -1;
	if (n == 0)
		return -1;
	pass_through(buf, n);
	return 1;
}

int main(int argc, char **argv)
{
	const char *hb_file = NULL, *name = "test", *ref_env;
	uint64_t reference = REFERENCE_NS, start, last_tick, last_hb, killed_at = 0;
	double budget, clock = 0, slowdown = 1.0;
	int pipefd[2], out, status, i = 1;
	pid_t pid;
	char *end;

	if (argc == 2 && !strcmp(argv[1], "--calibrate"))
		return calibrate();
	while (i < argc && !strncmp(argv[i], "--", 2)) {
		if (!strcmp(argv[i], "--heartbeat") && i + 1 < argc)
			hb_file = argv[++i];
		else if (!strcmp(argv[i], "--name") && i + 1 < argc)
			name = argv[++i];
		else
			usage();
		i++;
	}
	if (argc - i < 2)
		usage();
	budget = strtod(argv[i], &end);
	if (*end || budget <= 0) {
		fprintf(stderr, "bed-timeout: budget '%s' is not a positive number of seconds\n",
			argv[i]);
		return 2;
	}
	ref_env = getenv("BED_REFERENCE_NS");
	if (ref_env && strtoull(ref_env, NULL, 10))
		reference = strtoull(ref_env, NULL, 10);

	if (pipe(pipefd)) {
		perror("bed-timeout: pipe");
		return 2;
	}
	pid = fork();
	if (pid < 0) {
		perror("bed-timeout: fork");
		return 2;
	}
	if (pid == 0) {
		setpgid(0, 0);
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		close(pipefd[0]);
		close(pipefd[1]);
		execvp(argv[i + 1], argv + i + 1);
		fprintf(stderr, "bed-timeout: cannot run %s: %s\n", argv[i + 1], strerror(errno));
		_exit(127);
	}
	/* Both sides, so that the group exists before anything signals it. */
	setpgid(pid, pid);
	close(pipefd[1]);
	out = pipefd[0];

	start = last_tick = last_hb = now_ns();
	for (;;) {
		uint64_t t, wall;
		double sample;

		if (drain(out, PERIOD_MS) < 0 && out >= 0) {
			close(out);
			out = -1;
		}
		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
		t = now_ns();
		if (t - last_tick < PERIOD_MS * 1000000ull)
			continue;
		sample = (double)time_work() / reference;
		if (sample < 1.0)
			sample = 1.0;
		if (sample > MAX_SLOWDOWN)
			sample = MAX_SLOWDOWN;
		/* One slow sample is a preemption, a run of them a slow machine. */
		slowdown = 0.7 * slowdown + 0.3 * sample;
		t = now_ns();
		clock += (double)(t - last_tick) / 1e9 / slowdown;
		last_tick = t;
		if (t - last_hb >= HEARTBEAT_NS) {
			heartbeat(hb_file, name, clock);
			last_hb = t;
		}
		if (!killed_at && clock > budget) {
			wall = t - start;
			printf("bed-timeout: %s ran out of its budget of %.0f s after %.0f s "
			       "(this machine at 1/%.1f of the reference speed); its last line: %s\n",
			       name, budget, wall / 1e9, slowdown, last[0] ? last : "(none)");
			fflush(stdout);
			kill(-pid, SIGTERM);
			killed_at = t;
		} else if (killed_at && t - killed_at >= GRACE_NS) {
			kill(-pid, SIGKILL);
		}
	}
	/* What the test printed last, but never wait on its leftovers. */
	while (out >= 0 && drain(out, 0) > 0)
		;
	if (killed_at)
		return 124;
	return exit_status(status);
}

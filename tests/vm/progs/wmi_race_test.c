// SPDX-License-Identifier: GPL-2.0
/*
 * User-space calls while the claiming driver comes and goes.
 *
 *   wmi-race-test bind SECONDS      two threads call, the main thread binds
 *                                   and unbinds acme-wmi in a loop
 *   wmi-race-test traffic SECONDS   only the two calling threads
 *   wmi-race-test block SECONDS     two threads query and set the charge
 *                                   limit, the main thread binds and
 *                                   unbinds acme-battery in a loop
 *
 * One thread sets the brightness (a method acme-wmi claims), the other
 * reads it (a method acme-wmi shares, so it goes to the firmware). Whoever
 * answers, driver or firmware, every call must get a defined answer:
 * success with status 0, or a level 0..100; or EBUSY while the driver is
 * half bound, owning the methods before it claims or shares them. Anything
 * else is counted and fails the run.
 *
 * With block, one thread sets the charge limit, the other queries it,
 * through acme-battery, which claims the block, or (unbound) the firmware
 * raw: a query must get a limit of 50..100 (the firmware's all ones would
 * be a query without data collection on), a set success; or EBUSY while
 * the driver is half bound. At the end data collection is off, as after
 * every query.
 */

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"
#include "wmi_util.h"

#define DRIVERS "/sys/bus/wmi/drivers/"

static atomic_bool stop;
static atomic_long calls, bad, busy;

static void *setter(void *arg)
{
	uint32_t level = 10, status = 0;
	int fd = wmi_open(ACME_METHODS), ret;

	(void)arg;
	while (fd >= 0 && !stop) {
		ret = wmi_call_u32(fd, 0, 2, &level, &status);
		calls++;
		if (ret == -EBUSY) {
			busy++;
		} else if (ret || status) {
			bad++;
			printf("set %u: ret %d status %u\n", level, ret, status);
		}
		level = level == 10 ? 90 : 10;
	}
	if (fd < 0)
		bad++;
	else
		close(fd);
	return NULL;
}

static void *getter(void *arg)
{
	int fd = wmi_open(ACME_METHODS), ret;
	uint32_t level = 0;

	(void)arg;
	while (fd >= 0 && !stop) {
		ret = wmi_call_u32(fd, 0, 1, NULL, &level);
		calls++;
		if (ret == -EBUSY) {
			busy++;
		} else if (ret || level > 100) {
			bad++;
			printf("get: ret %d level %u\n", ret, level);
		}
	}
	if (fd < 0)
		bad++;
	else
		close(fd);
	return NULL;
}

static void *block_setter(void *arg)
{
	int fd = wmi_open(ACME_DATA), ret;
	struct wmi_block_call b;
	uint32_t limit = 60;

	(void)arg;
	while (fd >= 0 && !stop) {
		ret = wmi_block_call(fd, WMI_IOC_BLOCK_SET, &b, 0, &limit, sizeof(limit));
		calls++;
		if (ret == -EBUSY) {
			busy++;
		} else if (ret) {
			bad++;
			printf("set %u: %d\n", limit, ret);
		}
		limit = limit == 60 ? 90 : 60;
	}
	if (fd < 0)
		bad++;
	else
		close(fd);
	return NULL;
}

static void *block_querier(void *arg)
{
	int fd = wmi_open(ACME_DATA), ret;
	struct wmi_block_call b;
	uint32_t limit;

	(void)arg;
	while (fd >= 0 && !stop) {
		limit = 0;
		ret = wmi_block_call(fd, WMI_IOC_BLOCK_QUERY, &b, 0, &limit, sizeof(limit));
		calls++;
		if (ret == -EBUSY) {
			busy++;
		} else if (ret || limit < 50 || limit > 100) {
			bad++;
			printf("query: %d, limit %#x\n", ret, limit);
		}
	}
	if (fd < 0)
		bad++;
	else
		close(fd);
	return NULL;
}

/* acme's method 14: collection on (bit 0), enables counted above it. */
static void check_collection_off(void)
{
	int fd = wmi_open(ACME_METHODS);
	uint32_t state = 1;

	CHECK(fd >= 0 && !wmi_call_u32(fd, 0, 14, NULL, &state) && !(state & 1),
	      "data collection off after all of them (%#x)", state);
	if (fd >= 0)
		close(fd);
}

int main(int argc, char **argv)
{
	long cycles = 0, bind_errors = 0;
	const char *driver = "acme-wmi", *dev = ACME_METHODS;
	void *(*callers[2])(void *) = { setter, getter };
	char unbind[128], bind_path[128];
	bool block, bind;
	pthread_t t[2];
	time_t end;

	if (argc != 3 || (strcmp(argv[1], "bind") && strcmp(argv[1], "traffic") &&
			  strcmp(argv[1], "block"))) {
		fprintf(stderr, "usage: wmi-race-test bind|traffic|block SECONDS\n");
		return 64;
	}
	block = !strcmp(argv[1], "block");
	bind = block || !strcmp(argv[1], "bind");
	if (block) {
		driver = "acme-battery";
		dev = ACME_DATA;
		callers[0] = block_setter;
		callers[1] = block_querier;
	}
	snprintf(unbind, sizeof(unbind), DRIVERS "%s/unbind", driver);
	snprintf(bind_path, sizeof(bind_path), DRIVERS "%s/bind", driver);
	end = time(NULL) + atoi(argv[2]);

	pthread_create(&t[0], NULL, callers[0], NULL);
	pthread_create(&t[1], NULL, callers[1], NULL);
	while (time(NULL) < end) {
		if (!bind) {
			usleep(100000);
			continue;
		}
		bind_errors += write_file(unbind, dev) != 0;
		bind_errors += write_file(bind_path, dev) != 0;
		cycles++;
	}
	stop = true;
	pthread_join(t[0], NULL);
	pthread_join(t[1], NULL);

	printf("%ld calls, %ld refused as busy, %ld unbind/bind cycles\n", (long)calls,
	       (long)busy, cycles);
	CHECK(calls > busy, "calls were made and answered");
	CHECK(bad == 0, "every call got a defined answer (%ld did not)", (long)bad);
	if (bind)
		CHECK(cycles > 0 && bind_errors == 0, "driver unbound and bound %ld times", cycles);
	if (block)
		check_collection_off();
	return check_finish();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * User-space queries and sets of a data block while the driver that claims
 * it comes and goes.
 *
 *   wmi-block-race SECONDS   one thread queries the acme charge limit, one
 *                            sets it, the main thread unbinds and binds
 *                            acme-battery in a loop
 *
 * Whoever answers, the driver or (unbound) the firmware raw, every call
 * must get a defined answer: a query a limit of 50..100 (the firmware's
 * all ones would be a query without data collection on), a set success;
 * or EBUSY while the driver is half bound, owning the block before it
 * claims it. At the end data collection is off, as after every query.
 */

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"
#include "wmi_util.h"

#define DRIVER "/sys/bus/wmi/drivers/acme-battery/"

static atomic_bool stop;
static atomic_long calls, bad, busy;

static void *setter(void *arg)
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

static void *querier(void *arg)
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

int main(int argc, char **argv)
{
	long cycles = 0, bind_errors = 0;
	uint32_t state = 1;
	pthread_t t[2];
	time_t end;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: wmi-block-race SECONDS\n");
		return 64;
	}
	end = time(NULL) + atoi(argv[1]);

	pthread_create(&t[0], NULL, setter, NULL);
	pthread_create(&t[1], NULL, querier, NULL);
	while (time(NULL) < end) {
		bind_errors += write_file(DRIVER "unbind", ACME_DATA) != 0;
		bind_errors += write_file(DRIVER "bind", ACME_DATA) != 0;
		cycles++;
	}
	stop = true;
	pthread_join(t[0], NULL);
	pthread_join(t[1], NULL);

	printf("%ld calls, %ld refused as busy, %ld unbind/bind cycles\n", (long)calls,
	       (long)busy, cycles);
	CHECK(calls > busy, "calls were made and answered");
	CHECK(bad == 0, "every call got a defined answer (%ld did not)", (long)bad);
	CHECK(cycles > 0 && bind_errors == 0, "driver unbound and bound %ld times", cycles);
	/* acme's method 14: collection on (bit 0), enables counted above it. */
	fd = wmi_open(ACME_METHODS);
	CHECK(fd >= 0 && !wmi_call_u32(fd, 0, 14, NULL, &state) && !(state & 1),
	      "data collection off after all of them (%#x)", state);
	if (fd >= 0)
		close(fd);
	return check_finish();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * User-space calls while the method-claiming driver comes and goes.
 *
 *   wmi-race-test bind SECONDS      two threads call, the main thread binds
 *                                   and unbinds acme-wmi in a loop
 *   wmi-race-test traffic SECONDS   only the two calling threads
 *
 * One thread sets the brightness (a method acme-wmi claims), the other
 * reads it (a method acme-wmi shares, so it goes to the firmware). Whoever
 * answers, driver or firmware, every call must get a defined answer:
 * success with status 0, or a level 0..100; or EBUSY while the driver is
 * half bound, owning the methods before it claims or shares them. Anything
 * else is counted and fails the run.
 */

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"
#include "wmi_util.h"

#define DRIVER "/sys/bus/wmi/drivers/acme-wmi/"

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

int main(int argc, char **argv)
{
	long cycles = 0, bind_errors = 0;
	pthread_t t[2];
	time_t end;
	int bind;

	if (argc != 3 || (strcmp(argv[1], "bind") && strcmp(argv[1], "traffic"))) {
		fprintf(stderr, "usage: wmi-race-test bind|traffic SECONDS\n");
		return 64;
	}
	bind = !strcmp(argv[1], "bind");
	end = time(NULL) + atoi(argv[2]);

	pthread_create(&t[0], NULL, setter, NULL);
	pthread_create(&t[1], NULL, getter, NULL);
	while (time(NULL) < end) {
		if (!bind) {
			usleep(100000);
			continue;
		}
		bind_errors += write_file(DRIVER "unbind", ACME_METHODS) != 0;
		bind_errors += write_file(DRIVER "bind", ACME_METHODS) != 0;
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
	return check_finish();
}

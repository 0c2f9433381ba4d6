// SPDX-License-Identifier: GPL-2.0
/*
 * Wait for the notifications user space gets when a device's state changes.
 *
 *   wait-notify sysfs FILE READY TIMEOUT_MS    sysfs_notify() on FILE
 *   wait-notify uevent TEXT READY TIMEOUT_MS   a uevent containing TEXT
 *
 * READY is created once the waiter is listening, so a test can trigger the
 * change without racing it. Prints what it saw; exit 0 when notified, 1 on
 * timeout, 2 on error.
 */

#include <errno.h>
#include <fcntl.h>
#include <linux/netlink.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int ready(const char *path)
{
	int fd = open(path, O_CREAT | O_WRONLY, 0600);

	if (fd < 0) {
		perror(path);
		return -1;
	}
	close(fd);
	return 0;
}

static int wait_sysfs(const char *file, const char *readyfile, int timeout)
{
	struct pollfd p;
	char buf[64];
	int ret;

	p.fd = open(file, O_RDONLY);
	if (p.fd < 0) {
		perror(file);
		return 2;
	}
	/*
	 * Poll reports changes since the last read (or open). Some files
	 * refuse reads until a first change (brightness_hw_changed: ENODATA),
	 * which is fine.
	 */
	if (read(p.fd, buf, sizeof(buf)) < 0 && errno != ENODATA)
		perror(file);
	if (ready(readyfile))
		return 2;
	p.events = POLLPRI | POLLERR;
	ret = poll(&p, 1, timeout);
	if (ret < 0) {
		perror("poll");
		return 2;
	}
	if (!ret) {
		printf("timeout\n");
		return 1;
	}
	printf("notified\n");
	return 0;
}

static int wait_uevent(const char *text, const char *readyfile, int timeout)
{
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK, .nl_groups = 1 };
	char buf[4096];
	struct pollfd p;
	ssize_t len, i;

	p.fd = socket(AF_NETLINK, SOCK_DGRAM, NETLINK_KOBJECT_UEVENT);
	if (p.fd < 0 || bind(p.fd, (struct sockaddr *)&addr, sizeof(addr))) {
		perror("uevent socket");
		return 2;
	}
	if (ready(readyfile))
		return 2;
	p.events = POLLIN;
	while (poll(&p, 1, timeout) > 0) {
		len = recv(p.fd, buf, sizeof(buf) - 1, 0);
		if (len <= 0)
			break;
		buf[len] = '\0';
		/* The message is nul-separated KEY=value lines. */
		for (i = 0; i < len; i++)
			if (!buf[i])
				buf[i] = '\n';
		if (strstr(buf, text)) {
			printf("%s", buf);
			return 0;
		}
	}
	printf("timeout\n");
	return 1;
}

int main(int argc, char **argv)
{
	if (argc != 5)
		goto usage;
	if (!strcmp(argv[1], "sysfs"))
		return wait_sysfs(argv[2], argv[3], atoi(argv[4]));
	if (!strcmp(argv[1], "uevent"))
		return wait_uevent(argv[2], argv[3], atoi(argv[4]));
usage:
	fprintf(stderr, "usage: wait-notify sysfs|uevent FILE|TEXT READY TIMEOUT_MS\n");
	return 2;
}

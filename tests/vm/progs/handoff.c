// SPDX-License-Identifier: GPL-2.0
/*
 * handoff PATH PROG [ARGS]: a child process without any capability opens
 * PATH read-write and hands the open file over a Unix socket, as a client
 * hands one to a daemon; PROG then runs with this process' own privileges
 * and the file as fd 3. For tests of who a call through a handed-over
 * /dev/wmi node is taken to come from: its opener.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* In the child: give up every capability, open path, send the file. */
static int open_and_send(int sock, const char *path)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct none[2] = {};
	char cbuf[CMSG_SPACE(sizeof(int))] = {}, byte = 0;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
	int fd;

	if (syscall(SYS_capset, &hdr, none)) {
		fprintf(stderr, "handoff: capset: %s\n", strerror(errno));
		return 1;
	}
	fd = open(path, O_RDWR);
	if (fd < 0) {
		fprintf(stderr, "handoff: open %s without capabilities: %s\n", path, strerror(errno));
		return 1;
	}
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
	if (sendmsg(sock, &msg, 0) != 1) {
		fprintf(stderr, "handoff: sendmsg: %s\n", strerror(errno));
		return 1;
	}
	return 0;
}

static int receive(int sock)
{
	char cbuf[CMSG_SPACE(sizeof(int))] = {}, byte;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cmsg;
	int fd;

	if (recvmsg(sock, &msg, 0) != 1)
		return -1;
	cmsg = CMSG_FIRSTHDR(&msg);
	if (!cmsg || cmsg->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(cmsg), sizeof(int));
	return fd;
}

int main(int argc, char **argv)
{
	int sv[2], fd, status;
	pid_t child;

	if (argc < 3) {
		fprintf(stderr, "usage: handoff PATH PROG [ARGS]\n");
		return 2;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
		perror("handoff: socketpair");
		return 1;
	}
	child = fork();
	if (child < 0) {
		perror("handoff: fork");
		return 1;
	}
	if (!child)
		_exit(open_and_send(sv[1], argv[1]));
	fd = receive(sv[0]);
	if (waitpid(child, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) || fd < 0) {
		fprintf(stderr, "handoff: no file from the child\n");
		return 1;
	}
	/* The socket may hold fd 3: closed first, so that it is the file's. */
	close(sv[0]);
	close(sv[1]);
	if (fd != 3 && dup2(fd, 3) < 0) {
		perror("handoff: dup2");
		return 1;
	}
	if (fd != 3)
		close(fd);
	execvp(argv[2], argv + 2);
	fprintf(stderr, "handoff: %s: %s\n", argv[2], strerror(errno));
	return 127;
}

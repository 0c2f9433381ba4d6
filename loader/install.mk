# SPDX-License-Identifier: GPL-2.0
# make install [DESTDIR=...] [PREFIX=/usr/local] [SYSCONFDIR=/etc]
# Installs wmibpf, its man page, the BPF objects policies may name, the
# shipped policies, the systemd unit and the udev rule.

SYSCONFDIR ?= /etc
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/wmibpf
SYSTEMDDIR ?= $(PREFIX)/lib/systemd/system
UDEVRULESDIR ?= $(PREFIX)/lib/udev/rules.d
# The binary to install; the guest's staging installs the ASan build.
WMIBPF_BINARY ?= $(OUT)/loader/wmibpf
INSTALL_BPF := acme_hotkeys acme_translator deny_method emulate_method rewrite_arg

SUBST = sed -e 's|@SBINDIR@|$(SBINDIR)|g' -e 's|@SYSCONFDIR@|$(SYSCONFDIR)|g'

install: loader bpf
	$(Q)install -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(MANDIR)/man8 $(DESTDIR)$(BPFDIR) \
		$(DESTDIR)$(DATADIR)/policies/acme $(DESTDIR)$(SYSCONFDIR)/wmibpf/policies.d \
		$(DESTDIR)$(SYSTEMDDIR) $(DESTDIR)$(UDEVRULESDIR)
	$(Q)install -m 755 $(WMIBPF_BINARY) $(DESTDIR)$(SBINDIR)/wmibpf
	$(Q)install -m 644 loader/wmibpf.8 $(DESTDIR)$(MANDIR)/man8/wmibpf.8
	$(Q)install -m 644 $(addprefix $(OUT)/bpf/,$(addsuffix .bpf.o,$(INSTALL_BPF))) \
		$(DESTDIR)$(BPFDIR)/
	$(Q)install -m 644 policies/default.yaml policies/dell-smbios.yaml $(DESTDIR)$(DATADIR)/policies/
	$(Q)install -m 644 policies/acme/acme.yaml policies/acme/battery.yaml \
		$(DESTDIR)$(DATADIR)/policies/acme/
	$(Q)$(SUBST) loader/boot/wmibpf.service.in >$(DESTDIR)$(SYSTEMDDIR)/wmibpf.service
	$(Q)$(SUBST) loader/boot/90-wmibpf.rules.in >$(DESTDIR)$(UDEVRULESDIR)/90-wmibpf.rules
	$(Q)chmod 644 $(DESTDIR)$(SYSTEMDDIR)/wmibpf.service $(DESTDIR)$(UDEVRULESDIR)/90-wmibpf.rules

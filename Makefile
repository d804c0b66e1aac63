# bodoge — the two commands a newcomer needs:
#   make play   install what the site needs, build it, serve it on 127.0.0.1 (prints the URL)
#   make test   install what the tests need, build the site, run every test
# Needs: python3 (3.11+), node + npm. `make test` also needs three browser engines: Chromium
# (Debian's package is installed when missing, as root, else Playwright's own browser), and
# WebKitGTK (webkit2gtk-driver, run on xvfb) and Firefox ESR (firefox-esr), Debian's packages
# installed with apt when missing (as root or with sudo; else it says what to install and stops).

PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
PORT   ?= 8000
NPM_STAMP  := node_modules/.bodoge-installed
VENV_STAMP := $(VENV)/.bodoge-installed

.PHONY: play build serve test unit e2e browser engines bench shots soak clean

play: build
	$(PYTHON) tools/serve.py dist --port $(PORT)

build: $(NPM_STAMP)
	$(PYTHON) tools/build.py dist

serve:
	$(PYTHON) tools/serve.py dist --port $(PORT)

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

$(VENV_STAMP): requirements-test.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
	@touch $@

browser: $(VENV_STAMP)
	@VPY=$(VPY) sh tools/ensure_browser.sh

# WebKitGTK and Firefox ESR for tests/e2e/test_engines.py (test and e2e only)
engines:
	@sh tools/ensure_engines.sh

# Three pytest-xdist workers (a module's tests stay on one worker; tests/e2e/harness.py builds
# one site each): the suite waits on pages much of the time, and with Chromium's WebAssembly at
# its first tier three kept a 2-core machine busier than two (13.6 min against 17.1 under the
# same load, README).
PARALLEL ?= -n 3 --dist loadscope

test: $(NPM_STAMP) $(VENV_STAMP) browser engines
	$(VPY) -m pytest $(PARALLEL)

unit: $(VENV_STAMP)
	$(VPY) -m pytest -m "not e2e"

e2e: $(NPM_STAMP) $(VENV_STAMP) browser engines
	$(VPY) -m pytest -m e2e $(PARALLEL)

bench: $(NPM_STAMP) $(VENV_STAMP) browser
	for script in tools/bench.py tools/bench_*.py; do $(VPY) $$script || exit 1; done

# every game's key screens at 1280×800 and 390×844 in both languages, into shots/ (not
# committed): open shots/index.html
shots: $(NPM_STAMP) $(VENV_STAMP) browser
	$(VPY) tools/shots.py

# The property tests with SOAK_GAMES random games per game (Play Me! included) and the decoder
# fuzz with SOAK_FUZZ inputs per strategy; figures in benchmarks/soak.md. Long: not in `test`.
SOAK_GAMES ?= 10000
SOAK_FUZZ  ?= 10000
soak: $(VENV_STAMP)
	$(VPY) tools/soak.py --games $(SOAK_GAMES) --fuzz $(SOAK_FUZZ)

clean:
	rm -rf dist build shots .pytest_cache .hypothesis

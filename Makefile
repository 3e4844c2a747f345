# Every target bootstraps .venv from pyproject.toml; nothing needs installing beforehand but Python 3.11.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: venv browser serve test screenshots lint bench bench-load clean translations catalogs

venv: $(STAMP) translations

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "shiplog needs Python 3.11 or newer"'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@rm -f $(VENV)/.installed-* && touch $@

serve: venv
	$(BIN)/shiplog serve

# The languages (docs/web.md, "Languages"): gettext catalogs, the platform's in service/locales
# (domain "shiplog": service, domain/core, replay) and each translated game's in
# domain/<game>/locales (its package's name). The .po files are kept in git; the .mo files are
# compiled from them here (venv, test and serve need them): a catalog that does not compile stops
# `make`, never the server. `make catalogs` after changing sentences: extracts the English from
# the code and merges it into every language's .po (new entries are then to be translated;
# tests/test_catalogs.py fails until they are).
LANGUAGES := ru hu
BABEL := $(BIN)/pybabel
PO_FILES := $(wildcard service/locales/*/LC_MESSAGES/*.po domain/*/locales/*/LC_MESSAGES/*.po)
translations: $(PO_FILES:.po=.mo)

%.mo: %.po | $(STAMP)
	@rm -f $@
	@$(BIN)/python -m service.catalogs $< && $(BABEL) -q compile -i $< -o $@ || { rm -f $@; echo "$<: does not compile" >&2; exit 1; }

# folder:domain:inputs of each catalog (a game gets one by having a locales/ folder).
CATALOGS := service/locales:shiplog:service,domain/core,replay \
  $(foreach g,$(patsubst %/locales,%,$(wildcard domain/*/locales)),$(g)/locales:$(notdir $(g)):$(g))
catalogs: venv
	@set -e; for spec in $(CATALOGS); do \
	  dir=$$(echo $$spec | cut -d: -f1); domain=$$(echo $$spec | cut -d: -f2); inputs=$$(echo $$spec | cut -d: -f3 | tr , ' '); \
	  mkdir -p $$dir; $(BABEL) -q extract -F babel.cfg -k 'NP_:1c,2' -k 'NPL_:1c,2,3' --add-location=file --sort-output --no-wrap \
	    --project=shiplog -o $$dir/$$domain.pot $$inputs; \
	  for l in $(LANGUAGES); do \
	    if test -f $$dir/$$l/LC_MESSAGES/$$domain.po; then \
	      $(BABEL) -q update --ignore-obsolete --no-wrap -i $$dir/$$domain.pot -d $$dir -D $$domain -l $$l; \
	    else $(BABEL) -q init --no-wrap -i $$dir/$$domain.pot -d $$dir -D $$domain -l $$l; fi; \
	    sed -i 's/^"POT-Creation-Date: .*/"POT-Creation-Date: 2025-01-01 00:00+0000\\n"/' $$dir/$$l/LC_MESSAGES/$$domain.po; \
	  done; rm -f $$dir/$$domain.pot; echo "$$dir/*/LC_MESSAGES/$$domain.po: updated"; done
	$(MAKE) translations

# The browser tests drive Debian's Chromium (Playwright never downloads a browser here): install
# it when it is missing (as root; elsewhere say so: tests/browser then fail under CI=true).
CHROMIUM := /usr/bin/chromium
browser:
	@test -x $(CHROMIUM) || { echo "installing Debian's chromium for the browser tests"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
	  || echo "could not install chromium (apt-get as root): the browser tests cannot run"; }

# A worker per core this process may use (its CPU affinity, as `serve` counts them) and one
# more: while a browser test waits on Chromium or a server, the extra worker keeps the cores
# busy (docs/perf.md, "The test suite's time").
TEST_WORKERS ?= $(shell $(PYTHON) -c 'import os; print(len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1) + 1)')
test: venv browser
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist worksteal

# The pages at 390 and 1280 px wide, from the browser tests, into docs/screenshots/.
screenshots: venv browser
	SHIPLOG_SCREENSHOTS=docs/screenshots $(BIN)/python -m pytest -q -p no:xdist tests/browser

lint: venv
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache --no-logo

bench: venv
	$(BIN)/python -m replay.cli bench

# Only the load generator part of `make bench`: make serve under 40 clients, 100 idle
# connections, 1 and 2 workers on SQLite and PostgreSQL, then 1,000 live streams open while 40
# players play (about 8 minutes).
bench-load: venv
	$(BIN)/python -m replay.cli bench --only serve,streams

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache
	rm -f $(PO_FILES:.po=.mo)

# Every target bootstraps .venv from pyproject.toml; nothing needs installing beforehand but Python 3.11.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: venv browser serve test screenshots lint bench bench-load clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "shiplog needs Python 3.11 or newer"'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@rm -f $(VENV)/.installed-* && touch $@

serve: venv
	$(BIN)/shiplog serve

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

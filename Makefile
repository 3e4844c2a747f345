# Every target bootstraps .venv from pyproject.toml; nothing needs installing beforehand but Python 3.11.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: venv serve test lint bench bench-load clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "shiplog needs Python 3.11 or newer"'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@rm -f $(VENV)/.installed-* && touch $@

serve: venv
	$(BIN)/shiplog serve

test: venv
	$(BIN)/python -m pytest -q -n auto --dist loadgroup

lint: venv
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: venv
	$(BIN)/python -m replay.cli bench

# Only the load generator part of `make bench`: make serve under 40 clients, 100 idle
# connections, 1 and 2 gunicorn workers on SQLite and PostgreSQL (about 5 minutes).
bench-load: venv
	$(BIN)/python -m replay.cli bench --only serve

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache

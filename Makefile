# Every target bootstraps .venv from pyproject.toml; nothing needs installing beforehand but Python 3.11.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: venv serve test lint bench clean

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

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache

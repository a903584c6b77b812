# pnpkit — every target creates the virtual environment it needs on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
# Python sources, byte-compiled as a wheel install would (this environment may forbid writing .pyc).
SRC    := pnpkit components layouts generator referee bench

.PHONY: render test lint format bench bench-quick soak rules wheel-check clean docs

$(STAMP): pyproject.toml setup.py constraints.txt docs/examples/lanterns/pyproject.toml \
          docs/examples/expedition/pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "pnpkit needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev,cluster]' -e docs/examples/lanterns \
	  -e docs/examples/expedition
	$(BIN)/python -m compileall -q $(SRC) >/dev/null
	@touch $@

## render: print-ready PDFs and SVG previews of every bundled game, into output/
render: $(STAMP)
	$(BIN)/pnp validate
	$(BIN)/pnp render --all --out output

## test: lint, format check, and the whole test suite, on every core (pytest-xdist); the 15
## slowest tests are listed at the end, to keep an eye on the suite's time
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest -n auto --durations=15

## docs: the manifest key table of docs/defining-a-game.md, made from the schema
docs: $(STAMP)
	$(BIN)/python -m pnpkit.components.schemadoc docs/defining-a-game.md
	$(BIN)/python -m pnpkit.layouts.icondoc docs/generator.md

lint: $(STAMP)
	$(BIN)/ruff check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

## bench: speed and memory benchmarks (figures printed, targets checked)
bench: $(STAMP)
	$(BIN)/python -m compileall -q $(SRC) >/dev/null
	$(BIN)/python -m bench

## bench-quick: every benchmark once over a small share of its work, figures only (CI runs it)
bench-quick: $(STAMP)
	$(BIN)/python -m compileall -q $(SRC) >/dev/null
	$(BIN)/python -m bench --quick

## soak: many more random play-throughs and fuzz examples (tests named *fuzz*) than `test` runs
soak: $(STAMP)
	PNPKIT_SOAK=1 $(BIN)/pytest -k "playthrough or fuzz"

## rules: the rules-index statements that no test cites
rules: $(STAMP)
	$(BIN)/python -m pnpkit.rules_coverage

## wheel-check: build the wheel, install it into a fresh venv, validate the bundled games there,
## and read a rule from the rules index the wheel ships (no docs folder there)
wheel-check: $(STAMP)
	rm -rf build/wheel-check && mkdir -p build/wheel-check
	$(BIN)/python -m build --wheel --outdir build/wheel-check . >/dev/null
	$(PYTHON) -m venv build/wheel-check/venv
	build/wheel-check/venv/bin/python -m pip install --quiet -c constraints.txt build/wheel-check/*.whl
	$(BIN)/python .ci/check_wheel_contents.py build/wheel-check/*.whl
	cd build/wheel-check && ./venv/bin/pnp validate && ./venv/bin/pnp games --json >/dev/null
	cd build/wheel-check && ./venv/bin/pnp referee explain AL-11 | grep -q '^AL-11 (alpina): A card must share an edge'
	cd build/wheel-check && ./venv/bin/python -c 'from pnpkit.referee.web.app import STATIC, asset; [asset(n) for n in ("index.html", *STATIC)]'

clean:
	rm -rf $(VENV) build output .pytest_cache .ruff_cache

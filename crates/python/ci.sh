#!/usr/bin/env bash
# Builds the Python package into a fresh virtual environment and runs its
# tests (pytest), Polars and a local Spark included. Run from anywhere after
# the Rust build (the Spark test checks every row against target/debug/
# polyfen); CI runs it from .ci/run. Needs python3 with the venv module and
# a Java runtime for Spark (.ci/run installs Debian's).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${POLYFEN_VENV:-$here/../../target/python-venv}"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q "maturin>=1.5,<2" "pyarrow>=12" pytest "polars==2.1.*" pyspark "pandas<3"
rm -rf "$venv/wheels"
# the python-test profile (Cargo.toml): polyfen's crates at opt-level 1,
# the Polars crates of the plugin unoptimized, no debug info, stripped as
# the wheel is. The wheel profile (release, thin LTO, the Polars crates at
# opt-level 2) took three times as long to build, for tests that run some
# twenty seconds longer on this build.
(cd "$here" && "$venv/bin/maturin" build --quiet --profile python-test --out "$venv/wheels" --interpreter "$venv/bin/python")
"$venv/bin/python" -m pip install -q --force-reinstall --no-deps "$venv"/wheels/polyfen-*.whl
# pytest exits 5 when it collects no test: that fails the run like any
# other non-zero status. The tests that read the public corpus
# (../shared/corpus) are skipped without it, each skip's reason listed
# (-rs), unless POLYFEN_CORPUS=required (as .ci/run sets) fails them.
cd "$here/tests"
status=0
POLYFEN_CORPUS="${POLYFEN_CORPUS:-}" "$venv/bin/python" -m pytest -q -rs -p no:cacheprovider || status=$?
if [ "$status" -ne 0 ]; then
  echo "python tests failed (pytest exit status $status)" >&2
  exit 1
fi

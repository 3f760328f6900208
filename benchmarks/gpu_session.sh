#!/bin/bash
# A GPU session (tests, benchmarks, sanitizer) in one device command: logs to $OUT/session.log,
# the benchmark JSON to $OUT. On the device:
#   source .gpu/setup.sh && TILERT_COMMIT=<sha> PHASES="tests bench sanitize" bash benchmarks/gpu_session.sh
# PHASES picks what runs (default: all three); BENCH_ARGS is passed to gpu_bench.py (--only ...).
export PYTHONPATH="$PYTHONPATH:$(pwd)/build/pyextra"  # a pytest fallback, if the device lacks one
export TILERT_CACHE_DIR=/tmp/tilert-cache
# The device's copy of the tree has no .git: pass the commit in (TILERT_COMMIT=$(git rev-parse
# --short HEAD) here, in the device command) so the results name what they measured.
export TILERT_COMMIT=${TILERT_COMMIT:-unknown}
PHASES=${PHASES:-tests bench sanitize}
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
LOG="$OUT/session.log"
section() { echo; echo "===== $* ====="; }
has() { [[ " $PHASES " == *" $1 "* ]]; }
{
  section env
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
  python3 -c "import cuda.core, cuda.tile; print('cuda.core', cuda.core.__version__, 'cuda.tile', cuda.tile.__version__)"
  if has tests; then
    section "python -m tilert doctor"
    python3 -m tilert doctor
    section "examples as programs (TILERT_BACKEND=cutile)"
    for f in examples/*.py; do TILERT_BACKEND=cutile timeout 90 python3 "$f"; echo "$f rc=$?"; done
    section "GPU tests (pytest -m gpu)"
    timeout ${GPU_T:-300} python3 -m pytest -m gpu -v -rs -p no:cacheprovider tests/test_gpu*.py
    echo "rc=$?"
  fi
  if has bench; then
    section "benchmarks"
    TILERT_BACKEND=cutile timeout ${BENCH_T:-400} python3 benchmarks/gpu_bench.py --out "$OUT" ${BENCH_ARGS}
    echo "rc=$?"
    section "where a launch's host time goes"
    TILERT_BACKEND=cutile timeout 120 python3 benchmarks/gpu_launch_profile.py --out "$OUT"
    echo "rc=$?"
  fi
  if has sanitize; then
    section "compute-sanitizer"
    OUT="$OUT" timeout ${SAN_T:-240} bash benchmarks/gpu_sanitize.sh
    echo "rc=$?"
  fi
} > "$LOG" 2>&1
grep -E "rc=|passed|failed|ratio|SANITIZE|Error|error" "$LOG" | tail -60

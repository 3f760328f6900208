#!/bin/bash
# One complete GPU session (tests + benchmarks): everything logged to $OUT/session.log, the
# benchmark JSON to $OUT. Usage on the device: source .gpu/setup.sh && bash benchmarks/gpu_session.sh
export PYTHONPATH="$PYTHONPATH:$(pwd)/build/pyextra"  # a pytest fallback, if the device lacks one
export TILERT_CACHE_DIR=/tmp/tilert-cache
# The device's copy of the tree has no .git: pass the commit in (TILERT_COMMIT=$(git rev-parse
# --short HEAD) here, in the device command) so the results name what they measured.
export TILERT_COMMIT=${TILERT_COMMIT:-unknown}
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
LOG="$OUT/session.log"
section() { echo; echo "===== $* ====="; }
{
  section env
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
  python3 -c "import cuda.core, cuda.tile; print('cuda.core', cuda.core.__version__, 'cuda.tile', cuda.tile.__version__)"
  python3 -m pytest --version
  section "python -m tilert doctor"
  python3 -m tilert doctor
  section "examples as programs (TILERT_BACKEND=cutile)"
  for f in examples/*.py; do TILERT_BACKEND=cutile timeout 90 python3 "$f"; echo "$f rc=$?"; done
  section "CPU tests (interpret)"
  TILERT_BACKEND=interpret timeout 120 python3 -m pytest -q -p no:cacheprovider tests/test_lowering.py tests/test_doctor.py
  echo "rc=$?"
  section "GPU tests (pytest -m gpu)"
  timeout ${GPU_T:-220} python3 -m pytest -m gpu -v -rs -p no:cacheprovider tests/test_gpu.py
  echo "rc=$?"
  section "benchmarks"
  TILERT_BACKEND=cutile timeout ${BENCH_T:-240} python3 benchmarks/gpu_bench.py --out "$OUT" ${BENCH_ARGS}
  echo "rc=$?"
} > "$LOG" 2>&1
grep -E "rc=|passed|failed|ratio" "$LOG" | tail -40

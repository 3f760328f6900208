#!/bin/bash
# A GPU session (tests, quickstart, benchmarks, sanitizer) in one device command: logs to
# $OUT/session.log, the benchmark JSON to $OUT. On the device:
#   source .gpu/setup.sh && TILERT_COMMIT=<sha> PHASES="tests bench sanitize" bash benchmarks/gpu_session.sh
# PHASES picks what runs (default: all four; "differential" the generated kernels,
# TILERT_DIFF_COUNT of them from TILERT_DIFF_SEED; "quickstart" runs the README's two commands, the
# demo and the whole test suite, as a new user on a GPU machine would; "pure" the launch
# benchmark again with TILERT_PURE_PYTHON=1; "qwen3" the Qwen3 engine against transformers and
# its command line on random 4B weights, "qwen3bench" its benchmark with QWEN3_BENCH_ARGS: each
# about 5 minutes, so a device command each; "dist" needs two GPUs: tilert.distributed's tests
# and its all-reduce benchmark against torch.distributed, then the small all-reduce probe (NCCL's
# protocols, torch's symmetric memory), each as two processes under
# `python -m tilert.distributed.run -n 2`; "tp" two GPUs too: tensor-parallel Qwen3-8B decode
# against one GPU, benchmarks/gpu_bench_tp.py, within TP_T seconds); BENCH_ARGS is passed to
# gpu_bench.py (--only ...). Build .gpu with the test plugins the suite needs:
#   EXTRA_WHEELS="pytest-asyncio==1.5.0 pytest-lsp==1.0.1 pygls==2.1.1 lsprotocol==2025.0.0
#   cattrs==26.2.1 attrs==26.1.0" bash ../shared/gpu/make-bundle.sh
# The device has Python 3.12: build the C launch path for it here and carry it with .gpu, or the
# session measures the Python alone ("C launch fast path: off" in the log):
#   python3.12 -m venv /tmp/py312 && /tmp/py312/bin/pip install setuptools &&
#   /tmp/py312/bin/python setup.py build_ext --inplace   (carry tilert/_fast.cpython-312-*.so)
export PYTHONPATH="$PYTHONPATH:$(pwd)/build/pyextra"  # a pytest fallback, if the device lacks one
export TILERT_CACHE_DIR=/tmp/tilert-cache
# The device's copy of the tree has no .git: pass the commit in (TILERT_COMMIT=$(git rev-parse
# --short HEAD) here, in the device command) so the results name what they measured.
export TILERT_COMMIT=${TILERT_COMMIT:-unknown}
PHASES=${PHASES:-tests quickstart bench sanitize}
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
LOG="$OUT/session.log"
section() { echo; echo "===== $* ====="; }
has() { [[ " $PHASES " == *" $1 "* ]]; }
{
  section env
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
  python3 -c "import cuda.core, cuda.tile; print('cuda.core', cuda.core.__version__, 'cuda.tile', cuda.tile.__version__)"
  python3 -c "import tilert._accel as a; print('C launch fast path:', 'on' if a.active() else 'off')"
  if has tests; then
    section "python -m tilert doctor"
    python3 -m tilert doctor
    section "examples as programs (TILERT_BACKEND=cutile)"
    for f in examples/*.py; do TILERT_BACKEND=cutile timeout 90 python3 "$f"; echo "$f rc=$?"; done
    section "float-to-int conversions and int literals out of range: GPU vs interpreter"
    TILERT_BACKEND=cutile timeout 120 python3 benchmarks/gpu_probe_conversions.py
    echo "rc=$?"
    section "GPU tests (pytest -m gpu; the differential test on 100 kernels: phase differential)"
    TILERT_DIFF_COUNT=${TILERT_DIFF_COUNT_IN_TESTS:-100} OUT="$OUT" timeout ${GPU_T:-560} \
      python3 -m pytest -m gpu -v -rs -p no:cacheprovider tests/gpu
    echo "rc=$?"
  fi
  if has differential; then
    section "differential: ${TILERT_DIFF_COUNT:-2000} generated kernels from seed ${TILERT_DIFF_SEED:-0}, GPU vs interpreter"
    OUT="$OUT" timeout ${DIFF_T:-560} python3 -m pytest -q -s -rs -p no:cacheprovider \
      tests/gpu/test_differential.py
    echo "rc=$?"
  fi
  if has quickstart; then
    section "README quickstart on the GPU: python -m tilert.demo"
    python3 -m tilert.demo
    echo "rc=$?"
    # mypy (for the plugin's tests) is too large for the device bundle: without it they are left out
    skip=""; python3 -c "import mypy" 2>/dev/null || skip="--ignore=tests/mypy_plugin/test_mypy_plugin.py"
    section "README quickstart on the GPU: pytest (every test) $skip"
    timeout ${SUITE_T:-400} python3 -m pytest -q -p no:cacheprovider -rfs $skip
    echo "rc=$?"
  fi
  if has bench; then
    section "benchmarks"
    TILERT_BACKEND=cutile timeout ${BENCH_T:-400} python3 benchmarks/gpu_bench.py --out "$OUT" ${BENCH_ARGS}
    echo "rc=$?"
    section "where a launch's host time goes"
    TILERT_BACKEND=cutile timeout 120 python3 benchmarks/gpu_launch_profile.py --out "$OUT"
    echo "rc=$?"
    section "tilert's bookkeeping alone, on a stand-in backend (this host's speed)"
    timeout 120 python3 benchmarks/host_overhead.py --json "$OUT/host_overhead.json"
    echo "rc=$?"
  fi
  if has pure; then
    # the same launch benchmark with the Python alone (the fast path's reference), same session
    section "launch with the Python alone (TILERT_PURE_PYTHON=1)"
    mkdir -p "$OUT/pure"
    TILERT_PURE_PYTHON=1 TILERT_BACKEND=cutile timeout ${BENCH_T:-400} \
      python3 benchmarks/gpu_bench.py --out "$OUT/pure" --only launch
    echo "rc=$?"
  fi
  if has qwen3; then
    section "Qwen3: the engine against transformers (4B widths, QWEN3_GPU_LAYERS layers)"
    timeout ${QWEN3_TEST_T:-420} python3 -m pytest -m gpu -v -rs -p no:cacheprovider \
      tests/gpu/test_gpu_qwen3.py
    echo "rc=$?"
    section "Qwen3: python -m tilert.models.qwen3 --random 4B, as a new user runs it"
    TILERT_BACKEND=cutile timeout ${QWEN3_CLI_T:-240} python3 -m tilert.models.qwen3 --random 4B \
      --prompt "The capital of France is" --max-new-tokens 128
    echo "rc=$?"
  fi
  if has qwen3bench; then
    section "Qwen3-4B benchmark: decode vs roofline, torch.compile, transformers; profile"
    TILERT_BACKEND=cutile timeout ${QWEN3_BENCH_T:-570} python3 benchmarks/gpu_bench_qwen3.py \
      --out "$OUT" ${QWEN3_BENCH_ARGS}
    echo "rc=$?"
  fi
  if has dist; then
    section "distributed: collectives on 2 GPUs against torch.distributed (2 ranks, the launcher)"
    TILERT_BACKEND=cutile timeout ${DIST_TEST_T:-500} python3 -m pytest -m gpu -v -rs \
      -p no:cacheprovider tests/gpu/test_gpu_distributed.py
    echo "rc=$?"
    section "distributed: all-reduce bus bandwidth vs torch.distributed, 1 MiB to 1 GiB"
    TILERT_BACKEND=cutile timeout ${DIST_BENCH_T:-500} python3 -m tilert.distributed.run -n 2 \
      benchmarks/gpu_bench_distributed.py --out "$OUT"
    echo "rc=$?"
    # NCCL reads NCCL_PROTO when it starts: one run per protocol (JSON: small-allreduce-*.json)
    for proto in default LL LL128; do
      section "distributed: small all-reduces (8 KiB-1 MiB), NCCL_PROTO=$proto vs symmetric memory"
      OUT="$OUT" TILERT_BACKEND=cutile timeout ${DIST_SMALL_T:-180} python3 -m \
        tilert.distributed.run -n 2 benchmarks/gpu_probe_small_allreduce.py --proto $proto
      echo "rc=$?"
    done
  fi
  if has tp; then
    section "tensor-parallel Qwen3-8B decode: 2 GPUs against 1, same weights (2 ranks)"
    TILERT_BACKEND=cutile timeout ${TP_T:-300} python3 -m tilert.distributed.run -n 2 \
      benchmarks/gpu_bench_tp.py --out "$OUT" ${TP_ARGS}
    echo "rc=$?"
  fi
  if has sanitize; then
    section "compute-sanitizer"
    OUT="$OUT" timeout ${SAN_T:-240} bash benchmarks/gpu_sanitize.sh
    echo "rc=$?"
  fi
} > "$LOG" 2>&1
grep -E "rc=|passed|failed|ratio|SANITIZE|Error|error" "$LOG" | tail -60

#!/bin/bash
# One complete GPU session (tests + benchmarks), logs and JSON under $OUT.
# Usage on the device: source .gpu/setup.sh && bash benchmarks/gpu_session.sh
export PYTHONPATH="$PYTHONPATH:$(pwd)/build/pyextra"
export TILERT_CACHE_DIR=/tmp/tilert-cache
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
{ nvidia-smi; python3 -c "import cuda.core, cuda.bindings, cuda.tile; print('cuda.core', cuda.core.__version__, 'cuda.tile', cuda.tile.__version__)"; python3 -m pytest --version; } > "$OUT/env.txt" 2>&1
python3 -m tilert doctor > "$OUT/doctor.txt" 2>&1
TILERT_BACKEND=cutile timeout ${SMOKE_T:-120} python3 examples/saxpy.py > "$OUT/smoke.log" 2>&1
echo "smoke rc=$?" >> "$OUT/smoke.log"
TILERT_BACKEND=interpret timeout 120 python3 -m pytest -q -p no:cacheprovider tests/test_lowering.py tests/test_doctor.py > "$OUT/cpu_tests.log" 2>&1
echo "rc=$?" >> "$OUT/cpu_tests.log"
timeout ${GPU_T:-260} python3 -m pytest -m gpu -q -rs -p no:cacheprovider tests/test_gpu.py > "$OUT/gpu_tests.log" 2>&1
echo "rc=$?" >> "$OUT/gpu_tests.log"
TILERT_BACKEND=cutile timeout ${BENCH_T:-200} python3 benchmarks/gpu_bench.py --out "$OUT" ${BENCH_ARGS} > "$OUT/bench.log" 2>&1
echo "rc=$?" >> "$OUT/bench.log"
cp -r /tmp/tilert-cache/cutile "$OUT/generated" 2>/dev/null
tail -5 "$OUT"/*.log

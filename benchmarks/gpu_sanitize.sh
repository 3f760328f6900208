#!/bin/bash
# compute-sanitizer (memcheck and racecheck) over every example on the GPU. On the device:
#   source .gpu/setup.sh && bash benchmarks/gpu_sanitize.sh
# One line per run: "SANITIZE <tool> <example> rc=<rc> errors=<n>"; full logs in $OUT/sanitize.log.
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
export TILERT_BACKEND=cutile TILERT_CACHE_DIR=${TILERT_CACHE_DIR:-/tmp/tilert-cache}
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
if [ -z "$SAN" ]; then echo "SANITIZE skipped: compute-sanitizer not found"; exit 0; fi
LOG="$OUT/sanitize.log"
: > "$LOG"
for f in examples/*.py; do timeout 120 python3 "$f" > /dev/null 2>&1; done  # compile first
# cuda.core's Device() probes for a current context with cuCtxGetDevice, which fails (handled)
# before one exists: memcheck would count that host API error, so API errors are not reported;
# what is checked is the device code's memory accesses (and racecheck its shared memory).
for tool in ${TOOLS:-memcheck racecheck}; do
  for f in examples/*.py; do
    timeout ${RUN_T:-120} "$SAN" --tool "$tool" --target-processes application-only \
      --error-exitcode 1 --report-api-errors no python3 "$f" > "$OUT/san.tmp" 2>&1
    rc=$?
    cat "$OUT/san.tmp" >> "$LOG"
    errors=$(grep -oE "ERROR SUMMARY: [0-9]+" "$OUT/san.tmp" | grep -oE "[0-9]+$" | tail -1)
    echo "SANITIZE $tool $f rc=$rc errors=${errors:-?}"
  done
done
rm -f "$OUT/san.tmp"

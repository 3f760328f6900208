#!/bin/bash
# compute-sanitizer (memcheck, then racecheck) over every safe example, on the GPU. On the device,
# from the checkout's root:
#   source .gpu/setup.sh && bash benchmarks/gpu_sanitize.sh
# Each example first runs plainly (so its kernels are compiled and cached before the sanitizer
# watches), then once under each tool. One line per run:
#   SANITIZE <tool> <example> rc=<rc> errors=<n>
# (n from the tool's "ERROR SUMMARY: n errors"; rc 124 is a timeout), the full logs in
# $OUT/sanitize.log. Exit status 1 if a plain run failed or a tool reported errors.
# Knobs: OUT (/tmp/out), TOOLS ("memcheck racecheck"), RUN_T (120 s per run), BUDGET (220 s in
# all: runs that would start past it are reported as skipped).
cd "$(dirname "$0")/.." || exit 2
OUT=${OUT:-/tmp/out}
TOOLS=${TOOLS:-memcheck racecheck}
RUN_T=${RUN_T:-120}
BUDGET=${BUDGET:-220}
export TILERT_BACKEND=cutile
export TILERT_CACHE_DIR=${TILERT_CACHE_DIR:-/tmp/tilert-cache}
mkdir -p "$OUT"
LOG="$OUT/sanitize.log"
TMP="$OUT/sanitize.run.tmp"
: > "$LOG"

SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer \
  /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
if [ -z "$SAN" ] || [ ! -x "$SAN" ]; then
  echo "SANITIZE skipped: compute-sanitizer not found (not on PATH, not in /usr/local/cuda/bin)"
  exit 0
fi
echo "SANITIZE using $SAN ($("$SAN" --version 2>/dev/null | grep -i version | tail -1))"

examples=()
for f in ${EXAMPLES:-examples/*.py}; do  # EXAMPLES: a space-separated subset
  if grep -qE "unsafe=True|tl\.unsafe\.|tr\.unsafe\." "$f"; then
    echo "SANITIZE skip $f (uses unchecked operations)"
  else
    examples+=("$f")
  fi
done

failed=0
# A run's time limit: RUN_T, or what is left of BUDGET; 0 when too little is left to start.
limit() {
  local left=$((BUDGET - SECONDS))
  if [ "$left" -lt 15 ]; then echo 0; elif [ "$left" -lt "$RUN_T" ]; then echo "$left"; else echo "$RUN_T"; fi
}

for f in "${examples[@]}"; do  # plain runs: compile and cache every kernel
  t=$(limit)
  if [ "$t" -eq 0 ]; then echo "SANITIZE plain $f skipped (time budget)"; continue; fi
  timeout "$t" python3 "$f" > "$TMP" 2>&1
  rc=$?
  { echo "===== plain $f rc=$rc"; cat "$TMP"; } >> "$LOG"
  echo "SANITIZE plain $f rc=$rc errors=-"
  [ "$rc" -ne 0 ] && failed=1
done

# --target-processes application-only: watch python3 itself, not the tileiras compiler it may
# start. --report-api-errors no: cuda.core's Device() probes for a current context with
# cuCtxGetDevice, which fails (and is handled) before one exists; memcheck would count that host
# API error. What is checked is the device code: its memory accesses (memcheck) and its shared
# memory hazards (racecheck).
for tool in $TOOLS; do
  for f in "${examples[@]}"; do
    t=$(limit)
    if [ "$t" -eq 0 ]; then echo "SANITIZE $tool $f skipped (time budget)"; continue; fi
    timeout "$t" "$SAN" --tool "$tool" --target-processes application-only \
      --error-exitcode 1 --report-api-errors no python3 "$f" > "$TMP" 2>&1
    rc=$?
    # memcheck ends with "ERROR SUMMARY: n errors", racecheck with "RACECHECK SUMMARY: n hazards"
    errors=$(grep -oE "(ERROR|RACECHECK) SUMMARY: [0-9]+" "$TMP" | grep -oE "[0-9]+$" | tail -1)
    { echo "===== $tool $f rc=$rc"; cat "$TMP"; } >> "$LOG"
    echo "SANITIZE $tool $f rc=$rc errors=${errors:-?}"
    if [ "${errors:-0}" -gt 0 ] || { [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ]; }; then failed=1; fi
  done
done
rm -f "$TMP"
echo "SANITIZE done in ${SECONDS}s, full logs in $LOG"
exit "$failed"

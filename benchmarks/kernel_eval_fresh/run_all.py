"""Run every program in programs/ as a subprocess with the current environment.

    python benchmarks/kernel_eval_fresh/run_all.py                       # the interpreter
    TILERT_BACKEND=cutile python benchmarks/kernel_eval_fresh/run_all.py # the GPU

Writes results.json ({"backend", "programs": [{"program", "ok", "seconds", "tail"}]}) to --out
(default: this folder) and prints one line per program."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TIMEOUT = 120


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(HERE), help="folder for results.json")
    ap.add_argument("only", nargs="*", help="run only programs whose name contains one of these")
    args = ap.parse_args()
    progs = sorted((HERE / "programs").glob("k*.py"))
    if args.only:
        progs = [p for p in progs if any(s in p.name for s in args.only)]
    backend = os.environ.get("TILERT_BACKEND", "default")
    results = []
    for p in progs:
        start = time.perf_counter()
        try:
            r = subprocess.run(
                [sys.executable, str(p)],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                env=os.environ.copy(),
                cwd=str(HERE.parents[1]),
            )
            output = r.stdout + r.stderr
            ok = r.returncode == 0 and f"OK {p.stem.split('_')[0]}" in r.stdout
        except subprocess.TimeoutExpired as e:
            output = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
            output += f"\nTIMEOUT after {TIMEOUT} s"
            ok = False
        seconds = round(time.perf_counter() - start, 2)
        tail = "" if ok else "\n".join(output.splitlines()[-30:])
        results.append({"program": p.name, "ok": ok, "seconds": seconds, "tail": tail})
        last = output.strip().splitlines()[-1] if output.strip() else ""
        print(f"{'ok  ' if ok else 'FAIL'} {p.name:40s} {seconds:6.2f}s  {last[:100]}", flush=True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    try:
        import tilert as tr

        backend = f"{backend} ({type(tr.backend()).__name__})"
    except Exception:
        pass
    (out / "results.json").write_text(
        json.dumps({"backend": backend, "programs": results}, indent=1)
    )
    n_ok = sum(r["ok"] for r in results)
    print(f"{n_ok}/{len(results)} ok; results in {out / 'results.json'}")
    return 0 if n_ok == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())

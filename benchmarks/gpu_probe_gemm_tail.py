"""Probe (issue 19): the GEMM with its last wave shared out (``tilert/kernels/gemm_tail.py``,
``variant="stream_k"``) against the plain persistent config and cuBLAS, in one process.

For f16 and bf16 at 2048, 4096, 6144 and 8192 (square): cuBLAS (``torch.matmul``), the plain
persistent kernel (``GEMM_CONFIGS[0]``: 128x128x64, one block an SM) and the tail variant
sharing the last ``stream_k`` = 1, 2, 3 waves. Each result is checked against torch before it
is timed and again after the timed graph replays (a workspace left dirty by one call would
spoil the next). After its first (compiling) call each
variant's second call is timed alone with CUDA events on tilert's stream and printed; a variant
slower than twice the plain config there is left out of the graph timing (recorded under
``left_out``), so one pathological variant cannot hang the session (issue 19: acquire-release
atomics on every partial element did). Timing as ``gpu_bench_kernels.py``: ours as replays of a
``tr.graph()``, cuBLAS called directly, rounds interleaved across the cases, best of 5. The
tail variants differ only in a run-time argument, so the probe compiles two kernels a dtype.

Sizes 4096 and 8192 run first (f16, then bf16); the others (6144, 2048) only while less than
``--budget`` seconds (150) have passed, so the whole probe stays near 3 minutes.

Writes ``$OUT/gemm-tail-probe.json`` (the benchmark JSON: device, date, commit, comparisons
``{name, ours, baseline, unit, ratio, config}``, plus ``plans``: each variant's split,
``single_call_ms``: each variant's one timed call, ``left_out``: the variants not graph-timed
and why, ``skipped``: the cases the time budget left out, and ``errors``: every failure with
what it saw).

    TILERT_BACKEND=cutile python benchmarks/gpu_probe_gemm_tail.py [--sizes 4096 8192]"""

from __future__ import annotations

import argparse
import datetime
import functools
import json
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_record import commit
from gpu_bench_gemm import comparison, graph_loop, timed

import tilert as tr
import tilert.kernels as tk
from tilert.kernels import gemm_tail

PLAIN = tk.GEMM_CONFIGS[0]
TAILS = [
    tr.Config(bm=128, bn=128, bk=64, group=8, variant="stream_k", stream_k=s, occupancy=1)
    for s in (1, 2, 3)
]
SLOWEST = 2.0  # a variant this many times slower than plain in its one call is not graph-timed
FIRST_SIZES = (4096, 8192)
TOLERANCE = 2e-2  # largest error over the largest reference value (K up to 8192, inputs 0.1 N(0,1))


def _torch_dtype(dt: str) -> Any:
    import torch

    return {"f16": torch.float16, "bf16": torch.bfloat16}[dt]


def _error(c: tr.Tensor[Any], ref: Any) -> tuple[float, str]:
    """The relative error of ``c`` against ``ref`` and where the worst element lies (its
    128x128 tile, and whether that tile is data-parallel or shared in each tail plan)."""
    import torch

    got = torch.from_dlpack(c).float()
    diff = (got - ref.float()).abs()
    err = diff.max().item() / max(1.0, ref.float().abs().max().item())
    flat = int(diff.argmax().item())
    i, j = divmod(flat, diff.shape[1])
    bad = int((diff > TOLERANCE * max(1.0, ref.float().abs().max().item())).sum().item())
    where = (
        f"worst at ({i}, {j}), tile ({i // 128}, {j // 128}): got {got[i, j].item():.5g}, "
        f"torch {ref[i, j].item():.5g}; {bad} elements over the tolerance; "
        f"NaN in ours: {bool(torch.isnan(got).any().item())}"
    )
    return err, where


def _workspace_state(cfg: tr.Config, size: int) -> str:
    """What the tail variant's workspace holds now (zero after every complete call)."""
    import torch

    p = gemm_tail.plan(size, size, size, 128, 128, 64, tr.Device().sm_count, cfg.stream_k)
    if p.sk_tiles == 0:
        return "no tail: the plain kernel ran"
    made = gemm_tail.workspace(p, 128, 128)
    if made is None:
        return "no workspace"
    partials, arrivals = (torch.from_dlpack(t) for t in made)
    return (
        f"{p}; partials non-zero: {int((partials != 0).sum().item())}, counters non-zero: "
        f"{int((arrivals != 0).sum().item())} (max {int(arrivals.max().item())})"
    )


def _one_call_ms(c: tr.Tensor[Any], a: tr.Tensor[Any], b: tr.Tensor[Any], cfg: tr.Config) -> float:
    """Milliseconds of one eager call, CUDA events recorded on the stream tilert launches on."""
    import torch

    stream = torch.cuda.ExternalStream(tr.current_stream().cuda_handle())
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    torch.cuda.synchronize()
    start.record(stream)
    op = tk.gemm(c, a, b, config=cfg)
    end.record(stream)
    op.sync()
    end.synchronize()
    return float(start.elapsed_time(end))


def probe(
    size: int, dt: str, results: list[dict[str, Any]], errors: list[str], notes: Notes
) -> None:
    import torch

    gen = torch.Generator(device="cuda").manual_seed(size)
    at = (torch.randn(size, size, device="cuda", generator=gen) * 0.1).to(_torch_dtype(dt))
    bt = (torch.randn(size, size, device="cuda", generator=gen) * 0.1).to(_torch_dtype(dt))
    ref = torch.matmul(at, bt)
    a, b = tr.from_dlpack(at), tr.from_dlpack(bt)
    cublas_out = torch.empty_like(ref)
    cases: dict[str, Any] = {}
    graphs: list[Any] = []
    variants = {"plain": PLAIN, **{f"stream_k{c.stream_k}": c for c in TAILS}}
    outs = {name: tr.empty((size, size), dtype=a.dtype) for name in variants}
    try:
        for name, cfg in variants.items():
            c = outs[name]
            what = f"{dt} {size} {name} ({cfg})"
            try:
                start = time.perf_counter()
                tk.gemm(c, a, b, config=cfg).sync()  # compiles on first use of the kernel
                first_s = time.perf_counter() - start
                err, where = _error(c, ref)
                if err > TOLERANCE:
                    state = _workspace_state(cfg, size) if name != "plain" else ""
                    errors.append(f"{what}: error {err:.3g} against torch; {where}; {state}")
                    continue
                ms = _one_call_ms(c, a, b, cfg)
                notes.single_call_ms[f"{dt} {size} {name}"] = round(ms, 4)
                print(f"{what}: first call {first_s:.1f} s, error {err:.2e}, one call {ms:.3f} ms")
                plain_ms = notes.single_call_ms.get(f"{dt} {size} plain")
                if name != "plain" and plain_ms is not None and ms > SLOWEST * plain_ms:
                    why = f"one call {ms:.3f} ms > {SLOWEST}x plain ({plain_ms:.3f} ms)"
                    notes.left_out[f"{dt} {size} {name}"] = why
                    print(f"{what}: left out of the graph timing: {why}", flush=True)
                    continue
                run, sync, g = graph_loop(functools.partial(tk.gemm, c, a, b, config=cfg), 1)
                graphs.append(g)
                cases[name] = (run, sync)
            except Exception as exc:  # a probe: report and go on with the other variants
                traceback.print_exc()
                errors.append(f"{what}: {exc!r}")
        cases["cublas"] = (lambda: torch.matmul(at, bt, out=cublas_out), torch.cuda.synchronize)
        t = timed(cases, 10 if size <= 4096 else 3, rounds=3)
    finally:
        for g in graphs:
            g.close()
    flops = 2.0 * size**3
    tf = lambda s: flops / s / 1e12  # noqa: E731
    for name, cfg in variants.items():
        if name not in t:
            continue
        err, where = _error(outs[name], ref)  # after the replays: a dirty workspace shows here
        if err > TOLERANCE:
            state = _workspace_state(cfg, size) if name != "plain" else ""
            errors.append(
                f"{dt} {size} {name} after the replays: error {err:.3g}; {where}; {state}"
            )
            continue
        row = comparison(
            f"gemm-{name}-vs-cublas-{dt}-{size}", tf(t[name]), tf(t["cublas"]), "TFLOP/s", True
        )
        row["config"] = repr(cfg)
        results.append(row)
        if name != "plain" and "plain" in t:
            row = comparison(
                f"gemm-{name}-vs-plain-{dt}-{size}", tf(t[name]), tf(t["plain"]), "TFLOP/s", True
            )
            row["config"] = repr(cfg)
            results.append(row)


class Notes:
    """What the probe records beside the comparisons."""

    def __init__(self) -> None:
        self.single_call_ms: dict[str, float] = {}
        self.left_out: dict[str, str] = {}
        self.skipped: list[str] = []


def _cases(sizes: list[int], dtypes: list[str]) -> list[tuple[int, str]]:
    """4096 and 8192 first (f16, then bf16), then the other sizes."""
    first = [s for s in FIRST_SIZES if s in sizes]
    rest = [s for s in sizes if s not in FIRST_SIZES]
    return [(s, dt) for dt in dtypes for s in first] + [(s, dt) for s in rest for dt in dtypes]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[4096, 8192, 6144, 2048])
    parser.add_argument("--dtypes", nargs="+", default=["f16", "bf16"], choices=["f16", "bf16"])
    parser.add_argument("--out", default=os.environ.get("OUT", "."))
    parser.add_argument(
        "--budget", type=float, default=150.0, help="seconds after which no further size starts"
    )
    args = parser.parse_args(argv)
    import torch

    from tilert import backends

    assert backends.current().name == "cutile", backends.unavailable_reason("cutile")
    os.environ.setdefault("TILERT_CACHE_DIR", tempfile.mkdtemp(prefix="tilert-gemm-tail-"))
    sms = tr.Device().sm_count
    results: list[dict[str, Any]] = []
    errors: list[str] = []
    plans = {
        f"{size} stream_k={c.stream_k}": repr(
            gemm_tail.plan(size, size, size, 128, 128, 64, sms, c.stream_k)
        )
        for size in args.sizes
        for c in TAILS
    }
    notes = Notes()
    began = time.perf_counter()
    for size, dt in _cases(args.sizes, args.dtypes):
        elapsed = time.perf_counter() - began
        if size not in FIRST_SIZES and elapsed > args.budget:
            notes.skipped.append(f"{dt} {size} (started after {elapsed:.0f} s)")
            continue
        try:
            probe(size, dt, results, errors, notes)
        except Exception as exc:  # keep the other sizes; report the failure
            traceback.print_exc()
            errors.append(f"{dt} {size}: {exc!r}")
        print(f"{dt} {size} done at {time.perf_counter() - began:.0f} s", flush=True)
    doc = {
        "device": torch.cuda.get_device_name(0),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
        "commit": commit(),
        "sm_count": sms,
        "comparisons": results,
        "plans": plans,
        "single_call_ms": notes.single_call_ms,
        "left_out": notes.left_out,
        "skipped": notes.skipped,
        "errors": errors,
    }
    path = Path(args.out) / "gemm-tail-probe.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {path}")
    for e in errors:
        print(f"ERROR {e}", flush=True)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

"""Probe (issue 19): the GEMM with its last wave shared out (``tilert/kernels/gemm_tail.py``,
experimental, called through ``gemm_tail_op``: not in the tuner) against the plain persistent
config and cuBLAS, in one process.

First a hang test (an earlier form of the kernel hung on the third or so call: docs/decisions.md):
for f16 at 4096 and 8192, each stream-K variant (``stream_k`` = 1, 2: the waves shared out)
runs 200 eager calls, each synced, then 200 more as ten replays of a graph of 20 calls (back
to back on the GPU, synced every 20). A watchdog per batch of 20 (``--watchdog`` seconds, 20)
prints the variant and call it stopped at, and ``faulthandler.dump_traceback_later`` then
dumps every thread and exits with status 1 (the JSON written before each batch keeps the
record); the first (compiling) call has ``--compile-watchdog`` seconds (300). After each
variant its result is checked against torch and its workspace read back (zero after every
complete call).

Then the timing: for f16 and bf16 at 4096 and 8192, cuBLAS (``torch.matmul``), the plain
persistent kernel (``GEMM_CONFIGS[0]``: 128x128x64, one block an SM) and the tail variants.
Each result is checked against torch before it is timed and again after the timed graph
replays. Each variant's second call is timed alone with CUDA events on tilert's stream; a
variant slower than twice the plain config there is left out of the graph timing. Timing as
``gpu_bench_kernels.py``: ours as replays of a ``tr.graph()``, cuBLAS called directly, rounds
interleaved across the cases, best of 3. The tail variants differ only in a run-time
argument, so the probe compiles two kernels a dtype (about 150 s in all with the compiles).

Writes ``$OUT/gemm-tail-probe.json`` (the benchmark JSON: device, date, commit, comparisons
``{name, ours, baseline, unit, ratio, config}``, plus ``hang_test``: each variant's calls and
what it saw, ``plans``: each variant's split, ``single_call_ms``: each variant's one timed
call, ``left_out``: the variants not graph-timed and why, and ``errors``: every failure with
what it saw).

    TILERT_BACKEND=cutile python benchmarks/gpu_probe_gemm_tail.py [--sizes 4096 8192]"""

from __future__ import annotations

import argparse
import datetime
import faulthandler
import functools
import json
import os
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_record import commit
from gpu_bench_gemm import comparison, graph_loop, timed

import tilert as tr
import tilert.kernels as tk
from tilert.kernels import gemm_tail
from tilert.ops import Op

PLAIN = tk.GEMM_CONFIGS[0]
TAILS = [
    tr.Config(bm=128, bn=128, bk=64, group=8, variant="stream_k", stream_k=s, occupancy=1)
    for s in (1, 2)
]
SLOWEST = 2.0  # a variant this many times slower than plain in its one call is not graph-timed
TOLERANCE = 2e-2  # largest error over the largest reference value (K up to 8192, inputs 0.1 N(0,1))
HANG_CALLS, HANG_BATCH = 200, 20


def _torch_dtype(dt: str) -> Any:
    import torch

    return {"f16": torch.float16, "bf16": torch.bfloat16}[dt]


def _maker(cfg: tr.Config, c: tr.Tensor[Any], a: tr.Tensor[Any], b: tr.Tensor[Any]) -> Op:
    """The op of ``cfg``: the plain config through ``tk.gemm``, a tail one through
    ``gemm_tail_op`` (refused, not replaced, where it makes none: the probe is about it)."""
    if cfg.as_dict().get("variant") != "stream_k":
        return tk.gemm(c, a, b, config=cfg)
    op = gemm_tail.gemm_tail_op(cfg, c, a, b)
    if op is None:
        raise RuntimeError(f"{cfg}: no stream-K op (no tail, a busy workspace or a capture)")
    return op


def _error(c: tr.Tensor[Any], ref: Any) -> tuple[float, str]:
    """The relative error of ``c`` against ``ref`` and where the worst element lies (its
    128x128 tile)."""
    import torch

    got = torch.from_dlpack(c).float()
    diff = (got - ref.float()).abs()
    scale = max(1.0, ref.float().abs().max().item())
    err = diff.max().item() / scale
    i, j = divmod(int(diff.argmax().item()), diff.shape[1])
    bad = int((diff > TOLERANCE * scale).sum().item())
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
        return "no tail"
    made = gemm_tail.workspace(p, 128, 128)
    if made is None:
        return "no workspace"
    partials, arrivals = (torch.from_dlpack(t) for t in made)
    return (
        f"{p}; partials non-zero: {int((partials != 0).sum().item())}, counters non-zero: "
        f"{int((arrivals != 0).sum().item())} (max {int(arrivals.max().item())})"
    )


class Watchdog:
    """Per batch: after ``seconds`` a Python timer prints where the probe stands (``now``);
    5 s later faulthandler (a C thread: it fires even if a CUDA call holds the GIL) dumps
    every thread and exits with status 1."""

    def __init__(self) -> None:
        self.now = "starting"
        self._timer: threading.Timer | None = None

    def arm(self, seconds: float, now: str) -> None:
        self.now = now
        print(f"hang test: {now}", flush=True)
        self._timer = threading.Timer(seconds, self._report, (seconds,))
        self._timer.daemon = True
        self._timer.start()
        faulthandler.dump_traceback_later(seconds + 5.0, exit=True)

    def disarm(self) -> None:
        faulthandler.cancel_dump_traceback_later()
        if self._timer is not None:
            self._timer.cancel()

    def _report(self, seconds: float) -> None:
        print(f"HANG: no progress for {seconds:.0f} s at {self.now}", file=sys.stderr, flush=True)


def _eager(make: Callable[[], Op], dog: Watchdog, what: str, first: int) -> None:
    for call in range(first, first + HANG_BATCH):
        dog.now = f"{what}: eager call {call} (each synced)"
        make().sync()


def _graph_batches(make: Callable[[], Op], dog: Watchdog, what: str, seconds: float) -> None:
    """Ten replays of a graph of ``HANG_BATCH`` calls (one workspace, in order), each waited."""
    with tr.graph() as g:
        for _ in range(HANG_BATCH):
            g.record(make())
    try:
        for r in range(HANG_CALLS // HANG_BATCH):
            calls = f"calls {r * HANG_BATCH}-{(r + 1) * HANG_BATCH - 1}"
            dog.arm(seconds, f"{what}: graph replay {r} ({calls}, back to back)")
            g.launch().wait()
            dog.disarm()
    finally:
        g.close()


def hang_test(args: argparse.Namespace, doc: dict[str, Any], path: Path) -> None:
    """Every tail variant many times in a row at f16 (see the module docstring); the record
    is written before each batch, so a hang leaves it on disk."""
    import torch

    dog = Watchdog()
    record: dict[str, Any] = doc["hang_test"]
    for size in args.sizes:
        gen = torch.Generator(device="cuda").manual_seed(size)
        at = (torch.randn(size, size, device="cuda", generator=gen) * 0.1).half()
        bt = (torch.randn(size, size, device="cuda", generator=gen) * 0.1).half()
        ref = torch.matmul(at, bt)
        a, b = tr.from_dlpack(at), tr.from_dlpack(bt)
        for cfg in TAILS:
            what = f"f16 {size} stream_k{cfg.stream_k}"
            c = tr.empty((size, size), dtype=tr.f16)
            make = functools.partial(_maker, cfg, c, a, b)
            entry: dict[str, Any] = {"eager_calls": 0, "graph_calls": 0}
            record[what] = entry
            _write(doc, path)
            start = time.perf_counter()
            dog.arm(args.compile_watchdog, f"{what}: first call (compiles)")
            make().sync()
            dog.disarm()
            entry["first_call_s"] = round(time.perf_counter() - start, 2)
            start = time.perf_counter()
            for first in range(0, HANG_CALLS, HANG_BATCH):
                _write(doc, path)
                dog.arm(args.watchdog, f"{what}: eager calls {first}-{first + HANG_BATCH - 1}")
                _eager(make, dog, what, first)
                dog.disarm()
                entry["eager_calls"] = first + HANG_BATCH
            entry["eager_s"] = round(time.perf_counter() - start, 3)
            _write(doc, path)
            start = time.perf_counter()
            _graph_batches(make, dog, what, args.watchdog)
            entry["graph_calls"] = HANG_CALLS
            entry["graph_s"] = round(time.perf_counter() - start, 3)
            err, where = _error(c, ref)
            entry["error"] = f"{err:.3g}"
            entry["workspace"] = _workspace_state(cfg, size)
            if err > TOLERANCE:
                doc["errors"].append(f"hang test {what}: error {err:.3g}; {where}")
            print(f"hang test: {what} finished: {entry}", flush=True)
            _write(doc, path)


def _one_call_ms(make: Callable[[], Op]) -> float:
    """Milliseconds of one eager call, CUDA events recorded on the stream tilert launches on."""
    import torch

    stream = torch.cuda.ExternalStream(tr.current_stream().cuda_handle())
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    torch.cuda.synchronize()
    start.record(stream)
    op = make()
    end.record(stream)
    op.sync()
    end.synchronize()
    return float(start.elapsed_time(end))


def probe(size: int, dt: str, doc: dict[str, Any]) -> None:
    import torch

    errors: list[str] = doc["errors"]
    single: dict[str, float] = doc["single_call_ms"]
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
            make = functools.partial(_maker, cfg, c, a, b)
            what = f"{dt} {size} {name} ({cfg})"
            try:
                start = time.perf_counter()
                make().sync()  # compiles on first use of the kernel
                first_s = time.perf_counter() - start
                err, where = _error(c, ref)
                if err > TOLERANCE:
                    state = _workspace_state(cfg, size) if name != "plain" else ""
                    errors.append(f"{what}: error {err:.3g} against torch; {where}; {state}")
                    continue
                ms = _one_call_ms(make)
                single[f"{dt} {size} {name}"] = round(ms, 4)
                print(f"{what}: first call {first_s:.1f} s, error {err:.2e}, one call {ms:.3f} ms")
                plain_ms = single.get(f"{dt} {size} plain")
                if name != "plain" and plain_ms is not None and ms > SLOWEST * plain_ms:
                    why = f"one call {ms:.3f} ms > {SLOWEST}x plain ({plain_ms:.3f} ms)"
                    doc["left_out"][f"{dt} {size} {name}"] = why
                    print(f"{what}: left out of the graph timing: {why}", flush=True)
                    continue
                run, sync, g = graph_loop(make, 1)
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
        doc["comparisons"].append(row)
        if name != "plain" and "plain" in t:
            row = comparison(
                f"gemm-{name}-vs-plain-{dt}-{size}", tf(t[name]), tf(t["plain"]), "TFLOP/s", True
            )
            row["config"] = repr(cfg)
            doc["comparisons"].append(row)


def _write(doc: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=2) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[4096, 8192])
    parser.add_argument("--dtypes", nargs="+", default=["f16", "bf16"], choices=["f16", "bf16"])
    parser.add_argument("--out", default=os.environ.get("OUT", "."))
    parser.add_argument("--watchdog", type=float, default=20.0, help="seconds a batch may take")
    parser.add_argument("--compile-watchdog", type=float, default=300.0)
    parser.add_argument("--skip-hang-test", action="store_true")
    args = parser.parse_args(argv)
    import torch

    from tilert import backends

    assert backends.current().name == "cutile", backends.unavailable_reason("cutile")
    os.environ.setdefault("TILERT_CACHE_DIR", tempfile.mkdtemp(prefix="tilert-gemm-tail-"))
    sms = tr.Device().sm_count
    path = Path(args.out) / "gemm-tail-probe.json"
    doc: dict[str, Any] = {
        "device": torch.cuda.get_device_name(0),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
        "commit": commit(),
        "sm_count": sms,
        "comparisons": [],
        "hang_test": {},
        "plans": {
            f"{size} stream_k={c.stream_k}": repr(
                gemm_tail.plan(size, size, size, 128, 128, 64, sms, c.stream_k)
            )
            for size in args.sizes
            for c in TAILS
        },
        "single_call_ms": {},
        "left_out": {},
        "errors": [],
    }
    began = time.perf_counter()
    if not args.skip_hang_test:
        hang_test(args, doc, path)  # exits with status 1 on a hang
        print(f"hang test done at {time.perf_counter() - began:.0f} s", flush=True)
    for dt in args.dtypes:
        for size in args.sizes:
            try:
                probe(size, dt, doc)
            except Exception as exc:  # keep the other sizes; report the failure
                traceback.print_exc()
                doc["errors"].append(f"{dt} {size}: {exc!r}")
            print(f"{dt} {size} done at {time.perf_counter() - began:.0f} s", flush=True)
            _write(doc, path)
    _write(doc, path)
    print(f"wrote {path}")
    for e in doc["errors"]:
        print(f"ERROR {e}", flush=True)
    return 1 if doc["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())

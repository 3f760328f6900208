"""Probe: which variant and config of the row kernels (softmax, rmsnorm, layernorm over the
last axis of 4096x8192 f16, as ``gpu_bench_kernels.py`` measures them) and of flash attention
(f16, 32 heads, seq 4096, head_dim 128, causal or not) runs fastest on this GPU, to choose the
library's config lists (``tilert.kernels.norms.CONFIGS``, ``flash.ATTENTION_CONFIGS``) from.

Every candidate is a ``tr.Config`` the library's own function takes (``tk.softmax(out, x,
config=cfg)``): a ``variant`` of ``norms.VARIANTS`` / ``flash.ATTENTION_VARIANTS`` with its
tiling and cuTile's ``occupancy``, ``num_worker_warps``, ``num_ctas`` and load latency hints.
Each runs once (compiling it) and is checked against torch, then timed as a graph of back to
back launches replayed (``tr.graph()``); torch's function (``torch.softmax``,
``F.rms_norm``, ``F.layer_norm``, ``F.scaled_dot_product_attention``) and a device copy of
the bytes a norm moves run the same way from a torch CUDA graph. A candidate that fails to
compile or launch is listed with its error and the rest go on; past ``--budget`` seconds the
rest are listed as skipped (the JSON is rewritten after every row). Prints one table per kernel,
fastest first (GB/s of the input read and the output written for the norms, their ratio to
the copy and to torch; TFLOP/s and the ratio to SDPA for attention; ``err``: the largest error
against torch over the largest reference value), and writes ``$OUT/rows_probe.json``.

    TILERT_BACKEND=cutile python benchmarks/gpu_probe_rows.py [--only softmax,attention]
    python benchmarks/gpu_probe_rows.py --tiny   # small shapes on the CPU interpreter: a dry run"""

from __future__ import annotations

import argparse
import datetime
import functools
import json
import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from bench_record import commit

import tilert as tr
import tilert.kernels as tk

C = tr.Config
NORMS = ("softmax", "rmsnorm", "layernorm")
TOL = {"softmax": 1e-2, "rmsnorm": 1e-2, "layernorm": 1e-2, "attention": 2e-2}


# -- the candidates -----------------------------------------------------------------------------
def norm_configs(op: str) -> list[tr.Config]:
    """The row kernels' candidates for ``op``: the library's current configs first (at 8192
    columns CONFIGS[0] and [1] are one kernel: a block per row), then occupancy and worker
    warps of the whole-row tile, several rows per tile, chunked passes (the second read from
    the L2) and persistent loops (``waves`` blocks per SM) with and without load hints."""
    out = [C(block=4096, chunk=8192), C(block=16384, chunk=16384)]  # norms.CONFIGS[0], [2]
    rows = "rows_exp2" if op == "softmax" else "rows"
    if op == "softmax":  # the division and exp of the plain body against base 2
        out += [C(variant="rows", occupancy=2), C(variant="rows", occupancy=4)]
    out += [
        C(variant=rows),
        C(variant=rows, occupancy=2),
        C(variant=rows, occupancy=3),
        C(variant=rows, occupancy=4),
        C(variant=rows, num_worker_warps=8),
        C(variant=rows, num_worker_warps=8, occupancy=2),
        C(variant=rows, bm=2, occupancy=2),
        C(variant="chunks_exp2", chunk=2048, occupancy=4),
        C(variant="chunks_exp2", chunk=1024, occupancy=8),
        C(variant="chunks_exp2", chunk=4096, occupancy=2),
        C(variant="loop"),
        C(variant="loop", occupancy=2, waves=2),
        C(variant="loop", num_worker_warps=8),
        C(variant="loop_lat", latency=2),
        C(variant="loop_lat", latency=4, occupancy=2, waves=2),
    ]
    if op != "softmax":
        out.append(C(variant="loop", occupancy=4, waves=4))
    return out


def attention_configs() -> list[tr.Config]:
    """Flash attention's candidates: the library's three configs, then the folded-scale body
    at 64/128 tiles, occupancy 1/2, 8 worker warps (two consumer warp groups: 168 registers,
    no spill at 128x128, where 4 warps spill), a cluster of 2, load hints, persistent."""
    return [
        *tk.ATTENTION_CONFIGS,
        C(variant="fold", bm=128, bn=128, occupancy=1, num_worker_warps=8),
        C(bm=128, bn=128, occupancy=1, num_worker_warps=8),
        C(variant="fold", bm=128, bn=64, occupancy=1),
        C(variant="fold", bm=64, bn=64, occupancy=2),
        C(variant="fold", bm=128, bn=64, occupancy=1, num_worker_warps=8),
        C(variant="fold", bm=64, bn=128, occupancy=2),
        C(variant="fold", bm=128, bn=64, occupancy=2),
        C(variant="persistent", bm=128, bn=128, occupancy=1, num_worker_warps=8),
        C(variant="fold_lat", bm=128, bn=128, occupancy=1, num_worker_warps=8, latency=2),
        C(variant="fold", bm=128, bn=128, occupancy=1, num_worker_warps=8, num_ctas=2),
        C(variant="fold_lat", bm=128, bn=64, occupancy=1, latency=4),
        C(variant="persistent", bm=128, bn=64, occupancy=1),
        C(variant="persistent", bm=64, bn=64, occupancy=2, waves=2),
    ]


def label(cfg: tr.Config) -> str:
    """``rows_exp2 occupancy=4`` for ``Config(variant='rows_exp2', occupancy=4)``."""
    values = cfg.as_dict()
    name = values.pop("variant", "(plain)")
    return " ".join([str(name), *(f"{k}={v}" for k, v in values.items())])


# -- timing -------------------------------------------------------------------------------------
def timed_graph(make: Callable[[], tr.Op], launches: int, replays: int) -> float:
    """Seconds per launch of ``make()``: ``launches`` of them recorded in one graph, replayed
    ``replays`` times back to back after a warm replay."""
    with tr.graph() as g:
        for _ in range(launches):
            g.record(make())
    try:
        g.launch().wait()
        start = time.perf_counter()
        pendings = [g.launch() for _ in range(replays)]
        for p in pendings:
            p.wait()
        return (time.perf_counter() - start) / replays / launches
    finally:
        g.close()


class Table:
    """The probe's rows, printed as they come and written to ``path`` after each."""

    def __init__(self, path: str | None, head: dict[str, Any], budget: float, kernels: int) -> None:
        self.path, self.head = path, head
        self.start = time.monotonic()
        self.end = self.start + budget
        self.kernels = kernels  # still to probe: each gets its share of the time left
        self.deadline = self.end
        self.rows: list[dict[str, Any]] = []

    def begin(self) -> None:
        """A kernel starts: its deadline is its share of the budget left."""
        now = time.monotonic()
        self.deadline = now + max(0.0, self.end - now) / max(1, self.kernels)
        self.kernels -= 1

    def over(self) -> bool:
        return time.monotonic() > self.deadline

    def add(self, row: dict[str, Any]) -> None:
        self.rows.append(row)
        shown = {k: v for k, v in row.items() if k not in ("kernel", "variant")}
        print(f"  {row['kernel']:16s} {row['variant']:58s} {shown}", flush=True)
        self.write()

    def write(self) -> None:
        if self.path:
            doc = {**self.head, "elapsed_s": round(time.monotonic() - self.start, 1)}
            with open(self.path, "w") as f:
                json.dump({**doc, "results": self.rows}, f, indent=1)

    def report(self) -> None:
        """One table per kernel, fastest first; failures and skips after."""
        for kernel in dict.fromkeys(r["kernel"] for r in self.rows):
            rows = [r for r in self.rows if r["kernel"] == kernel]
            done = sorted((r for r in rows if "us" in r), key=lambda r: r["us"])
            print(f"\n{kernel}: {len(done)} timed, fastest first")
            for r in done:
                rates = "  ".join(
                    f"{k} {r[k]}" for k in ("GBps", "TFLOPs", "vs_copy", "vs_torch") if k in r
                )
                flag = "" if r.get("ok", True) else "  WRONG"
                print(f"  {r['us']:9.2f} us  {rates}  err {r.get('err')}  {r['variant']}{flag}")
            for r in rows:
                if "us" not in r:
                    print(f"  {r.get('error', 'skipped')[:140]}  {r['variant']}")


# -- the two sides: torch on the GPU, numpy under the interpreter -----------------------------
class GPU:
    """References and baselines from torch on the GPU (tilert's tensors seen by DLPack)."""

    def __init__(self) -> None:
        import torch  # type: ignore[import-not-found,unused-ignore]
        import torch.nn.functional as F  # type: ignore[import-not-found,unused-ignore]

        self.torch: Any = torch
        self.F: Any = F

    def view(self, t: tr.Tensor[Any]) -> Any:
        return self.torch.from_dlpack(t)

    def error(self, got: tr.Tensor[Any], ref: Any) -> float:
        g, r = self.view(got).float(), ref.float()
        return float((g - r).abs().max() / max(1.0, float(r.abs().max())))

    def reference(self, op: str, args: list[tr.Tensor[Any]], extra: Any) -> Any:
        t = [self.view(a) for a in args]
        if op == "softmax":
            return self.torch.softmax(t[0].float(), dim=-1)
        if op == "rmsnorm":
            x = t[0].float()
            return x * self.torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * t[1].float()
        if op == "layernorm":
            return self.F.layer_norm(t[0].float(), t[0].shape[-1:], t[1].float(), t[2].float())
        return self.F.scaled_dot_product_attention(t[0], t[1], t[2], is_causal=extra)

    def baselines(
        self, op: str, args: list[tr.Tensor[Any]], extra: Any, moved: int
    ) -> dict[str, Callable[[], Any]]:
        torch, F = self.torch, self.F
        t = [self.view(a) for a in args]
        if op == "attention":
            return {"torch": lambda: F.scaled_dot_product_attention(*t, is_causal=extra)}
        src = torch.empty(moved // 4, dtype=torch.float16, device="cuda")
        dst = torch.empty_like(src)
        cols = t[0].shape[-1]
        fn: Callable[[], Any]
        if op == "softmax":
            fn = lambda: torch.softmax(t[0], dim=-1)  # noqa: E731
        elif op == "rmsnorm" and hasattr(F, "rms_norm"):
            fn = lambda: F.rms_norm(t[0], (cols,), t[1], 1e-6)  # noqa: E731
        elif op == "rmsnorm":
            fn = lambda: t[0] * torch.rsqrt(t[0].float().pow(2).mean(-1, keepdim=True) + 1e-6)  # noqa: E731
        else:
            fn = lambda: F.layer_norm(t[0], (cols,), t[1], t[2], 1e-5)  # noqa: E731
        return {"torch": fn, "copy": lambda: dst.copy_(src)}

    def time(self, fn: Callable[[], Any], launches: int, replays: int) -> float:
        """Seconds per call of ``fn``, ``launches`` calls in one torch CUDA graph."""
        torch = self.torch
        s = torch.cuda.Stream()
        g = torch.cuda.CUDAGraph()
        with torch.cuda.stream(s):
            for _ in range(2):  # warm (cuDNN/cuBLAS picks) outside the capture
                fn()
            torch.cuda.synchronize()
            with torch.cuda.graph(g, stream=s):
                for _ in range(launches):
                    fn()
        g.replay()
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(replays):
            g.replay()
        torch.cuda.synchronize()
        return (time.perf_counter() - start) / replays / launches


class Interpreter:
    """The dry run's side: numpy references; no torch to time (its rows say so)."""

    def error(self, got: tr.Tensor[Any], ref: Any) -> float:
        g = got.to_numpy().astype(np.float64)
        return float(np.abs(g - ref).max() / max(1.0, float(np.abs(ref).max())))

    def reference(self, op: str, args: list[tr.Tensor[Any]], extra: Any) -> Any:
        a = [t.to_numpy().astype(np.float64) for t in args]
        if op == "softmax":
            e = np.exp(a[0] - a[0].max(-1, keepdims=True))
            return e / e.sum(-1, keepdims=True)
        if op == "rmsnorm":
            return a[0] / np.sqrt((a[0] ** 2).mean(-1, keepdims=True) + 1e-6) * a[1]
        if op == "layernorm":
            c = a[0] - a[0].mean(-1, keepdims=True)
            return c / np.sqrt((c * c).mean(-1, keepdims=True) + 1e-5) * a[1] + a[2]
        q, k, v = a
        s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
        if extra:
            s = np.where(np.tril(np.ones(s.shape[-2:], dtype=bool)), s, -np.inf)
        p = np.exp(s - s.max(-1, keepdims=True))
        return p / p.sum(-1, keepdims=True) @ v

    def baselines(
        self, op: str, args: list[tr.Tensor[Any]], extra: Any, moved: int
    ) -> dict[str, Callable[[], Any]]:
        return {}

    def time(self, fn: Callable[[], Any], launches: int, replays: int) -> float:
        raise RuntimeError("no torch under the interpreter")


Side = GPU | Interpreter


# -- the kernels ---------------------------------------------------------------------------------
def normal(shape: tuple[int, ...], seed: int, scale: float = 1.0) -> tr.Tensor[Any]:
    a = np.random.default_rng(seed).standard_normal(shape) * scale
    return tr.from_numpy(a.astype(np.float16))


def norm_call(op: str, out: tr.Tensor[Any], args: list[tr.Tensor[Any]], cfg: tr.Config) -> tr.Op:
    if op == "softmax":
        return tk.softmax(out, args[0], config=cfg)
    if op == "rmsnorm":
        return tk.rmsnorm(out, args[0], args[1], 1e-6, config=cfg)
    return tk.layernorm(out, args[0], args[1], args[2], 1e-5, config=cfg)


def probe_kernel(
    table: Table,
    side: Side,
    kernel: str,
    op: str,
    configs: list[tr.Config],
    call: Callable[[tr.Config], tr.Op],
    out: tr.Tensor[Any],
    args: list[tr.Tensor[Any]],
    extra: Any,
    work: tuple[str, float],
    launches: int,
    replays: int,
) -> None:
    """Baselines, then each config: run once and checked, then timed. ``work``: the unit
    and the amount per launch (GB moved, TFLOP computed)."""
    unit, amount = work
    table.begin()
    ref = side.reference(op, args, extra)
    base: dict[str, float] = {}
    for name, fn in side.baselines(op, args, extra, int(amount * 1e9)).items():
        try:
            seconds = side.time(fn, launches, replays)
        except Exception as exc:
            table.add({"kernel": kernel, "variant": name, "error": f"{type(exc).__name__}: {exc}"})
            continue
        base[name] = amount / seconds
        table.add(
            {
                "kernel": kernel,
                "variant": name,
                "us": round(seconds * 1e6, 2),
                unit: round(base[name], 1),
            }
        )
    for cfg in configs:
        row: dict[str, Any] = {"kernel": kernel, "variant": label(cfg), "config": cfg.to_json()}
        if table.over():
            table.add({**row, "error": "skipped: past the time budget"})
            continue
        try:
            call(cfg).sync()  # compiles
            err = side.error(out, ref)
            seconds = timed_graph(functools.partial(call, cfg), launches, replays)
        except Exception as exc:  # a config the compiler or the launch refuses: listed
            why = f"{type(exc).__name__}: {exc}".replace("\n", " ")
            table.add({**row, "error": why[:400]})
            continue
        rate = amount / seconds
        row.update(us=round(seconds * 1e6, 2), err=float(f"{err:.2e}"), ok=err <= TOL[op])
        row[unit] = round(rate, 1)
        for name, value in base.items():
            row[f"vs_{name}"] = round(rate / value, 3)
        table.add(row)


def probe_norms(
    table: Table, side: Side, ops: list[str], rows: int, cols: int, launches: int, replays: int
) -> None:
    x = normal((rows, cols), 1)
    w, b = normal((cols,), 2), normal((cols,), 3)
    out = tr.empty((rows, cols), dtype=tr.f16)
    moved_gb = 2 * rows * cols * 2 / 1e9  # the input read, the output written (f16)
    for op in ops:
        args = {"softmax": [x], "rmsnorm": [x, w], "layernorm": [x, w, b]}[op]
        print(f"\n{op} {rows}x{cols} f16", flush=True)

        def call(cfg: tr.Config, op: str = op, args: list[tr.Tensor[Any]] = args) -> tr.Op:
            return norm_call(op, out, args, cfg)

        work = ("GBps", moved_gb)
        probe_kernel(
            table, side, op, op, norm_configs(op), call, out, args, None, work, launches, replays
        )


def probe_attention(
    table: Table, side: Side, heads: int, seq: int, d: int, launches: int, replays: int
) -> None:
    q, k, v = (normal((1, heads, seq, d), s) for s in (6, 7, 8))
    out = tr.empty((1, heads, seq, d), dtype=tr.f16)
    for causal in (False, True):
        kernel = "attention-causal" if causal else "attention"
        print(f"\n{kernel} 1x{heads}x{seq}x{d} f16", flush=True)
        tflop = 4.0 * heads * seq * seq * d / (2 if causal else 1) / 1e12

        def call(cfg: tr.Config, causal: bool = causal) -> tr.Op:
            return tk.attention(out, q, k, v, causal=causal, config=cfg)

        work = ("TFLOPs", tflop)
        configs = attention_configs()
        probe_kernel(
            table,
            side,
            kernel,
            "attention",
            configs,
            call,
            out,
            [q, k, v],
            causal,
            work,
            launches,
            replays,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="softmax,rmsnorm,layernorm,attention")
    parser.add_argument("--budget", type=float, default=280.0, help="seconds before skipping")
    parser.add_argument("--tiny", action="store_true", help="small shapes on the interpreter")
    args = parser.parse_args()
    only = [s.strip() for s in args.only.split(",")]
    side: Side
    if not args.tiny and tr.backend().device_kind == "cpu":
        raise SystemExit("no GPU backend: run with TILERT_BACKEND=cutile on a GPU, or --tiny")
    if args.tiny:
        side = Interpreter()
        rows, cols, heads, seq, d = 40, 300, 2, 96, 32
        norm_launch, att_launch, replays = (2, 2, 2)
    else:
        side = GPU()
        rows, cols, heads, seq, d = 4096, 8192, 32, 4096, 128
        norm_launch, att_launch, replays = (20, 4, 10)
    out_dir = os.environ.get("OUT")
    head = {
        "device": tr.Device().name,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
        "commit": commit(),
        "backend": tr.backend().name,
        "shapes": {"norms": [rows, cols], "attention": [1, heads, seq, d]},
    }
    path = os.path.join(out_dir, "rows_probe.json") if out_dir else None
    ops = [op for op in NORMS if op in only]
    table = Table(path, head, args.budget, len(ops) + (2 if "attention" in only else 0))
    if ops:
        probe_norms(table, side, ops, rows, cols, norm_launch, replays)
    if "attention" in only:
        probe_attention(table, side, heads, seq, d, att_launch, replays)
    table.report()
    table.write()


if __name__ == "__main__":
    main()

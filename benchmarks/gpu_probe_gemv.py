"""Probe: which GEMV tiling reads the weights fastest inside a decode step. The Qwen3-4B decode
GEMVs (q/k/v 6144x2560, o 2560x4096, gate/up 19456x2560, down 2560x9728; bf16) each timed as
the step runs them: one graph of 36 launches over 36 distinct weights (every weight read from
HBM, as in a step, where the tuner's trials replay one weight that partly stays in the 50 MB
L2), per tiling, load-latency hint and occupancy; then the library's fused GEMVs with each of
their configs the same way, and torch's GEMV (cuBLAS) as a reference. Prints GB/s of weights
read; writes the table to ``$OUT/gemv_probe.json`` when OUT is set.

    TILERT_BACKEND=cutile python benchmarks/gpu_probe_gemv.py [--quick]"""

# mypy: disable-error-code="attr-defined"

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable
from typing import Any

import tilert as tr
import tilert.kernels as tk
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, bf16
from tilert.kernels.gemv_fused import FUSED_GEMV_CONFIGS, GEMV_SILU_CONFIGS
from tilert.models.qwen3.kernels import fill_uniform

LAYERS = 36
SHAPES = {"qkv": (6144, 2560), "o": (2560, 4096), "gate_up": (19456, 2560), "down": (2560, 9728)}


@tr.kernel
def gemv_acc2d(
    out: Mutable[Tensor[bf16]], w: Shared[Tensor[bf16]], x: Shared[Tensor[bf16]], bk: Const[int]
) -> None:
    i = out.index[0]
    bn = out.tile_shape[0]
    acc = tl.zeros((bn, bk), tl.f32)
    for k in range(tl.cdiv(w.shape[1], bk)):
        a = tl.astype(w.load_tile((bn, bk), (i, k)), tl.f32)
        v = tl.astype(tl.reshape(x.load_tile((bk,), (k,)), (1, bk)), tl.f32)
        acc = acc + a * v
    out.store(tl.sum(acc, axis=1))


@tr.kernel
def gemv_acc2d_lat(
    out: Mutable[Tensor[bf16]],
    w: Shared[Tensor[bf16]],
    x: Shared[Tensor[bf16]],
    bk: Const[int],
    lat: Const[int],
) -> None:
    i = out.index[0]
    bn = out.tile_shape[0]
    acc = tl.zeros((bn, bk), tl.f32)
    for k in range(tl.cdiv(w.shape[1], bk)):
        a = tl.astype(w.load_tile((bn, bk), (i, k), latency=lat), tl.f32)
        v = tl.astype(tl.reshape(x.load_tile((bk,), (k,)), (1, bk)), tl.f32)
        acc = acc + a * v
    out.store(tl.sum(acc, axis=1))


@tr.kernel
def gemv_rowsum(
    out: Mutable[Tensor[bf16]], w: Shared[Tensor[bf16]], x: Shared[Tensor[bf16]], bk: Const[int]
) -> None:
    i = out.index[0]
    bn = out.tile_shape[0]
    acc = tl.zeros((bn,), tl.f32)
    for k in range(tl.cdiv(w.shape[1], bk)):
        a = tl.astype(w.load_tile((bn, bk), (i, k)), tl.f32)
        v = tl.astype(tl.reshape(x.load_tile((bk,), (k,)), (1, bk)), tl.f32)
        acc = acc + tl.sum(a * v, axis=1)
    out.store(acc)


Make = Callable[[int], Any]  # layer -> the op of that layer's weight


def timed_graph(make: Make, replays: int) -> float:
    """Seconds per launch of ``make(layer)`` for the layers, replayed from one graph."""
    with tr.graph() as g:
        for i in range(LAYERS):
            g.record(make(i))
    try:
        for _ in range(3):
            g.launch().wait()
        start = time.perf_counter()
        pendings = [g.launch() for _ in range(replays)]
        for p in pendings:
            p.wait()
        return (time.perf_counter() - start) / replays / LAYERS
    finally:
        g.close()


class Table:
    """The probe's rows: printed as they come, kept for the JSON."""

    def __init__(self, replays: int) -> None:
        self.replays = replays
        self.rows: list[dict[str, Any]] = []

    def time(self, shape: str, variant: str, nbytes: int, make: Make) -> None:
        try:
            seconds = timed_graph(make, self.replays)
        except Exception as exc:  # a config the compiler refuses: listed, the rest go on
            self.failed(shape, variant, f"{type(exc).__name__}: {exc}".replace("\n", " "))
            return
        self.add(shape, variant, nbytes, seconds)

    def add(self, shape: str, variant: str, nbytes: int, seconds: float) -> None:
        gbps = nbytes / seconds / 1e9
        print(f"  {shape:8s} {variant:52s} {seconds * 1e6:8.2f} us {gbps:6.0f} GB/s", flush=True)
        self.rows.append(
            {"shape": shape, "variant": variant, "us": round(seconds * 1e6, 2), "GBps": round(gbps)}
        )

    def failed(self, shape: str, variant: str, why: str) -> None:
        print(f"  {shape:8s} {variant:52s} failed: {why[:150]}", flush=True)
        self.rows.append({"shape": shape, "variant": variant, "error": why[:300]})


def matrices(n: int, k: int, seed: int) -> list[Tensor[Any]]:
    out = []
    for i in range(LAYERS):
        t = tr.empty((n, k), dtype=bf16)
        fill_uniform(t, seed + i, -0.03, 0.03).sync()
        out.append(t)
    return out


Variant = tuple[str, int, int, int | None, int | None, Any]  # name, bn, bk, occupancy, latency


def plain_variants(quick: bool) -> list[Variant]:
    tiles = [(2, 2048), (4, 1024), (4, 2048), (8, 512), (8, 1024), (16, 256), (16, 512)]
    tiles += [(32, 256), (64, 128)]
    if quick:
        tiles = [(4, 1024), (8, 1024), (16, 512)]
    out: list[Variant] = []
    for bn, bk in tiles:
        for occ in (None, 4) if bn >= 16 else (None, 4, 8):
            out.append((f"acc2d bn={bn} bk={bk} occ={occ}", bn, bk, occ, None, gemv_acc2d))
        for lat in (4, 10):
            out.append((f"acc2d bn={bn} bk={bk} lat={lat}", bn, bk, None, lat, gemv_acc2d_lat))
        out.append((f"rowsum bn={bn} bk={bk}", bn, bk, None, None, gemv_rowsum))
    return out


def torch_reference(table: Table, name: str, ws: list[Tensor[Any]], x: Tensor[Any]) -> None:
    """torch.mv (cuBLAS's GEMV) over the same weights, from a torch CUDA graph."""
    n, k = ws[0].shape
    try:
        import torch

        tw = [torch.from_dlpack(w) for w in ws]
        tx = torch.from_dlpack(x)
        tout = torch.empty(n, dtype=torch.bfloat16, device="cuda")
        g = torch.cuda.CUDAGraph()
        s = torch.cuda.Stream()
        with torch.cuda.stream(s):
            for w in tw:  # cuBLAS warmed outside the capture
                torch.mv(w, tx, out=tout)
            torch.cuda.synchronize()
            with torch.cuda.graph(g, stream=s):
                for w in tw:
                    torch.mv(w, tx, out=tout)
        for _ in range(3):
            g.replay()
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(table.replays):
            g.replay()
        torch.cuda.synchronize()
        seconds = (time.perf_counter() - t0) / table.replays / LAYERS
        table.add(name, "torch.mv (cuBLAS), CUDA graph", n * k * 2, seconds)
    except Exception as exc:
        table.failed(name, "torch.mv (cuBLAS), CUDA graph", f"{type(exc).__name__}: {exc}")


def plain(out: Tensor[Any], ws: list[Tensor[Any]], x: Tensor[Any], v: Variant) -> Make:
    _, bn, bk, occ, lat, kern = v
    kern = kern.with_options(occupancy=occ) if occ else kern
    extra = () if lat is None else (lat,)
    bk = min(bk, x.shape[0])
    return lambda i: kern(out.partition((bn,)), ws[i], x, bk, *extra)


def fused(name: str, ws: list[Tensor[Any]], x: Tensor[Any], cfg: Any) -> Make:
    """The library's fused GEMV of ``name``'s projection with ``cfg``."""
    n, k = ws[0].shape
    norm = tr.ones((k,), dtype=bf16)
    if name == "qkv":
        out = tr.empty((n,), dtype=bf16)
        return lambda i: tk.gemv_rmsnorm(out, ws[i], x, norm, 1e-6, config=cfg)
    if name == "gate_up":
        half = tr.empty((n // 2,), dtype=bf16)
        w3 = [w.reshape(2, n // 2, k) for w in ws]
        return lambda i: tk.gemv_rmsnorm_silu(half, w3[i], x, norm, 1e-6, config=cfg)
    out, res = tr.empty((n,), dtype=bf16), tr.zeros((n,), dtype=bf16)
    return lambda i: tk.gemv_residual(out, ws[i], x, res, config=cfg)


def probe(table: Table, name: str, n: int, k: int, quick: bool) -> None:
    ws = matrices(n, k, 1000 + n)
    x = tr.empty((k,), dtype=bf16)
    fill_uniform(x, 7, -1.0, 1.0).sync()
    nbytes = n * k * 2
    print(f"\n{name}: [{n}, {k}] bf16, {nbytes / 1e6:.1f} MB a weight", flush=True)
    torch_reference(table, name, ws, x)
    out = tr.empty((n,), dtype=bf16)
    for v in plain_variants(quick):
        table.time(name, v[0], nbytes, plain(out, ws, x, v))
    configs = GEMV_SILU_CONFIGS if name == "gate_up" else FUSED_GEMV_CONFIGS
    for cfg in configs:
        table.time(name, f"fused {cfg}", nbytes, fused(name, ws, x, cfg))


def main() -> None:
    global LAYERS
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--replays", type=int, default=10)
    parser.add_argument("--tiny", action="store_true", help="small shapes: a dry run on the CPU")
    args = parser.parse_args()
    shapes = dict(SHAPES)
    if args.tiny:
        LAYERS = 2
        shapes = {"qkv": (96, 64), "o": (64, 128), "gate_up": (256, 64), "down": (64, 256)}
    table = Table(args.replays)
    for name, (n, k) in shapes.items():
        probe(table, name, n, k, args.quick)
    out_dir = os.environ.get("OUT")
    if out_dir:
        with open(os.path.join(out_dir, "gemv_probe.json"), "w") as f:
            json.dump({"layers": LAYERS, "results": table.rows}, f, indent=1)


if __name__ == "__main__":
    main()

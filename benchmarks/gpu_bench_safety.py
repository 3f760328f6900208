"""The safety-overhead benchmark, ``safe-vs-unchecked``: the safe persistent GEMM (a mapped
partition hands each block its tiles; ``c.store(acc, at=idx)`` can reach only those) against the
same GEMM written as an ``@tr.kernel(unsafe=True)`` user would write it: its own grid-stride
loop over the tile indices in the same grouped order, and raw ``tl.unsafe.store``. Both run
inside one process, each recorded in a ``tr.graph()`` and replayed back to back; the ratio is
safe TFLOP/s over unchecked TFLOP/s (1.0: the checks cost nothing on the device).

``benchmarks/gpu_bench.py`` can import ``bench_safe_vs_unchecked``; alone, on the GPU machine:
    TILERT_BACKEND=cutile python benchmarks/gpu_bench_safety.py [--size 4096] [--out FILE]

The kernels and launches import nothing of the GPU, so they run under the interpreter too
(tests/tilert/test_safety_kernels.py); torch and gpu_bench_gemm's timing helpers are imported by the
benchmark itself."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
from gemm_kernels import gemm_f16 as gemm_safe

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16

TILE = (128, 128, 64)  # (bm, bn, bk)
GROUP = 8  # rows of output tiles per group of the grouped (swizzled) order
MAX_ERROR = 0.05  # |ours - torch.matmul| for inputs scaled by 0.1


@tr.kernel(unsafe=True)
def gemm_unchecked(
    c: Mutable[Tensor[f16]],
    a: Shared[Tensor[f16]],
    b: Shared[Tensor[f16]],
    bk: Const[int],
    group: Const[int],
) -> None:
    """``gemm_safe`` by hand: nothing stops a block from storing into another block's tile."""
    bm, bn = c.tile_shape
    rows = tl.cdiv(c.shape[0], bm)
    cols = tl.cdiv(c.shape[1], bn)
    for t in range(tl.bid(0), rows * cols, tl.num_blocks(0)):
        per_group = group * cols
        first_row = (t // per_group) * group
        group_rows = tl.minimum(rows - first_row, group)
        i = first_row + (t % per_group) % group_rows
        j = (t % per_group) // group_rows
        acc = tl.zeros((bm, bn), tl.f32)
        for k in range(tl.cdiv(a.shape[1], bk)):
            acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
        tl.unsafe.store(c, (i, j), acc)


def launch_safe(
    c: Tensor[f16],
    a: Tensor[f16],
    b: Tensor[f16],
    blocks: int,
    tile: tuple[int, int, int] = TILE,
    group: int = GROUP,
) -> tr.Op:
    bm, bn, bk = tile
    part = c.partition((bm, bn)).mapped(blocks=blocks, order=tr.grouped(group))
    return gemm_safe(part, a, b, bk)


def launch_unchecked(
    c: Tensor[f16],
    a: Tensor[f16],
    b: Tensor[f16],
    blocks: int,
    tile: tuple[int, int, int] = TILE,
    group: int = GROUP,
) -> tr.Op:
    """The mapped partition only sets the launch grid (``blocks``): the kernel walks the tiles
    itself."""
    bm, bn, bk = tile
    return gemm_unchecked(c.partition((bm, bn)).mapped(blocks=blocks), a, b, bk, group)


def bench_safe_vs_unchecked(results: list[dict[str, Any]], size: int = 4096) -> None:
    """Append the ``safe-vs-unchecked`` row (TFLOP/s, higher is better) to ``results``."""
    import torch
    from gpu_bench_gemm import comparison, graph_loop, timed

    sms = tr.Device().sm_count
    rng = np.random.default_rng(2)
    an = (rng.standard_normal((size, size)) * 0.1).astype(np.float16)
    bnp = (rng.standard_normal((size, size)) * 0.1).astype(np.float16)
    a, b = tr.from_numpy(an), tr.from_numpy(bnp)
    ref = (torch.from_numpy(an).cuda() @ torch.from_numpy(bnp).cuda()).float()
    launches = {"safe": launch_safe, "unchecked": launch_unchecked}
    outs = {name: tr.zeros((size, size), dtype=f16) for name in launches}

    def check(name: str, when: str) -> None:
        got = torch.from_numpy(outs[name].to_numpy()).cuda().float()
        err = (got - ref).abs().max().item()
        assert err < MAX_ERROR, f"{name} gemm {size} {when}: max error {err} vs torch.matmul"

    cases: dict[str, Any] = {}
    graphs: list[Any] = []
    try:
        for name, launch in launches.items():
            c = outs[name]
            launch(c, a, b, sms).sync()
            check(name, "after one launch")
            c.copy_from(np.zeros((size, size), np.float16))  # the replays must write it again
            run, sync, g = graph_loop(functools.partial(launch, c, a, b, sms), 1)
            cases[name] = (run, sync)
            graphs.append(g)
        t = timed(cases, 20 if size <= 4096 else 5)
    finally:
        for g in graphs:
            g.close()
    for name in launches:
        check(name, "after the graph replays")
    tflops = {name: 2.0 * size**3 / s / 1e12 for name, s in t.items()}
    results.append(
        comparison("safe-vs-unchecked", tflops["safe"], tflops["unchecked"], "TFLOP/s", True)
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=4096)
    parser.add_argument("--out", help="also write the row to this JSON file")
    args = parser.parse_args(argv)
    from tilert import backends

    assert backends.current().name == "cutile", backends.unavailable_reason("cutile")
    results: list[dict[str, Any]] = []
    bench_safe_vs_unchecked(results, args.size)
    if args.out:
        import torch

        doc = {"device": torch.cuda.get_device_name(0), "comparisons": results}
        Path(args.out).write_text(json.dumps(doc, indent=2) + "\n")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

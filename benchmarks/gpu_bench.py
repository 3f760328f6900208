"""GPU benchmarks, each comparison inside one process: tilert (cutile backend) against the same
kernel written directly in cuda.tile, against cuBLAS (torch.matmul), and against a
device-to-device copy. Prints a table and writes benchmarks/results/<date>-<gpu>.json.

``ratio`` is ours relative to the baseline, higher is better: ours/baseline for throughputs
(GB/s, TFLOP/s), baseline/ours for times (us per launch).

Run on the GPU machine:  TILERT_BACKEND=cutile python benchmarks/gpu_bench.py [--out DIR]"""

from __future__ import annotations

import argparse
import datetime
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cuda.tile as ct  # type: ignore[import-not-found,import-untyped,unused-ignore]
import numpy as np
import torch
from bench_names import add_headlines
from bench_record import commit, write
from gemm_kernels import gemm_bf16
from gemm_kernels import gemm_f16 as gemm
from gpu_bench_gemm import comparison, graph_loop, timed, to_torch
from gpu_gemm_raw import raw_gemm

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16, f32

ROOT = Path(__file__).resolve().parent.parent


# -- ours -------------------------------------------------------------------------------------
@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def add_f16(z: Mutable[Tensor[f16]], x: Shared[Tensor[f16]], y: Shared[Tensor[f16]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


SWEEP_SIZES = tuple(1 << k for k in (20, 22, 24, 26, 28))
GEMM_SIZES = (1024, 2048, 4096, 8192)


# -- the same kernels written directly in cuda.tile --------------------------------------------
@ct.kernel
def raw_add(z, x, y, t: ct.Constant[int]):  # type: ignore[no-untyped-def]
    i = ct.bid(0)
    a = ct.load(x, index=(i,), shape=(t,), padding_mode=ct.PaddingMode.ZERO)
    b = ct.load(y, index=(i,), shape=(t,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(z, index=(i,), tile=a + b)


# -- timing -----------------------------------------------------------------------------------
def bench_elementwise(results: list[dict[str, Any]], n: int = 1 << 26, tile: int = 4096) -> None:
    rng = np.random.default_rng(0)
    xs = rng.standard_normal(n).astype(np.float32)
    ys = rng.standard_normal(n).astype(np.float32)
    x, y = tr.from_numpy(xs), tr.from_numpy(ys)
    z = tr.zeros((n,), dtype=f32)
    add(z.partition((tile,)), x, y).sync()
    np.testing.assert_allclose(z.to_numpy(), xs + ys, rtol=1e-6)
    moved = 3 * n * 4  # two reads and a write

    run, sync, g = graph_loop(lambda: add(z.partition((tile,)), x, y), 1)
    stream = torch.cuda.current_stream()
    tx, ty = torch.from_numpy(xs).cuda(), torch.from_numpy(ys).cuda()
    tz = torch.empty_like(tx)
    grid = (ct.cdiv(n, tile), 1, 1)
    h = stream.cuda_stream

    def raw_sync() -> None:
        ct.launch(h, grid, raw_add, (tz, tx, ty, tile))
        torch.cuda.synchronize()

    # diagnostic: the raw kernel on tilert's own buffers (tells memory from code generation)
    zv, xv, yv = (tensor_view(t) for t in (z, x, y))
    gen = generated(add)  # and tilert's generated kernel on torch's buffers
    src = torch.empty(n * 3 // 2, dtype=torch.float32, device="cuda")  # copy moves 2 x 6n bytes
    dst = torch.empty_like(src)
    tsync = torch.cuda.synchronize
    t = timed(
        {
            "ours": (run, sync),
            "raw": (lambda: ct.launch(h, grid, raw_add, (tz, tx, ty, tile)), tsync),
            "raw_on_ours": (lambda: ct.launch(h, grid, raw_add, (zv, xv, yv, tile)), tsync),
            "gen_on_torch": (lambda: ct.launch(h, grid, gen, (tz, tile, tx, ty)), tsync),
            "copy": (lambda: dst.copy_(src), tsync),
        },
        50,
    )
    g.close()
    assert torch.allclose(tz, tx + ty)
    ts = timed(
        {
            "ours_sync": (lambda: add(z.partition((tile,)), x, y).sync(), lambda: None),
            "raw_sync": (raw_sync, lambda: None),
        },
        30,
    )
    gbs = lambda s: moved / s / 1e9  # noqa: E731
    results.append(comparison("elementwise-vs-copy", gbs(t["ours"]), gbs(t["copy"]), "GB/s", True))
    results.append(
        comparison("elementwise-vs-raw-cutile", gbs(t["ours"]), gbs(t["raw"]), "GB/s", True)
    )
    results.append(
        comparison(
            "diag-raw-cutile-on-tilert-buffers-vs-raw",
            gbs(t["raw_on_ours"]),
            gbs(t["raw"]),
            "GB/s",
            True,
        )
    )
    results.append(
        comparison(
            "diag-generated-on-torch-buffers-vs-raw",
            gbs(t["gen_on_torch"]),
            gbs(t["raw"]),
            "GB/s",
            True,
        )
    )
    results.append(
        comparison(
            "elementwise-sync-each-vs-raw-cutile",
            gbs(ts["ours_sync"]),
            gbs(ts["raw_sync"]),
            "GB/s",
            True,
        )
    )


def bench_elementwise_sweep(
    results: list[dict[str, Any]], dtype: str, n: int, tile: int = 4096
) -> None:
    """Element-wise add of ``n`` ``dtype`` elements: ours (replayed from a graph) against raw
    cuTile, torch's add and the device copy of the same bytes, all on the same inputs (torch's,
    shared with tilert through DLPack). At small sizes a raw ``ct.launch`` costs more host time
    than the kernel takes, so the rows there compare launch paths as much as kernels."""
    torch_dtype = torch.float32 if dtype == "f32" else torch.float16
    kernel = add if dtype == "f32" else add_f16
    tx = torch.randn(n, device="cuda", dtype=torch_dtype)
    ty = torch.randn(n, device="cuda", dtype=torch_dtype)
    tz = torch.empty_like(tx)
    x, y = tr.from_dlpack(tx), tr.from_dlpack(ty)
    z = tr.empty((n,), dtype=f32 if dtype == "f32" else f16)
    kernel(z.partition((tile,)), x, y).sync()
    torch.testing.assert_close(torch.from_dlpack(z), tx + ty)
    moved = 3 * n * tx.element_size()  # two reads and a write
    src = torch.empty(3 * n // 2, dtype=torch_dtype, device="cuda")  # the copy moves as much
    dst = torch.empty_like(src)
    h = torch.cuda.current_stream().cuda_stream
    grid = (ct.cdiv(n, tile), 1, 1)
    run, sync, g = graph_loop(lambda: kernel(z.partition((tile,)), x, y), 1)
    tsync = torch.cuda.synchronize
    iters = max(10, min(2000, int(0.02 * 3e12 / moved)))  # about 20 ms a round at 3 TB/s
    t = timed(
        {
            "ours": (run, sync),
            "raw": (lambda: ct.launch(h, grid, raw_add, (tz, tx, ty, tile)), tsync),
            "torch": (lambda: torch.add(tx, ty, out=tz), tsync),
            "copy": (lambda: dst.copy_(src), tsync),
        },
        iters,
    )
    g.close()
    size = f"2^{n.bit_length() - 1}"
    for base, label in (("copy", "copy"), ("raw", "raw-cutile"), ("torch", "torch")):
        results.append(
            comparison(
                f"elementwise-{dtype}-{size}-vs-{label}",
                moved / t["ours"] / 1e9,
                moved / t[base] / 1e9,
                "GB/s",
                True,
            )
        )


def generated(kernel: Any) -> Any:
    from tilert import backends

    cache = backends.current()._cache  # type: ignore[attr-defined]
    return next(c.kernel for (kid, _), c in cache.items() if kid == id(kernel))


def tensor_view(t: tr.Tensor[Any]) -> Any:
    from tilert.cutile.backend import _view

    return _view(t)


def bench_gemm(
    results: list[dict[str, Any]],
    size: int,
    tile: tuple[int, int, int] = (128, 128, 64),
    group: int = 8,
    dtype: str = "f16",
) -> None:
    bm, bn, bk = tile
    sms = tr.Device().sm_count
    rng = np.random.default_rng(1)
    np_dtype = tr.bf16.np_dtype if dtype == "bf16" else np.float16
    kernel = gemm_bf16 if dtype == "bf16" else gemm
    an = (rng.standard_normal((size, size)) * 0.1).astype(np_dtype)
    bnp = (rng.standard_normal((size, size)) * 0.1).astype(np_dtype)
    a, b = tr.from_numpy(an), tr.from_numpy(bnp)
    c = tr.zeros((size, size), dtype=tr.bf16 if dtype == "bf16" else f16)
    flops = 2.0 * size**3

    def op() -> tr.Op:
        return kernel(c.partition((bm, bn)).mapped(blocks=sms, order=tr.grouped(group)), a, b, bk)

    op().sync()
    ta, tb = to_torch(an), to_torch(bnp)
    ref = ta @ tb
    got = to_torch(c.to_numpy())
    err = (got.float() - ref.float()).abs().max().item()
    assert err < 0.05, f"gemm {size}: max error {err}"
    iters = 200 if size <= 2048 else 20 if size <= 4096 else 5
    run, sync, g = graph_loop(op, 1)
    tc = torch.empty_like(ref)
    h = torch.cuda.current_stream().cuda_stream
    args = (tc, ta, tb, bm, bn, bk, group)
    gen, gen_args = generated(kernel), (tc, bm, bn, group, ta, tb, bk)
    tsync = torch.cuda.synchronize
    t = timed(
        {
            "ours": (run, sync),
            "raw": (lambda: ct.launch(h, (sms, 1, 1), raw_gemm, args), tsync),
            "cublas": (lambda: torch.matmul(ta, tb, out=tc), tsync),
            "gen_on_torch": (lambda: ct.launch(h, (sms, 1, 1), gen, gen_args), tsync),
        },
        iters,
    )
    g.close()
    ts = timed({"ours_sync": (lambda: op().sync(), lambda: None)}, iters)
    tf = lambda s: flops / s / 1e12  # noqa: E731
    results.append(
        comparison(
            f"diag-generated-on-torch-vs-raw-{dtype}-{size}",
            tf(t["gen_on_torch"]),
            tf(t["raw"]),
            "TFLOP/s",
            True,
        )
    )
    results.append(
        comparison(
            f"gemm-vs-cublas-{dtype}-{size}", tf(t["ours"]), tf(t["cublas"]), "TFLOP/s", True
        )
    )
    results.append(
        comparison(
            f"gemm-vs-raw-cutile-{dtype}-{size}", tf(t["ours"]), tf(t["raw"]), "TFLOP/s", True
        )
    )
    results.append(
        comparison(
            f"gemm-sync-each-vs-raw-cutile-{dtype}-{size}",
            tf(ts["ours_sync"]),
            tf(t["raw"]),
            "TFLOP/s",
            True,
        )
    )


# Host timings swing with the machine's other load: the best of many short rounds is the cost.
LAUNCH_ROUNDS = 15


def bench_launch(results: list[dict[str, Any]], n: int = 1024, count: int = 100) -> None:
    """Host cost of a launch of a tiny kernel, three ways (sync each, submit many, graph
    replay), each against raw ``ct.launch`` used the same way; and graph-replay-speedup: a
    chain of ``count`` launches issued directly (one ``tr.zip`` op) against the same launches
    captured in one CUDA graph."""
    x, y = tr.ones((n,), dtype=f32), tr.ones((n,), dtype=f32)
    z = tr.zeros((n,), dtype=f32)
    zs = [tr.zeros((n,), dtype=f32) for _ in range(count)]  # submitted one op each
    cs = [tr.zeros((n,), dtype=f32) for _ in range(count)]  # the chain's (the graph holds them)
    add(z.partition((n,)), x, y).sync()
    tx = torch.ones(n, device="cuda")
    ty = torch.ones(n, device="cuda")
    tz = torch.empty_like(tx)
    stream = torch.cuda.current_stream()
    h = stream.cuda_stream

    def raw_sync() -> None:
        ct.launch(h, (1, 1, 1), raw_add, (tz, tx, ty, n))
        stream.synchronize()

    def ours_submit_many() -> None:
        pending = [add(t.partition((n,)), x, y).submit() for t in zs]
        for p in pending:
            p.wait()

    def raw_many() -> None:
        for _ in range(count):
            ct.launch(h, (1, 1, 1), raw_add, (tz, tx, ty, n))
        stream.synchronize()

    def direct_chain() -> None:
        tr.zip(*[add(t.partition((n,)), x, y) for t in zs]).sync()

    with tr.graph() as chain:
        for t in cs:
            chain.record(add(t.partition((n,)), x, y))

    def replay_chain() -> None:
        chain.launch().wait()

    replay_chain()
    t = timed(
        {
            "ours_sync": (lambda: add(z.partition((n,)), x, y).sync(), lambda: None),
            "raw_sync": (raw_sync, lambda: None),
        },
        300,
        rounds=LAUNCH_ROUNDS,
    )
    t.update(
        timed(
            {
                "ours_submit": (ours_submit_many, lambda: None),
                "raw_many": (raw_many, lambda: None),
                "direct_chain": (direct_chain, lambda: None),
                "replay_chain": (replay_chain, lambda: None),
            },
            5,
            rounds=LAUNCH_ROUNDS,
        )
    )
    chain.close()
    for out in zs + cs:
        np.testing.assert_allclose(out.to_numpy(), 2.0)
    run, sync, g = graph_loop(lambda: add(z.partition((n,)), x, y), 1)
    t.update(
        timed(
            {
                "ours_replay": (run, sync),
                "raw_async": (
                    lambda: ct.launch(h, (1, 1, 1), raw_add, (tz, tx, ty, n)),
                    torch.cuda.synchronize,
                ),
            },
            300,
            rounds=LAUNCH_ROUNDS,
        )
    )
    g.close()
    us = 1e6
    per = us / count
    results.append(
        comparison("launch-vs-raw-cutile", t["ours_sync"] * us, t["raw_sync"] * us, "us", False)
    )
    results.append(
        comparison(
            "launch-submit-vs-raw-cutile", t["ours_submit"] * per, t["raw_many"] * per, "us", False
        )
    )
    results.append(
        comparison(
            "launch-replay-vs-raw-cutile-async",
            t["ours_replay"] * us,
            t["raw_async"] * us,
            "us",
            False,
        )
    )
    results.append(
        comparison(
            "graph-replay-speedup",
            t["replay_chain"] * per,
            t["direct_chain"] * per,
            "us",
            False,
        )
    )
    results.append(
        comparison(
            "diag-graph-replay-vs-raw-direct",
            t["replay_chain"] * per,
            t["raw_many"] * per,
            "us",
            False,
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results"))
    parser.add_argument(
        "--only",
        default="launch,elementwise,elementwise-sweep,gemm,rows,safety",
        help="comma-separated groups to run",
    )
    args = parser.parse_args()
    from tilert import backends

    assert backends.current().name == "cutile", backends.unavailable_reason("cutile")
    device = torch.cuda.get_device_name(0)
    results: list[dict[str, Any]] = []
    groups: dict[str, list[Callable[[], None]]] = {
        "launch": [lambda: bench_launch(results)],
        "elementwise": [lambda: bench_elementwise(results)],
        "elementwise-sweep": [
            lambda dt=dt, n=n: bench_elementwise_sweep(results, dt, n)
            for dt in ("f32", "f16")
            for n in SWEEP_SIZES
        ],
        "gemm": [
            lambda size=size, dt=dt: bench_gemm(results, size, dtype=dt)
            for dt in ("f16", "bf16")
            for size in GEMM_SIZES
        ],
        "rows": [lambda: _rows(results)],
        "gemm-tuned": [
            lambda size=size, dt=dt: _tuned_gemm(results, size, dt)
            for dt in ("f16", "bf16")
            for size in (4096, 8192)
        ],
        "safety": [lambda: _safety(results)],
    }
    steps = [step for name in args.only.split(",") for step in groups[name.strip()]]
    errors = []
    for step in steps:
        try:
            step()
        except Exception as exc:  # keep the other comparisons; report the failure
            import traceback

            traceback.print_exc()
            errors.append(repr(exc))
    add_headlines(results)
    sha = commit()
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    doc = {
        "device": device,
        "date": date,
        "commit": sha,
        "comparisons": results,
        "errors": errors,
        "cuda_tile": getattr(ct, "__version__", "?"),
    }
    write(args.out, doc, device)
    sys.exit(1 if errors else 0)


def _tuned_gemm(results: list[dict[str, Any]], size: int, dtype_name: str) -> None:
    """The autotuned GEMM (benchmarks/gpu_bench_gemm.py); its rows are prefixed "autotuned-" so
    they stand beside the fixed-config rows of ``bench_gemm``."""
    from gpu_bench_gemm import bench_gemm_tuned

    rows: list[dict[str, Any]] = []
    bench_gemm_tuned(rows, size, dtype_name)
    for row in rows:
        row["name"] = "autotuned-" + row["name"]
    results.extend(rows)


def _rows(results: list[dict[str, Any]]) -> None:
    from gpu_bench_rows import bench_rows

    bench_rows(results)


def _safety(results: list[dict[str, Any]]) -> None:
    from gpu_bench_safety import bench_safe_vs_unchecked

    bench_safe_vs_unchecked(results)


if __name__ == "__main__":
    main()

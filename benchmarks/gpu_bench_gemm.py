"""The autotuned GEMM benchmark: a tilert GEMM tuned by ``@tr.autotune`` over a few launch
configurations (persistent grouped blocks or one block per tile, ``occupancy``, ``num_ctas``,
load latency hints), then, inside one process, the winner against the same kernel written
directly in cuda.tile with the winner's configuration (``gpu_gemm_raw.py``) and against
torch.matmul (cuBLAS).

Rows: ``gemm-vs-cublas-<dt>-<size>``, ``gemm-vs-raw-cutile-<dt>-<size>`` and
``diag-autotune-<dt>-<size>`` (the winner's TFLOP/s during tuning against the known-good first
config's; ``config`` names the winner, ``tuning`` lists every config's TFLOP/s or error).

``benchmarks/gpu_bench.py`` imports ``bench_gemm_tuned``; alone, on the GPU machine:
    TILERT_BACKEND=cutile python benchmarks/gpu_bench_gemm.py --sizes 4096 --dtypes f16

The tilert side imports nothing of the GPU, so the kernels and configs run under the
interpreter too (tests/tilert/test_autotune.py); torch and cuda.tile are imported by the
benchmark."""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from gemm_kernels import gemm_bf16, gemm_bf16_hinted, gemm_f16, gemm_f16_hinted

import tilert as tr
from tilert import Tensor, bf16, f16

DTYPES = {"f16": f16, "bf16": bf16}
KERNELS = {  # (dtype name, hinted) -> kernel
    ("f16", False): gemm_f16,
    ("f16", True): gemm_f16_hinted,
    ("bf16", False): gemm_bf16,
    ("bf16", True): gemm_bf16_hinted,
}


def gemm_configs(sms: int) -> list[tr.Config]:
    """Six configs at most: each costs a first compile (~6 s on the device) per dtype.
    ``blocks``: persistent blocks (one wave: SMs x occupancy / num_ctas), None for one block
    per tile; ``latency``: the loads' DRAM-traffic hint (None: the compiler's guess)."""
    tile = {"bm": 128, "bn": 128, "bk": 64, "group": 8}
    return [
        # the known-good one (measured by hand at 0.955 / 0.943 of cuBLAS at 4096)
        tr.Config(**tile, blocks=sms, occupancy=1, num_ctas=None, latency=None),
        tr.Config(**tile, blocks=2 * sms, occupancy=2, num_ctas=None, latency=None),
        # a deep load pipeline for one block per SM, a shallow one for two
        tr.Config(**tile, blocks=sms, occupancy=1, num_ctas=None, latency=8),
        tr.Config(**tile, blocks=2 * sms, occupancy=2, num_ctas=None, latency=3),
        # 256x128 tiles shared by a cluster of two CTAs (128x128 of work each)
        tr.Config(
            bm=256, bn=128, bk=64, group=8, blocks=sms // 2, occupancy=1, num_ctas=2, latency=None
        ),
        # a plain grid in grouped order: one block per tile
        tr.Config(**tile, blocks=None, occupancy=2, num_ctas=None, latency=None),
    ]


def blocks_for(cfg: tr.Config, rows: int, cols: int) -> int:
    """The launch's block count for ``cfg`` on a ``rows x cols`` output."""
    tiles = -(-rows // cfg.bm) * -(-cols // cfg.bn)
    return tiles if cfg.blocks is None else max(1, min(cfg.blocks, tiles))


def gemm_op(cfg: tr.Config, c: Tensor[Any], a: Tensor[Any], b: Tensor[Any]) -> tr.Op:
    """``c = a @ b`` launched with one config."""
    kernel = KERNELS[(c.dtype.name, cfg.latency is not None)]
    options = {k: getattr(cfg, k) for k in ("occupancy", "num_ctas") if getattr(cfg, k)}
    blocks = blocks_for(cfg, c.shape[0], c.shape[1])
    part = c.partition((cfg.bm, cfg.bn)).mapped(blocks=blocks, order=tr.grouped(cfg.group))
    hints = () if cfg.latency is None else (cfg.latency,)
    return kernel.with_options(**options)(part, a, b, cfg.bk, *hints)  # type: ignore[no-any-return]


def tuned_gemm(sms: int, cache: bool = False) -> tr.Autotuned:
    """The autotuned GEMM. The benchmark tunes afresh each run (``cache=False``), so its
    rows always say what the tuner picks on this device today."""
    return tr.autotune(configs=gemm_configs(sms), key=["c", "a", "b"], cache=cache)(gemm_op)


# -- measuring (the same method as gpu_bench.py) ----------------------------------------------
Case = tuple[Callable[[], None], Callable[[], None]]  # (one iteration, wait for the GPU)


def timed(cases: dict[str, Case], iters: int, rounds: int = 5, warmup: int = 3) -> dict[str, float]:
    """Seconds per iteration of each case: rounds interleaved across the cases (clock and
    thermal drift hit all alike), best round kept."""
    for fn, sync in cases.values():
        for _ in range(warmup):
            fn()
        sync()
    best = dict.fromkeys(cases, float("inf"))
    for _ in range(rounds):
        for name, (fn, sync) in cases.items():
            start = time.perf_counter()
            for _ in range(iters):
                fn()
            sync()
            best[name] = min(best[name], (time.perf_counter() - start) / iters)
    return best


def graph_loop(
    op_factory: Callable[[], tr.Op], replays: int
) -> tuple[Callable[[], None], Callable[[], None], Any]:
    """Record one op in a tilert graph; each call replays it (launch without waiting)."""
    with tr.graph() as g:
        g.record(op_factory())
    pending: list[Any] = []

    def run() -> None:
        pending.append(g.launch())

    def sync() -> None:
        if pending:
            pending[-1].wait()
            for p in pending:
                p.wait()
            pending.clear()

    return run, sync, g


def comparison(
    name: str, ours: float, baseline: float, unit: str, higher_better: bool
) -> dict[str, Any]:
    ratio = ours / baseline if higher_better else baseline / ours
    row = {
        "name": name,
        "ours": round(ours, 3),
        "baseline": round(baseline, 3),
        "unit": unit,
        "ratio": round(ratio, 3),
    }
    print(
        f"{name:34s} ours {ours:10.2f} {unit:8s} baseline {baseline:10.2f}  ratio {ratio:.3f}",
        flush=True,
    )
    return row


def to_torch(array: np.ndarray[Any, Any]) -> Any:
    """A CUDA torch tensor of the same values (bf16 through f32: torch cannot read
    ml_dtypes' bfloat16 arrays; the values are exact)."""
    import torch

    if array.dtype == tr.bf16.np_dtype:
        return torch.from_numpy(array.astype(np.float32)).to(torch.bfloat16).cuda()
    return torch.from_numpy(array).cuda()


def _check(what: str, got: Any, ref: Any) -> None:
    err = (got.float() - ref.float()).abs().max().item()
    assert err < 0.05, f"{what}: max error {err} against torch.matmul"


def bench_gemm_tuned(results: list[dict[str, Any]], size: int, dtype_name: str) -> None:
    """Tune, check against torch, then time ours, raw cuda.tile and cuBLAS; append 3 rows."""
    import cuda.tile as ct  # type: ignore[import-not-found,import-untyped,unused-ignore]
    import gpu_gemm_raw
    import torch

    sms = tr.Device().sm_count
    dt = DTYPES[dtype_name]
    rng = np.random.default_rng(4)
    an = (rng.standard_normal((size, size)) * 0.1).astype(dt.np_dtype)
    bnp = (rng.standard_normal((size, size)) * 0.1).astype(dt.np_dtype)
    a, b = tr.from_numpy(an), tr.from_numpy(bnp)
    c = tr.zeros((size, size), dtype=dt)
    tuned = tuned_gemm(sms)
    start = time.perf_counter()
    tuned(c, a, b).sync()  # the first call tunes: every config compiled, run and timed
    tuning_s = time.perf_counter() - start
    best = tuned.best_config(c, a, b)
    ta, tb = to_torch(an), to_torch(bnp)
    ref = torch.matmul(ta, tb)
    _check(f"tilert gemm {dtype_name} {size} with {best}", to_torch(c.to_numpy()), ref)

    raw_kernel, grid, constants = gpu_gemm_raw.launcher(best, blocks_for(best, size, size))
    t_raw, t_cublas = torch.empty_like(ref), torch.empty_like(ref)
    h = torch.cuda.current_stream().cuda_stream
    raw_args = (t_raw, ta, tb, *constants)
    ct.launch(h, grid, raw_kernel, raw_args)
    torch.cuda.synchronize()
    _check(f"raw cuda.tile gemm {dtype_name} {size} with {best}", t_raw, ref)

    # ours: the winner's op recorded once in a tr.graph and replayed back to back, without a
    # host sync between launches (as gpu_bench.graph_loop does; a direct launch per iteration
    # would wait for each: the op holds its borrows until it completes).
    with tr.graph() as g:
        g.record(tuned(c, a, b))
    launches: list[Any] = []

    def ours_wait() -> None:
        for p in launches:
            p.wait()
        launches.clear()

    tsync = torch.cuda.synchronize
    try:
        t = timed(
            {
                "ours": (lambda: launches.append(g.launch()), ours_wait),
                "raw": (lambda: ct.launch(h, grid, raw_kernel, raw_args), tsync),
                "cublas": (lambda: torch.matmul(ta, tb, out=t_cublas), tsync),
            },
            20 if size <= 4096 else 5,
        )
    finally:
        ours_wait()
        g.close()
    _check(f"tilert gemm {dtype_name} {size} after the replays", to_torch(c.to_numpy()), ref)

    flops = 2.0 * size**3
    tf = lambda s: flops / s / 1e12  # noqa: E731
    found = dict(tuned.last_tuning)
    tuning = {repr(k): (round(tf(v), 1) if isinstance(v, float) else v) for k, v in found.items()}
    first = tuned.configs[0]
    known_good = found.get(first)
    known_good_s = known_good if isinstance(known_good, float) else found[best]
    tag = f"{dtype_name}-{size}"
    for row in (
        comparison(f"gemm-vs-cublas-{tag}", tf(t["ours"]), tf(t["cublas"]), "TFLOP/s", True),
        comparison(f"gemm-vs-raw-cutile-{tag}", tf(t["ours"]), tf(t["raw"]), "TFLOP/s", True),
    ):
        row["config"] = repr(best)
        results.append(row)
    diag = comparison(
        f"diag-autotune-{tag}", tf(float(found[best])), tf(float(known_good_s)), "TFLOP/s", True
    )
    diag.update(config=repr(best), baseline_config=repr(first), tuning=tuning)
    diag["tuning_s"] = round(tuning_s, 1)
    results.append(diag)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[4096, 8192])
    parser.add_argument("--dtypes", nargs="+", default=["f16", "bf16"], choices=sorted(DTYPES))
    parser.add_argument("--out", help="also write the rows to this JSON file")
    args = parser.parse_args(argv)
    from tilert import backends

    assert backends.current().name == "cutile", backends.unavailable_reason("cutile")
    results: list[dict[str, Any]] = []
    errors: list[str] = []
    for dtype_name in args.dtypes:
        for size in args.sizes:
            try:
                bench_gemm_tuned(results, size, dtype_name)
            except Exception as exc:  # keep the other sizes; report the failure
                traceback.print_exc()
                errors.append(f"{dtype_name}-{size}: {exc!r}")
    if args.out:
        import torch

        doc = {
            "device": torch.cuda.get_device_name(0),
            "comparisons": results,
            "errors": errors,
        }
        Path(args.out).write_text(json.dumps(doc, indent=2) + "\n")
        print(f"wrote {args.out}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

"""All-reduce bus bandwidth on two GPUs: ``tilert.distributed.all_reduce`` against
``torch.distributed.all_reduce`` on the same buffers (the same memory, over torch's one NCCL
communicator), from 1 MiB to 1 GiB, inside one run. Rank 0 prints a table and writes
``<out>/<date>-<gpu>-distributed.json`` (the rows as the other gpu_bench_*.py write them).

Rows (``ratio``: ours relative to torch, higher is better; GB/s of bus bandwidth, NCCL's
``2 * (n - 1) / n * bytes / time`` for n ranks):
``allreduce-vs-torch-distributed-<size>``: issued eagerly, k all-reduces back to back with no
host wait between them (ours a ``.then`` chain submitted once, torch's a loop of calls), timed
with CUDA events around the k on the one stream both use (tilert follows torch's current
stream), best of 5 interleaved rounds;
``allreduce-graph-vs-torch-graph-<size>``: the k captured in a graph (``tr.graph()`` against
``torch.cuda.graph``) and replayed, as a decode step replays its collectives.

One command, on a machine with two GPUs:
    python -m tilert.distributed.run -n 2 benchmarks/gpu_bench_distributed.py --out DIR"""

from __future__ import annotations

import argparse
import datetime
import sys
import traceback
from collections.abc import Callable
from functools import reduce
from pathlib import Path
from typing import Any

import numpy as np
from bench_record import commit, write

import tilert as tr
import tilert.distributed as dist

ROOT = Path(__file__).resolve().parent.parent
MIB = 1 << 20
SIZES = [MIB << s for s in range(0, 11, 2)]  # 1, 4, 16, 64, 256 MiB and 1 GiB
ROUNDS = 5


def bus_bandwidth(nbytes: int, seconds: float, ranks: int) -> float:
    """GB/s an all-reduce of ``nbytes`` moves over the slowest link (NCCL's "busbw")."""
    return 2 * (ranks - 1) / ranks * nbytes / seconds / 1e9


def repeats(nbytes: int) -> int:
    """All-reduces per timed run: about 2 GiB moved per run, 5 to 200 of them."""
    return max(5, min(200, (2 << 30) // nbytes))


def row(name: str, nbytes: int, ours: float, theirs: float, k: int) -> dict[str, Any]:
    """One comparison (the format of benchmarks/gpu_bench_*.py), from seconds per op."""
    ranks = dist.world_size()
    a, b = bus_bandwidth(nbytes, ours, ranks), bus_bandwidth(nbytes, theirs, ranks)
    print(f"{name:42s} ours {a:8.1f} GB/s  torch {b:8.1f} GB/s  ratio {a / b:.3f}", flush=True)
    return {
        "name": name,
        "ours": round(a, 3),
        "baseline": round(b, 3),
        "unit": "GB/s",
        "ratio": round(a / b, 3),
        "bytes": nbytes,
        "us_ours": round(ours * 1e6, 2),
        "us_baseline": round(theirs * 1e6, 2),
        "repeats": k,
    }


# A case issues k all-reduces and returns what to call once they are timed (ours: the wait
# that releases the borrows; it is not timed, as torch's calls have none)
Case = Callable[[], Callable[[], Any] | None]


def timed(cases: dict[str, Case], k: int) -> dict[str, float]:
    """Seconds per all-reduce of each case: CUDA events around each run on torch's current
    stream (tilert's ops run there too), rounds interleaved, best kept."""
    import torch
    import torch.distributed as td

    for fn in cases.values():  # warm up (NCCL's first use of a buffer, graph uploads)
        after = fn()
        if after is not None:
            after()
    torch.cuda.synchronize()
    best = dict.fromkeys(cases, float("inf"))
    for _ in range(ROUNDS):
        for name, fn in cases.items():
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            after = fn()
            end.record()
            end.synchronize()
            if after is not None:
                after()
            best[name] = min(best[name], start.elapsed_time(end) / 1e3 / k)
        td.barrier()
    return best


def eager(x: tr.Tensor[Any], xt: Any, k: int) -> dict[str, Case]:
    """k all-reduces issued back to back: ours a chain (one submit; waited after the end)."""
    import torch.distributed as td

    def ours() -> Callable[[], Any]:
        chain = reduce(lambda op, _: op.then(dist.all_reduce), range(k - 1), dist.all_reduce(x))
        return chain.submit().wait

    def theirs() -> None:
        for _ in range(k):
            td.all_reduce(xt)

    return {"ours": ours, "torch": theirs}


def graphs(x: tr.Tensor[Any], xt: Any, k: int) -> tuple[dict[str, Case], Any]:
    """k all-reduces captured once in each framework's graph, replayed per run."""
    import torch
    import torch.distributed as td

    with tr.graph() as g:
        for _ in range(k):
            g.record(dist.all_reduce(x))
    tg = torch.cuda.CUDAGraph()
    with torch.cuda.graph(tg):
        for _ in range(k):
            td.all_reduce(xt)

    def ours() -> Callable[[], Any]:
        return g.launch().wait

    def theirs() -> None:
        tg.replay()

    return {"ours": ours, "torch": theirs}, g


def check(x: tr.Tensor[Any], xt: Any) -> None:
    """Both sides reduce what the ranks hold: ones summed over the world."""
    import torch

    x.copy_from(np.ones(x.shape, np.float32))
    dist.all_reduce(x).sync()
    expected = float(dist.world_size())
    assert np.all(x.to_numpy()[:: max(1, x.size // 4096)] == expected)
    xt.fill_(1.0)
    torch.distributed.all_reduce(xt)
    assert float(xt.min()) == float(xt.max()) == expected
    x.copy_from(np.zeros(x.shape, np.float32))  # zeros stay zeros, however often reduced


def bench(sizes: list[int], results: list[dict[str, Any]], errors: list[str]) -> None:
    import torch

    for nbytes in sizes:
        label = f"{nbytes // MIB}MiB" if nbytes < 1 << 30 else f"{nbytes >> 30}GiB"
        k = repeats(nbytes)
        x = tr.zeros((nbytes // 4,))  # f32
        xt = torch.from_dlpack(x)  # the same memory
        check(x, xt)
        for kind, make in (("eager", eager), ("graph", graphs)):
            name = (
                f"allreduce-vs-torch-distributed-{label}"
                if kind == "eager"
                else f"allreduce-graph-vs-torch-graph-{label}"
            )
            graph = None
            try:
                made = make(x, xt, k)
                cases, graph = made if isinstance(made, tuple) else (made, None)
                seconds = timed(cases, k)
                results.append(row(name, nbytes, seconds["ours"], seconds["torch"], k))
            except Exception as exc:  # keep the other rows; report the failure
                traceback.print_exc()
                errors.append(f"{name}: {exc!r}")
            finally:
                if graph is not None:
                    graph.close()
        del xt
        torch.cuda.synchronize()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results"))
    parser.add_argument("--max-mib", type=int, default=1024, help="largest buffer, MiB")
    args = parser.parse_args(argv)
    comm = dist.init()
    import torch

    from tilert import backends

    assert backends.current().device_kind == "cuda", "run on GPUs (TILERT_BACKEND=cutile)"
    assert comm.size >= 2, "start it with python -m tilert.distributed.run -n 2"
    results: list[dict[str, Any]] = []
    errors: list[str] = []
    bench([s for s in SIZES if s <= args.max_mib * MIB], results, errors)
    if comm.rank == 0:
        device = torch.cuda.get_device_name(comm.local_rank)
        date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
        doc = {
            "device": f"{device} x{comm.size}",
            "date": date,
            "commit": commit(),
            "comparisons": results,
            "errors": errors,
            "world_size": comm.size,
            "torch": torch.__version__,
            "nccl": ".".join(map(str, torch.cuda.nccl.version())),
        }
        write(args.out, doc, device, "distributed")
    dist.shutdown()
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

"""tilert's own host cost of a collective, on the CPU: the torch transport over
``RecordingTorch`` (torch's calls recorded, nothing moved), so what is timed is the op's checks,
borrows, Op, step and the transport's dispatch. Per all-reduce, for chains of K (one ``.then``
per op, built and run as ``gpu_bench_distributed.py``'s eager rows do), K ops synced one by
one, submitted and waited one by one, and recorded in a ``tr.graph`` (best of 5). A chain's cost
per op that grows with K is bookkeeping that grows with the chain.

The rows "..., torch not called" stub the transport's all-reduce call itself (nothing is
recorded either): tilert's part alone, as ``gpu_probe_allreduce_host.py``'s row "tilert .then
chain, torch not called" times it on the GPU host. Last, the Python stack's depth at the
transport's call for the first and the last op of a chain of the largest K, and for a synced op
(torch's NCCL flight recorder captures that stack on every call: it must not grow with a chain).

    python benchmarks/collective_host_overhead.py [--k 50 200 1000]"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import reduce

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.communicator import Communicator, set_default
from tilert.distributed.testing import RecordingTorch
from tilert.distributed.torch_transport import TorchTransport


def cases(x: tr.Tensor[np.float32], k: int) -> dict[str, Callable[[], object]]:
    def chain() -> object:
        ops = reduce(lambda op, _: op.then(dist.all_reduce), range(k - 1), dist.all_reduce(x))
        return ops.submit().wait()

    def syncs() -> None:
        for _ in range(k):
            dist.all_reduce(x).sync()

    def submits() -> None:
        for _ in range(k):
            dist.all_reduce(x).submit().wait()

    def graph() -> None:
        with tr.graph() as g:
            for _ in range(k):
                g.record(dist.all_reduce(x))
        g.close()

    return {"chain": chain, "sync each": syncs, "submit+wait each": submits, "graph record": graph}


def stubbed(transport: TorchTransport, x: tr.Tensor[np.float32], k: int) -> dict[str, float]:
    """The chain and the synced ops with the all-reduce call stubbed: tilert's part alone."""
    issue = transport._issue["all_reduce"]
    transport._issue["all_reduce"] = lambda out, inp, c: None
    try:
        found = cases(x, k)
        return {
            f"{name}, torch not called": best_us(found[name], k) for name in ("chain", "sync each")
        }
    finally:
        transport._issue["all_reduce"] = issue


def depths(transport: TorchTransport, x: tr.Tensor[np.float32], k: int) -> list[int]:
    """The Python stack's depth at the transport's all-reduce call: each op of a chain of k
    (the first and the last are printed), then a synced op."""
    issue = transport._issue["all_reduce"]
    found: list[int] = []

    def record(out: object, inp: object, c: object) -> None:
        frame, depth = sys._getframe(), 0
        while frame is not None:
            frame, depth = frame.f_back, depth + 1  # type: ignore[assignment]
        found.append(depth)

    transport._issue["all_reduce"] = record
    try:
        cases(x, k)["chain"]()
        dist.all_reduce(x).sync()
    finally:
        transport._issue["all_reduce"] = issue
    return found


def best_us(run: Callable[[], object], k: int, rounds: int = 5) -> float:
    run()
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best / k * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--k", type=int, nargs="+", default=[50, 200, 1000])
    args = parser.parse_args(argv)
    torch = RecordingTorch()
    transport = TorchTransport.over(torch, torch.distributed, False, 0)
    set_default(Communicator(transport))
    x = tr.from_numpy(np.ones(1024, np.float32))
    print(f"{'us per all-reduce':<32}" + "".join(f"{'K=' + str(k):>10}" for k in args.k))
    table = {
        k: {
            **{name: best_us(run, k) for name, run in cases(x, k).items()},
            **stubbed(transport, x, k),
        }
        for k in args.k
    }
    for name in table[args.k[0]]:
        print(f"{name:<32}" + "".join(f"{table[k][name]:>10.2f}" for k in args.k))
    calls = sum(name != "Work.wait" for name, _, _ in torch.calls)
    print(f"({calls} all-reduces recorded)")
    found = depths(transport, x, max(args.k))
    print(
        f"stack depth at the transport's call: chain of {max(args.k)} first {found[0]}, "
        f"last {found[-2]}; a synced op {found[-1]}"
    )
    set_default(None)


if __name__ == "__main__":
    main()

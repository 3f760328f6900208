"""Probe: where an eager all-reduce's host time goes. On two H200s the eager rows of
gpu_bench_distributed.py took about 90 us an all-reduce at 1-16 MiB where torch's loop took
33 us at 1 MiB (2026-11-26): host-bound. Rank 0 times 200 all-reduces of 1 MiB as a `.then`
chain (the benchmark's way) and as separate `.sync()`s, against torch's loop, then prints a
cProfile of the chain.

    python -m tilert.distributed.run -n 2 benchmarks/gpu_probe_collective_host.py
"""

from __future__ import annotations

import cProfile
import pstats
import time
from collections.abc import Callable
from functools import reduce
from typing import Any

import numpy as np

import tilert as tr
import tilert.distributed as dist

K, ELEMENTS = 200, 1 << 18  # 1 MiB of f32


def timed(run: Callable[[], Any]) -> float:
    """Seconds per all-reduce, the GPU drained before and after."""
    import torch

    torch.cuda.synchronize()
    start = time.perf_counter()
    run()
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / K


def main() -> None:
    import torch
    import torch.distributed as td

    comm = dist.init()
    x = tr.from_numpy(np.ones(ELEMENTS, dtype=np.float32))
    xt = torch.ones(ELEMENTS, device=f"cuda:{comm.local_rank}")

    def chain() -> None:
        ops = reduce(lambda op, _: op.then(dist.all_reduce), range(K - 1), dist.all_reduce(x))
        ops.submit().wait()

    def syncs() -> None:
        for _ in range(K):
            dist.all_reduce(x).sync()

    def torch_loop() -> None:
        for _ in range(K):
            td.all_reduce(xt)

    for name, run in (("chain", chain), ("sync each", syncs), ("torch", torch_loop)):
        run()  # warm
        seconds = min(timed(run) for _ in range(3))
        if comm.rank == 0:
            print(f"{name:<10} {seconds * 1e6:8.1f} us an all-reduce")
    profile = cProfile.Profile()
    profile.enable()
    chain()
    profile.disable()
    if comm.rank == 0:
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
    dist.shutdown()


if __name__ == "__main__":
    main()

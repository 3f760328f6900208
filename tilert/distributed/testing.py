"""A world of N ranks in one process, for tests: each rank a thread with its own communicator
(on the stand-in, ``tilert.distributed.local``) and its own stream, running the same function
as each process of a launched program would."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from tilert.distributed.communicator import Communicator, set_current
from tilert.distributed.local import LocalWorld
from tilert.streams import Stream

R = TypeVar("R")


def run_ranks(size: int, fn: Callable[[Communicator], R], *, timeout_s: float = 60.0) -> list[R]:
    """``fn(comm)`` on ``size`` threads, rank by rank; their results in rank order. In each,
    ``tilert.distributed``'s functions use that rank's communicator and ``tr.current_stream()``
    is a stream of its own. The first rank to fail fails the world (ranks waiting on it raise)
    and its exception is raised here, after every thread ended."""
    world = LocalWorld(size, timeout_s)
    results: dict[int, R] = {}
    failures: list[tuple[int, BaseException]] = []
    lock = threading.Lock()

    def rank_main(rank: int) -> None:
        comm = Communicator(world.transport(rank), local_rank=rank)
        set_current(comm)
        try:
            with Stream():
                results[rank] = fn(comm)
        except BaseException as exc:
            with lock:
                failures.append((rank, exc))
            world.fail(f"rank {rank} failed: {type(exc).__name__}: {exc}")
        finally:
            comm.close()

    threads = [
        threading.Thread(target=rank_main, args=(r,), name=f"tilert-rank-{r}", daemon=True)
        for r in range(size)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        rank, exc = failures[0]
        if hasattr(exc, "add_note"):  # (Python 3.11+)
            exc.add_note(f"(on rank {rank} of {size}, tilert.distributed.testing.run_ranks)")
        raise exc
    return [results[r] for r in range(size)]

"""Looks suspicious: `start_prefill` submits and returns a closure that waits; the caller
reads only after calling the finisher."""

from __future__ import annotations

from collections.abc import Callable

from llmforge import kernels as k

import tilert as tr


def start_prefill(cache: tr.Tensor, prompt: tr.Tensor) -> Callable[[], None]:
    pending = k.copy(cache.partition((16,)), prompt).submit()

    def finish() -> None:
        pending.wait()

    return finish


cache = tr.zeros((64,))
finish = start_prefill(cache, tr.full((64,), 5.0))
busy_work = sum(range(100))
finish()
assert cache.to_numpy()[0] == 5.0
print(busy_work, cache.to_numpy()[0])

"""A scheduler polls `done()` until the prefill finishes, then reads the result without
waiting: `done()` only asks, the Pending still holds the tensor."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr


def prefill(prompt: tr.Tensor, cache: tr.Tensor) -> tr.Pending:
    return k.scale(cache.partition((16,)), prompt, 1.0).submit()


def run(prompt: tr.Tensor, cache: tr.Tensor) -> float:
    pending = prefill(prompt, cache)
    polls = 0
    while not pending.done():
        polls += 1
    value = float(cache.to_numpy()[0])  # expect: TC102
    pending.wait()
    return value + polls * 0


print(run(tr.full((64,), 4.0), tr.zeros((64,))))

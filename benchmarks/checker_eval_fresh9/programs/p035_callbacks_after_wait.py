"""Completion callbacks registered in a list, run by the loop once the work is waited."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

callbacks: list[Callable[[], None]] = []
results: dict[str, float] = {}
out = tr.zeros((8,))
callbacks.append(lambda: results.__setitem__("mean", float(out.to_numpy().mean())))
callbacks.append(lambda: results.__setitem__("max", float(out.to_numpy().max())))


def run_loop(pending: tr.Pending[Any]) -> None:
    pending.wait()
    for cb in callbacks:
        cb()


run_loop(k.fill(tiles(out), 4.0).submit())
assert results == {"mean": 4.0, "max": 4.0}
print("ok")

"""Completion callbacks registered in a list and run by a small event loop."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

callbacks: list[Callable[[], None]] = []
results: dict[str, float] = {}
out = tr.zeros((8,))
callbacks.append(lambda: results.__setitem__("mean", float(out.to_numpy().mean())))  # expect: TC102


def run_loop(pending: tr.Pending[Any]) -> None:
    for cb in callbacks:
        cb()  # expect-also
    pending.wait()


run_loop(k.fill(tiles(out), 4.0).submit())
print(results)

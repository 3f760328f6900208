"""Step callbacks registered in a list and run by the loop right after the step is submitted."""

from collections.abc import Callable

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

hidden = tr.zeros((8,), dtype=f32, name="hidden")
history: list[float] = []
callbacks: list[Callable[[int], None]] = []


def on_step(i: int) -> None:
    history.append(float(hidden.to_numpy()[i]))  # expect: TC102


callbacks.append(on_step)
x = tr.arange(8, dtype=f32)
for step in range(2):
    pend = k.scale(tiles(hidden), x, float(step)).submit()
    for cb in callbacks:
        cb(step)  # expect-also
    pend.wait()

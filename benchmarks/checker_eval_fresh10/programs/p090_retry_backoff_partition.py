"""A retry-with-backoff loop around a launch that reuses the tiles planned before the loop."""

import time

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
out = tr.zeros((8,), dtype=f32)
part = tiles(out)
delay = 0.001
for attempt in range(3):
    try:
        k.scale(part, x, 2.0).sync()  # expect: TC109
        if attempt == 0:
            raise TimeoutError("device busy")
        break
    except TimeoutError:
        time.sleep(delay)
        delay *= 2

"""A launch wrapped in a retry-with-backoff loop; the output tiles are planned before it."""

from __future__ import annotations

import time

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

out = tr.zeros((8,), name="out")
src = tr.full((8,), 1.5)
attempts = 0


def validate() -> None:
    global attempts
    attempts += 1
    if attempts < 2:
        raise ValueError("checksum mismatch, retrying")


plan = tiles(out)
for backoff in (0.001, 0.002, 0.004):
    try:
        k.copy(plan, src).sync()  # expect: TC109
        validate()
        break
    except ValueError:
        time.sleep(backoff)
print(out.to_numpy())

"""A reporter closure called in a `finally` after the update's wait."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

params = tr.ones((256,))
grads = tr.full((256,), 2.0)


def report() -> float:
    return float(params.to_numpy().mean())


history: list[float] = []
for step in range(3):
    pend = K.axpy(tiles(params), grads, -0.25).submit()
    try:
        if step == 1:
            continue
    finally:
        pend.wait()
        history.append(report())
assert history == [0.5, 0.0, -0.5], history

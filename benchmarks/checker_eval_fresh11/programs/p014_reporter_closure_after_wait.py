"""A reporter closure made by a factory, called after the update it reports was waited."""

from collections.abc import Callable

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


def make_reporter(buf: tr.Tensor, label: str) -> Callable[[], float]:
    def report() -> float:
        return float(buf.to_numpy().mean())

    return report


params = tr.ones((512,), name="params")
grads = tr.full((512,), 0.1)
report = make_reporter(params, "params")
update = K.axpy(tiles(params), grads, -0.5).submit()
update.wait()
assert abs(report() - 0.95) < 1e-6

"""A reporter closure made by a factory, called while the update it reports is in flight."""

from collections.abc import Callable

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


def make_reporter(buf: tr.Tensor, label: str) -> Callable[[], str]:
    def report() -> str:
        return f"{label}: mean {buf.to_numpy().mean():.3f}"  # expect: TC102

    return report


params = tr.ones((512,), name="params")
grads = tr.full((512,), 0.1)
report = make_reporter(params, "params")
update = K.axpy(tiles(params), grads, -0.5).submit()
print(report())  # expect-also
update.wait()

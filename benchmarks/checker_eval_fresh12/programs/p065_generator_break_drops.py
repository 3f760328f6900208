"""A generator yielding Pendings; the consumer breaks on the step that hits its budget without
waiting it."""

from collections.abc import Iterator

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def steps(x: tr.Tensor, outs: list[tr.Tensor]) -> Iterator[tr.Pending]:
    for i, out in enumerate(outs):
        yield K.scale(tiles(out), x, float(i)).submit()  # expect: TC108


def run(budget: int) -> int:
    x = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(5)]
    done = 0
    for pend in steps(x, outs):
        if done == budget:
            break  # expect-also
        pend.wait()
        done += 1
    return done


print(run(2))

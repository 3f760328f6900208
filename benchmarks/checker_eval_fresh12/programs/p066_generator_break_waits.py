"""A generator yielding Pendings; the consumer waits each one before checking its budget."""

from collections.abc import Iterator

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def steps(x: tr.Tensor, outs: list[tr.Tensor]) -> Iterator[tr.Pending]:
    for i, out in enumerate(outs):
        yield K.scale(tiles(out), x, float(i)).submit()


def run(budget: int) -> int:
    x = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(5)]
    done = 0
    for pend in steps(x, outs):
        pend.wait()
        done += 1
        if done == budget:
            break
    return done


assert run(2) == 2

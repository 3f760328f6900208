"""A generator yields partitions of a calibration buffer; the consumer reads the buffer while
the yielded partition is still alive."""

from collections.abc import Iterator

from llmkit import kernels as K

import tilert as tr

calib = tr.zeros((256,), name="calib")


def plans(t: tr.Tensor, rounds: int) -> Iterator[tr.Partition]:
    for _ in range(rounds):
        yield t.partition((64,))


x = tr.arange(256)
for r, plan in enumerate(plans(calib, 2)):
    peak = float(calib.to_numpy().max())  # expect: TC104
    K.scale(plan, x, float(r)).sync()

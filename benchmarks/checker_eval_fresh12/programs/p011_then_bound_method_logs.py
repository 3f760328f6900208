"""A `.then` callback that is a bound method of a tracer, logging the chain's output before it
launches the next step."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


class Tracer:
    def __init__(self, out: tr.Tensor, bias: tr.Tensor) -> None:
        self.out = out
        self.bias = bias
        self.log: list[float] = []

    def after_scale(self, part: tr.Partition, *_: object) -> tr.Op:
        self.log.append(float(self.out.to_numpy().max()))  # expect: TC102
        return K.accum(part, self.bias)


x = tr.ones((128,))
out = tr.zeros((128,))
tracer = Tracer(out, tr.full((128,), 0.5))
K.scale(tiles(out), x, 3.0).then(tracer.after_scale).sync()  # expect-also
print(tracer.log)

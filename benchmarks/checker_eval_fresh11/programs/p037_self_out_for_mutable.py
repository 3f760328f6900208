"""A projector passes its output tensor itself for the Mutable parameter."""

from llmkit import kernels as K

import tilert as tr


class Projector:
    def __init__(self, n: int, gain: float) -> None:
        self.gain = gain
        self.out = tr.zeros((n,))

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        K.scale(self.out, x, self.gain).sync()  # expect: TC106
        return self.out


proj = Projector(128, 2.0)
y = proj(tr.arange(128))  # expect-also
print(y.to_numpy()[:2])

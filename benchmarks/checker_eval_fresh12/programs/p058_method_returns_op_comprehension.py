"""Experts whose `plan()` method returns an op; a comprehension plans all of them and the zip
leaves the last out."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


class Expert:
    def __init__(self, gain: float, n: int) -> None:
        self.gain = gain
        self.out = tr.zeros((n,))

    def plan(self, x: tr.Tensor) -> tr.Op:
        return K.scale(tiles(self.out), x, self.gain)  # expect: TC105


def main() -> None:
    x = tr.ones((128,))
    experts = [Expert(g, 128) for g in (1.0, 2.0, 3.0)]
    ops = [e.plan(x) for e in experts]  # expect-also
    tr.zip(*ops[:-1]).sync()
    print([float(e.out.to_numpy()[0]) for e in experts[:-1]])


if __name__ == "__main__":
    main()

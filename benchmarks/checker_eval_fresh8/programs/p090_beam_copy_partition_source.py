"""Beam reorder that passes the parent beam's partition as the source of the copy."""

from llmweave.kernels import copy

import tilert as tr


class Beam:
    def __init__(self, score: float) -> None:
        self.buf = tr.full((64,), score)

    def tiles(self) -> tr.Partition:
        return self.buf.partition((16,))


beams = [Beam(float(i)) for i in range(2)]
copy(beams[1].tiles(), beams[0].tiles()).sync()  # expect: TC106

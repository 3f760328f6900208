"""Beams compared with __eq__ (reading both tensors); the dedup runs before the second wait."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


class Beam:
    def __init__(self, n: int) -> None:
        self.tokens = tr.zeros(n)

    def __eq__(self, other: object) -> bool:
        assert isinstance(other, Beam)
        mine = self.tokens.to_numpy()
        return bool(np.array_equal(mine, other.tokens.to_numpy()))  # expect: TC102

    __hash__ = None  # type: ignore[assignment]


src = tr.arange(64)
a, b = Beam(64), Beam(64)
pa = K.copy(tiles(a.tokens), src).submit()
pa.wait()
pb = K.copy(tiles(b.tokens), src).submit()
same = a == b  # expect-also
pb.wait()
print(same)

"""A cache writer builds its write op, then returns early when the position is already cached."""

from llmweave.kernels import copy

import tilert as tr


class CacheWriter:
    def __init__(self) -> None:
        self.rows = [tr.zeros((64,)) for _ in range(4)]
        self.cached: set[int] = set()

    def write(self, pos: int, key: tr.Tensor) -> None:
        op = copy(self.rows[pos].partition((16,)), key)  # expect: TC105
        if pos in self.cached:
            return
        op.sync()
        self.cached.add(pos)


w = CacheWriter()
key = tr.ones((64,))
for pos in (0, 1, 0):
    w.write(pos, key)  # expect-also

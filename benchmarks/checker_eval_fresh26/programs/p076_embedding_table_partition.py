"""An embedding lookup layer that keeps its table tiled the way the output is."""

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def scaled_rows(out: Mutable[Tensor[f32]], table: Shared[Tensor[f32]], factor: float) -> None:
    out.store(factor * tl.load_tile_like(table, out))


class Embedding:
    def __init__(self, vocab: int, dim: int) -> None:
        rng = np.random.default_rng(0)
        self.table = tr.from_numpy(rng.standard_normal((vocab, dim)).astype(np.float32))
        self.table_tiles = self.table.partition((8, dim))
        self.dim = dim

    def forward(self, out: tr.Tensor) -> tr.Tensor:
        out_tiles = out.partition((8, self.dim))
        scaled_rows(out_tiles, self.table_tiles, self.dim**0.5).sync()  # expect: TC106
        return out


emb = Embedding(vocab=64, dim=32)
result = emb.forward(tr.empty((64, 32)))  # expect-also: TC106
print(result.to_numpy()[0, :3])

import numpy as np
from trainkit import TILE, accumulate, copy

import tilert as tr
from tilert import Tensor, f32


def prefetch(dst: Tensor[f32], src: Tensor[f32]) -> tr.Pending:
    return copy(dst.partition((TILE,)), src).submit()


rng = np.random.default_rng(6)
dataset = [tr.from_numpy(rng.random(1024, dtype=np.float32)) for _ in range(3)]
buf = tr.empty((1024,), name="buf")
total = tr.zeros((1024,), name="total")

for batch in dataset:
    staged = prefetch(buf, batch)
    staged.wait()
    accumulate(total.partition((TILE,)), buf).sync()
print(total.to_numpy()[:2])

"""A checkpoint shard serialized through `__bytes__` while its update is still in flight."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


class Shard:
    def __init__(self, n: int) -> None:
        self.weight = tr.ones((n,), name="weight")
        self.pending: tr.Pending | None = None

    def update(self, grad: tr.Tensor, lr: float) -> None:
        self.pending = K.axpy(tiles(self.weight), grad, -lr).submit()

    def __bytes__(self) -> bytes:
        return self.weight.to_numpy().tobytes()  # expect: TC102


shard = Shard(64)
shard.update(tr.full((64,), 0.5), 0.1)
blob = bytes(shard)  # expect-also
assert shard.pending is not None
shard.pending.wait()
print(len(blob), np.frombuffer(blob, np.float32)[:2])

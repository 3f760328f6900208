"""A checkpoint shard serialized through `__bytes__`, which waits its update first."""

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
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        return self.weight.to_numpy().tobytes()


shard = Shard(64)
shard.update(tr.full((64,), 0.5), 0.1)
blob = bytes(shard)
restored = np.frombuffer(blob, np.float32)
assert np.allclose(restored, 0.95)
print(len(blob), restored[:2])

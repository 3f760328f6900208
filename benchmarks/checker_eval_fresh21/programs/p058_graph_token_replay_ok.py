"""A decode graph replayed per token with an eager argmax copy after close, checked with numpy."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class DecodeGraph:
    def __init__(self, x: tr.Tensor) -> None:
        self.logits = tr.zeros(x.shape)
        with tr.graph() as g:
            g.record(K.scale(H.tiles(self.logits), x, 1.5))
        self.g = g

    def replay(self, n: int) -> None:
        for _ in range(n):
            self.g.launch().wait()

    def close(self) -> np.ndarray:
        self.g.close()
        return self.logits.to_numpy()


dec = DecodeGraph(H.upload(np.arange(32)))
dec.replay(3)
assert int(dec.close().argmax()) == 31

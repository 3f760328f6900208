"""A decode graph whose __iter__ replays it once per token and yields the logits' argmax; the
graph still holds the logits."""

from collections.abc import Iterator

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

    def __iter__(self) -> Iterator[int]:
        for _ in range(3):
            self.g.launch().wait()
            yield int(self.logits.to_numpy().argmax())  # expect: TC102

    def close(self) -> None:
        self.g.close()


dec = DecodeGraph(H.upload(np.arange(32)))
tokens = list(dec)  # expect-also
dec.close()

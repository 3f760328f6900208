"""A Vocab whose __contains__ reads the id tensor; `in` is asked while the ids are written."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


class Vocab:
    def __init__(self, n: int) -> None:
        self.ids = tr.zeros((n,))

    def refresh(self, src: tr.Tensor) -> tr.Pending:
        return K.copy(tiles(self.ids), src).submit()

    def __contains__(self, token: int) -> bool:
        return bool(np.any(self.ids.to_numpy() == token))  # expect: TC102


vocab = Vocab(16)
pending = vocab.refresh(upload(np.arange(100, 116)))
if 105 in vocab:  # expect-also
    print("known")
pending.wait()

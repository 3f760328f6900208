"""contextlib.closing() on a writer whose close() syncs the flush op that flush() already ran."""

import contextlib

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


class Writer:
    def __init__(self, out: tr.Tensor, x: tr.Tensor) -> None:
        self.flush_op = K.copy(tiles(out), x)

    def flush(self) -> None:
        self.flush_op.sync()

    def close(self) -> None:
        self.flush_op.sync()  # expect: TC110


out = tr.zeros((16,))
with contextlib.closing(Writer(out, upload(np.arange(16)))) as w:  # expect-also
    w.flush()

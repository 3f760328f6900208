"""Q, K and V Pendings in a typing.NamedTuple, waited through reversed() before the reads."""

from typing import NamedTuple

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


class QKV(NamedTuple):
    q: tr.Pending
    k: tr.Pending
    v: tr.Pending


x = upload(np.arange(16))
bufs = [tr.zeros((16,)) for _ in range(3)]
batch = QKV(*(K.scale(tiles(b), x, float(i + 1)).submit() for i, b in enumerate(bufs)))
for pending in reversed(batch):
    pending.wait()
assert [float(b.to_numpy()[1]) for b in bufs] == [1.0, 2.0, 3.0]

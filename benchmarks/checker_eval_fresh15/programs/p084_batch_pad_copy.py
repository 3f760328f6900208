"""Continuous batching: the next batch is padded into the buffer the last launch still reads."""

import numpy as np
from llmlathe import kernels as K

import tilert as tr


def pack(rows: list[np.ndarray], width: int) -> tr.Tensor:
    out = np.zeros((len(rows), width), dtype=np.float32)
    for i, r in enumerate(rows):
        out[i, : r.size] = r
    return tr.from_numpy(out)


batch = tr.zeros((4, 16))
logits = tr.zeros((4, 16))
waves = [
    [np.ones(n, dtype=np.float32) * n for n in (3, 5, 16, 1)],
    [np.ones(n, dtype=np.float32) for n in (2, 2, 9, 7)],
]
pending = None
for wave in waves:
    batch.copy_from(pack(wave, 16))  # expect: TC103
    pending = K.scale(logits.partition((1, 16)), batch, 0.5).submit()
pending.wait()

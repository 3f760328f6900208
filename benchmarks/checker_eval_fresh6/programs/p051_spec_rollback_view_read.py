"""Speculative decoding rollback: the draft writes the whole KV layer; the rollback logic
reads the accepted prefix `kv[layer, :accepted]` before waiting the draft."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

LAYERS, POS = 2, 32


def draft_layer(kv: tr.Tensor, layer: int, proposal: tr.Tensor) -> tr.Pending:
    return k.copy(kv[layer].partition((16,)), proposal).submit()


def accepted_prefix(kv: tr.Tensor, layer: int, accepted: int) -> np.ndarray:
    return kv[layer, :accepted].to_numpy()  # expect: TC102


kv = tr.zeros((LAYERS, POS), name="kv")
proposal = tr.from_numpy(np.arange(POS, dtype=np.float32))
p = draft_layer(kv, 1, proposal)
prefix = accepted_prefix(kv, 1, 5)  # expect-also
p.wait()
print(prefix)

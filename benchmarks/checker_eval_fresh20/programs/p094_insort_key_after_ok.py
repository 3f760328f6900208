"""Beams inserted with bisect.insort(key=...) once their logits are waited."""

import bisect

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


def best_logit(beam: tuple[str, tr.Tensor]) -> float:
    return float(beam[1].to_numpy().max())


h = upload(np.linspace(0, 1, 16))
ranked: list[tuple[str, tr.Tensor]] = []
for i in (2, 0, 1):
    logits = tr.zeros((16,))
    K.scale(tiles(logits), h, float(i + 1)).submit().wait()
    bisect.insort(ranked, (f"beam{i}", logits), key=best_logit)
assert [name for name, _ in ranked] == ["beam0", "beam1", "beam2"]

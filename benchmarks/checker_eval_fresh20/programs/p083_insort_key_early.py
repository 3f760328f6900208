"""Beams inserted with bisect.insort(key=...) whose key reads each beam's logits unwaited."""

import bisect

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


def best_logit(beam: tuple[str, tr.Tensor]) -> float:
    return float(beam[1].to_numpy().max())  # expect: TC102


h = upload(np.linspace(0, 1, 16))
ranked: list[tuple[str, tr.Tensor]] = []
pendings = []
for i in range(3):
    logits = tr.zeros((16,))
    pendings.append(K.scale(tiles(logits), h, float(i + 1)).submit())
    bisect.insort(ranked, (f"beam{i}", logits), key=best_logit)  # expect-also
for pending in pendings:
    pending.wait()

"""Two beams' sorted scores merged with heapq.merge while the second beam's scores are in flight."""

import heapq

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

logits_a = H.upload(np.linspace(0, 1, 16))
logits_b = H.upload(np.linspace(0.5, 1.5, 16))
scores_a, scores_b = tr.zeros((16,)), tr.zeros((16,))

pa = K.scale(H.tiles(scores_a), logits_a, 2.0).submit()
pb = K.scale(H.tiles(scores_b), logits_b, 2.0).submit()
pa.wait()
ranked = list(
    heapq.merge(
        sorted(scores_a.to_numpy().tolist()),
        sorted(scores_b.to_numpy().tolist()),  # expect: TC102
    )
)
pb.wait()
print(ranked[-3:])

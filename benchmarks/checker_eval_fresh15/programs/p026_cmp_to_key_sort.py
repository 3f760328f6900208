"""Rank hypotheses with sorted(key=cmp_to_key(...)) comparing their scores, before the waits."""

from functools import cmp_to_key

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec, wait_all

import tilert as tr

step = vec(np.ones(16))
scores = [tr.zeros((16,)) for _ in range(3)]
pending = [
    K.scale(tiles(s), step, w).submit() for s, w in zip(scores, (0.2, 0.9, 0.5), strict=True)
]


def by_score(a: tr.Tensor, b: tr.Tensor) -> int:
    return int(np.sign(b.to_numpy().sum() - a.to_numpy().sum()))  # expect: TC102


ranked = sorted(scores, key=cmp_to_key(by_score))  # expect-also
wait_all(pending)
print(len(ranked))

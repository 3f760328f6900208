"""Speculative decoding: the draft logits are produced, and a `.then` callback decides how many
draft tokens to accept by looking at them on the host, inside the chain."""

import numpy as np
from llmcraft import copy, scale

import tilert as tr

K = 4
V = 128

rng = np.random.default_rng(7)
hidden = tr.from_numpy(rng.standard_normal(V).astype(np.float32))
draft_logits = tr.zeros((V,), name="draft_logits")
target_logits = tr.zeros((V,), name="target_logits")
accepted: list[int] = []


def verify(draft_part: tr.Partition, *_: object) -> tr.Op:
    draft = draft_logits.to_numpy()  # expect: TC102
    accepted.extend(int(t) for t in np.argsort(draft)[-K:])
    return copy(target_logits.partition((64,)), hidden)


scale(draft_logits.partition((64,)), hidden, 0.9).then(verify).sync()  # expect-also: TC102
print("accepted", accepted)

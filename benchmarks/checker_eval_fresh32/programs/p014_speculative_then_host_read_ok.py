"""Speculative decoding: the draft and target logits are produced as one chain; the accepted
tokens are decided on the host once the chain has run."""

import numpy as np
from llmcraft import copy, scale

import tilert as tr

K = 4
V = 128

rng = np.random.default_rng(7)
hidden = tr.from_numpy(rng.standard_normal(V).astype(np.float32))
draft_logits = tr.zeros((V,), name="draft_logits")
target_logits = tr.zeros((V,), name="target_logits")


def verify(draft_part: tr.Partition, *_: object) -> tr.Op:
    return copy(target_logits.partition((64,)), hidden)


scale(draft_logits.partition((64,)), hidden, 0.9).then(verify).sync()
draft = draft_logits.to_numpy()
target = target_logits.to_numpy()
accepted = [int(t) for t in np.argsort(draft)[-K:] if target[t] >= draft[t]]
print("accepted", accepted)

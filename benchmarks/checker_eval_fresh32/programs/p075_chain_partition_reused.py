"""Attention scores computed as a `.then` chain on one partition, then the same partition
object is reused for the softmax temperature pass after the chain has run."""

import numpy as np
from llmcraft import add, scale

import tilert as tr

SEQ = 256

rng = np.random.default_rng(21)
qk = tr.from_numpy(rng.standard_normal(SEQ).astype(np.float32), name="qk")
mask = tr.from_numpy(np.where(np.arange(SEQ) < 200, 0.0, -1e4).astype(np.float32), name="mask")
scores = tr.empty((SEQ,), name="scores")

scores_part = scores.partition((64,))
add(scores_part, qk, mask).then(lambda sp, *_: scale(sp, qk, 0.125)).sync()
scale(scores_part, mask, 0.5).sync()  # expect: TC109
print(scores.to_numpy()[:4])

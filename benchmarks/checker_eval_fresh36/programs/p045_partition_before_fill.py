"""Scaling the token embeddings by sqrt(hidden) in place (Gemma style): the partition is taken
first, then the host fills the buffer with the looked-up rows, then the kernel runs."""

import math

import numpy as np
from modelops import scale

import tilert as tr

SEQ, HIDDEN = 12, 64
table = np.random.default_rng(17).standard_normal((100, HIDDEN)).astype(np.float32)
ids = [3, 14, 15, 92, 65, 35, 89, 79, 32, 38, 46, 26]

h = tr.empty((SEQ, HIDDEN), name="inputs_embeds")
rows = h.partition((1, HIDDEN))
h.copy_from(table[ids])  # expect: TC104
scale(rows, math.sqrt(HIDDEN)).sync()
print(h.to_numpy()[0, :3])

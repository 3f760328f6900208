"""The package's helpers: uploads and scalings submitted, drained by drain(), then read."""

import llmforge.ops as fo
import numpy as np

import tilert as tr
from tilert import f32

host = [np.full(8, i, dtype=np.float32) for i in range(3)]
staging = [tr.from_numpy(h) for h in host]
dev = [tr.zeros((8,), dtype=f32) for _ in host]
scaled = [tr.zeros((8,), dtype=f32) for _ in host]
fo.drain([fo.upload(d, s) for d, s in zip(dev, staging, strict=True)])
fo.drain(fo.scaled(o, d, 0.5) for o, d in zip(scaled, dev, strict=True))
assert [fo.peek(t) for t in scaled] == [0.0, 0.5, 1.0]

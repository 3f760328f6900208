"""SwiGLU-style gate: act = gelu(gate) * up, with every output's partition made up front."""

import numpy as np
from llmfjord import gelu_tanh, mul, scale

import tilert as tr

FF = 4096
rng = np.random.default_rng(4)
x = tr.from_numpy(rng.standard_normal(FF).astype(np.float32))

bufs = {name: tr.empty((FF,), name=name) for name in ("gate", "up", "act")}
parts = {name: buf.partition((512,)) for name, buf in bufs.items()}

gelu_tanh(parts["gate"], x).sync()
scale(parts["up"], x, 2.0).sync()
mul(parts["act"], bufs["gate"], bufs["up"]).sync()
print(bufs["act"].to_numpy()[:4])

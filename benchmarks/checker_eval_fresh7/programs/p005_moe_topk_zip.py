"""Top-2 routing: the two chosen experts' ops are zipped into one op and synced together."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

DIM = 64
gates = {"up": tr.full((DIM,), 0.5), "down": tr.full((DIM,), 2.0), "mid": tr.ones((DIM,))}
outputs = {k: tr.zeros((DIM,), name=f"out_{k}") for k in gates}
x = tr.arange(DIM)

scores = {"up": 0.9, "down": 0.7, "mid": 0.1}
top2 = sorted(scores, key=scores.__getitem__, reverse=True)[:2]
ops = [K.mul(outputs[k].partition((16,)), x, gates[k]) for k in top2]
tr.zip(*ops).sync()

mix = sum(scores[k] * outputs[k].to_numpy() for k in top2)
assert np.allclose(mix, (0.9 * 0.5 + 0.7 * 2.0) * np.arange(DIM))
print("top2", top2, float(mix[3]))

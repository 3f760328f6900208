"""A quantization calibration pass: an EMA of each layer's activations kept in a dict of
statistics buffers; the Pendings in a dict of lists, all waited before the scales are read."""

from collections import defaultdict

import numpy as np
from llmweave.kernels import ema, square

import tilert as tr

LAYERS = ("attn", "mlp", "out")
stats = {name: tr.zeros((64,), name=f"{name}_stat") for name in LAYERS}
squares = {name: tr.zeros((64,)) for name in LAYERS}
inflight: defaultdict[str, list[tr.Pending]] = defaultdict(list)

for batch in range(3):
    act = tr.full((64,), float(batch + 1))
    for name in LAYERS:
        for p in inflight[name]:
            p.wait()
        inflight[name].clear()
        square(squares[name].partition((16,)), act).sync()
        inflight[name].append(ema(stats[name].partition((16,)), squares[name], 0.5).submit())

for pendings in inflight.values():
    for p in pendings:
        p.wait()
scales = {name: float(np.sqrt(stats[name].to_numpy().max())) / 127 for name in LAYERS}
assert len(scales) == 3
print(scales)

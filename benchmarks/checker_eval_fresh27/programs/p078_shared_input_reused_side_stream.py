"""Feature extraction on a side stream reads the input buffer; the main stream then reuses
that buffer for the next batch's normalization before the side work is waited on."""

import numpy as np
from llmcove import copy, relu, scale

import tilert as tr

N = 1024
rng = np.random.default_rng(12)
inp = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
next_batch = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
features = tr.empty((N,))
side = tr.Stream()

feat_pending = relu(features.partition((256,)), inp).submit(side)
staged = copy(inp.partition((256,)), next_batch)  # expect: TC103
staged.then(lambda p, *_: scale(p, 0.5)).sync()
feat_pending.wait()
print(float(features.to_numpy().sum()), float(inp.to_numpy().sum()))

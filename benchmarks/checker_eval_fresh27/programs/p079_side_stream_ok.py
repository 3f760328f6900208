"""Feature extraction on a side stream reads the input buffer; the main stream stages the
next batch into a second buffer meanwhile, and the buffers swap."""

import numpy as np
from llmcove import copy, relu, scale

import tilert as tr

N = 1024
rng = np.random.default_rng(12)
host_batches = [rng.standard_normal(N).astype(np.float32) for _ in range(4)]
cur, nxt = tr.from_numpy(host_batches[0]), tr.empty((N,))
features = [tr.empty((N,)) for _ in host_batches]
side = tr.Stream()

sums = []
for i in range(len(host_batches)):
    feat_pending = relu(features[i].partition((256,)), cur).submit(side)
    if i + 1 < len(host_batches):
        staged = tr.from_numpy(host_batches[i + 1])
        copy(nxt.partition((256,)), staged).then(lambda p, *_: scale(p, 0.5)).sync()
    feat_pending.wait()
    sums.append(round(float(features[i].to_numpy().sum()), 3))
    cur, nxt = nxt, cur
print(sums)

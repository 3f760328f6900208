"""Overlapping the LM head with host bookkeeping on a side stream: the author synchronizes on an
event recorded after the launch and then reads the logits, without waiting on the Pending."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB = 64, 256
rng = np.random.default_rng(26)
h = tr.from_numpy(rng.standard_normal((2, HIDDEN)).astype(np.float32))
lm_head = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))
logits = tr.empty((2, VOCAB))

side = tr.Stream()
pending = tk.linear(logits, h, lm_head).submit(side)
done = side.record()
finished = ["req0"]  # host bookkeeping meanwhile
done.synchronize()
best = logits.to_numpy().argmax(axis=1)  # expect: TC102
pending.wait()
print(best, finished)

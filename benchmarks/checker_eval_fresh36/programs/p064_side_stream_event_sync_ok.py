"""Two streams: the LM head runs on a side stream, the main stream waits for its event before
the argmax that reads the logits, and the host waits on both Pendings before reading."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB = 64, 256
rng = np.random.default_rng(26)
h = tr.from_numpy(rng.standard_normal((2, HIDDEN)).astype(np.float32))
lm_head = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))
logits = tr.empty((2, VOCAB))
ids = tr.zeros((2,), dtype=tr.i32)

side = tr.Stream()
main = tr.Stream()
head = tk.linear(logits, h, lm_head).submit(side)
main.wait_event(side.record())
head.wait()
pick = tk.argmax(ids, logits).submit(main)
pick.wait()
print(ids.to_numpy(), logits.to_numpy().argmax(axis=1))

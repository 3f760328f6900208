"""Continuous batching bookkeeping: each running request has its own output row; the engine
submits one projection per request, keeps the Pendings in a dict by request id, and collects
the results in a dict comprehension that runs before the waits."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB = 32, 64
rng = np.random.default_rng(25)
lm_head = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))
running = {"req-a": 3, "req-b": 7, "req-c": 1}
hidden = {
    rid: tr.from_numpy(rng.standard_normal((1, HIDDEN)).astype(np.float32)) for rid in running
}
logits = {rid: tr.empty((1, VOCAB), name=f"logits[{rid}]") for rid in running}

inflight = {rid: tk.linear(logits[rid], hidden[rid], lm_head).submit() for rid in running}
results = {rid: int(logits[rid].to_numpy().argmax()) for rid in running}  # expect: TC102
for p in inflight.values():
    p.wait()
print(results)

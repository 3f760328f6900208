"""Replay a captured step and look at the logits between replays."""

import numpy as np
from llmquay import scale

import tilert as tr

VOCAB = 1024

logits = tr.empty((VOCAB,), name="logits")
hidden = tr.from_numpy(np.linspace(0, 1, VOCAB, dtype=np.float32))

with tr.graph() as g:
    g.record(scale(logits.partition((256,)), hidden, 2.0))

for step in range(4):
    g.launch().wait()
    top = int(np.argmax(logits.to_numpy()))  # expect: TC102
    print(f"step {step}: top token {top}")
g.close()

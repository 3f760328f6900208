"""Replay a captured step a few times, then look at the logits."""

import numpy as np
from llmquay import scale

import tilert as tr

VOCAB = 1024

logits = tr.empty((VOCAB,), name="logits")
hidden = tr.from_numpy(np.linspace(0, 1, VOCAB, dtype=np.float32))

with tr.graph() as g:
    g.record(scale(logits.partition((256,)), hidden, 2.0))

for _step in range(4):
    g.launch().wait()
g.close()  # the graph holds logits until it is closed
top = int(np.argmax(logits.to_numpy()))
assert top == VOCAB - 1
print(f"top token {top}")

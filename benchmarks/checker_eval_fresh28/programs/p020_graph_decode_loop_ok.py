"""One decode step per token as a graph: capture, replay, close, then read the logits."""

import numpy as np
from llmdelta import add, copy, relu

import tilert as tr

D = 256
hidden = tr.from_numpy(np.full(D, 0.01, dtype=np.float32))
bias = tr.full((D,), 0.001)
h1 = tr.zeros((D,))
logits = tr.zeros((D,))

tokens = []
for _ in range(4):
    with tr.graph() as g:
        g.record(add(h1.partition((64,)), hidden, bias))
        g.record(relu(logits.partition((64,)), h1))
        g.record(copy(hidden.partition((64,)), logits))
    g.launch().wait()
    g.close()
    tokens.append(int(np.argmax(logits.to_numpy())))
assert np.allclose(logits.to_numpy(), 0.014)
print(tokens)

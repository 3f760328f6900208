"""Recording a logits step in a graph: the recorded launch passes the logits tensor itself for
the kernel's output."""

import numpy as np
from llmcraft import add

import tilert as tr

V = 256

rng = np.random.default_rng(20)
state = tr.from_numpy(rng.standard_normal(V).astype(np.float32), name="state")
bias = tr.from_numpy(rng.standard_normal(V).astype(np.float32), name="bias")
logits = tr.empty((V,), name="logits")

with tr.graph() as g:
    g.record(add(logits, state, bias))  # expect: TC106
g.launch().wait()
g.close()
print(int(np.argmax(logits.to_numpy())))

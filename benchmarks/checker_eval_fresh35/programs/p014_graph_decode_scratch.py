"""Capture a tiny 'decode step' once, replay it per token."""

import numpy as np
from tilekit import accumulate, add, scale

import tilert as tr

D = 256
state = tr.from_numpy(np.zeros(D, dtype=np.float32))
token_emb = tr.from_numpy(np.full(D, 0.01, dtype=np.float32))
hidden = tr.empty((D,))


def build_step():
    with tr.graph() as g:
        g.record(add(hidden.partition((128,)), state, token_emb))
        scratch = tr.empty((D,))  # expect: TC111
        g.record(scale(scratch.partition((128,)), hidden, 0.5))
        g.record(accumulate(state.partition((128,)), scratch))
    return g


step = build_step()  # expect-also: TC111
for _ in range(8):
    step.launch().wait()
step.close()
print(state.to_numpy()[:4])

"""Decoder layer with the residual added out of place, hidden states ping-ponged."""

import numpy as np
from llmcove import add, silu

import tilert as tr

HIDDEN = 1024


def mlp(out: tr.Tensor, x: tr.Tensor) -> None:
    silu(out.partition((256,)), x).sync()


def decoder_layer(hidden: tr.Tensor, scratch: tr.Tensor, out: tr.Tensor) -> None:
    mlp(scratch, hidden)
    add(out.partition((256,)), hidden, scratch).sync()


rng = np.random.default_rng(0)
cur = tr.from_numpy(rng.standard_normal(HIDDEN).astype(np.float32))
nxt = tr.empty((HIDDEN,))
scratch = tr.empty((HIDDEN,))
for _ in range(2):
    decoder_layer(cur, scratch, nxt)
    cur, nxt = nxt, cur
print(cur.to_numpy()[:4])

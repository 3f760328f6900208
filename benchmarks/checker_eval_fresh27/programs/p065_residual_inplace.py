"""Decoder layer with the residual added in place into the hidden state."""

import numpy as np
from llmcove import add, silu

import tilert as tr

HIDDEN = 1024


def mlp(out: tr.Tensor, x: tr.Tensor) -> None:
    silu(out.partition((256,)), x).sync()


def decoder_layer(hidden: tr.Tensor, scratch: tr.Tensor) -> None:
    mlp(scratch, hidden)
    add(hidden.partition((256,)), hidden, scratch).sync()  # expect: TC101


rng = np.random.default_rng(0)
hidden = tr.from_numpy(rng.standard_normal(HIDDEN).astype(np.float32))
scratch = tr.empty((HIDDEN,))
for _ in range(2):
    decoder_layer(hidden, scratch)  # expect-also: TC101
print(hidden.to_numpy()[:4])

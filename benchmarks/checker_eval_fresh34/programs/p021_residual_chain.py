"""A residual branch as one chain: h = x + attn_out, then the MLP input is relu(h). The chain
hands h's partition from the first op to the callback."""

import numpy as np
from infercore import add, relu

import tilert as tr

N, TILE = 512, 128
rng = np.random.default_rng(21)
x = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
attn_out = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
h = tr.empty((N,), name="h")
mlp_in = tr.empty((N,), name="mlp_in")


def activation(h_part: tr.Partition, *_: object) -> tr.Op:
    return relu(mlp_in.partition((TILE,)), h_part)  # expect: TC106


op = add(h.partition((TILE,)), x, attn_out).then(activation)
op.sync()  # expect-also: TC106
expect = np.maximum(x.to_numpy() + attn_out.to_numpy(), 0)
print("max error", float(np.abs(mlp_in.to_numpy() - expect).max()))

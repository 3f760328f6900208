"""A gated MLP written as free functions; the activation's output buffer is passed as a plain
tensor where the kernel wants a partition."""

import numpy as np
from llmcraft import mul, silu

import tilert as tr

D_FF = 512


def gated_mlp(gate: tr.Tensor, up: tr.Tensor, act: tr.Tensor, out: tr.Tensor) -> None:
    silu(act, gate).sync()  # expect: TC106
    mul(out.partition((128,)), act, up).sync()


rng = np.random.default_rng(0)
gate = tr.from_numpy(rng.standard_normal(D_FF).astype(np.float32))
up = tr.from_numpy(rng.standard_normal(D_FF).astype(np.float32))
act = tr.empty((D_FF,), name="act")
out = tr.empty((D_FF,), name="out")
gated_mlp(gate, up, act, out)  # expect-also: TC106
print(out.to_numpy()[:4])

"""A gated MLP written as free functions; each output is partitioned for its launch."""

import numpy as np
from llmcraft import mul, silu

import tilert as tr

D_FF = 512


def gated_mlp(gate: tr.Tensor, up: tr.Tensor, act: tr.Tensor, out: tr.Tensor) -> None:
    silu(act.partition((128,)), gate).sync()
    mul(out.partition((128,)), act, up).sync()


rng = np.random.default_rng(0)
gate = tr.from_numpy(rng.standard_normal(D_FF).astype(np.float32))
up = tr.from_numpy(rng.standard_normal(D_FF).astype(np.float32))
act = tr.empty((D_FF,), name="act")
out = tr.empty((D_FF,), name="out")
gated_mlp(gate, up, act, out)
print(out.to_numpy()[:4])

"""Q and K projections' activations computed as one op with tr.zip."""

import numpy as np
from llmfjord import gelu_tanh, relu

import tilert as tr

D = 2048
x = tr.from_numpy(np.random.default_rng(9).standard_normal(D).astype(np.float32))
q_act = tr.empty((D,), name="q_act")
k_act = tr.empty((D,), name="k_act")

both = tr.zip(  # expect: TC105
    relu(q_act.partition((512,)), x),
    gelu_tanh(k_act.partition((512,)), x),
)
print("built", both)
both = None

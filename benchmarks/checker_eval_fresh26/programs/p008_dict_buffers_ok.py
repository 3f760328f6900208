"""An MLP block's scratch buffers kept in a dict, as many training scripts do."""

import numpy as np
from llmfjord import add, gelu_tanh

import tilert as tr

D = 1024
rng = np.random.default_rng(1)

buffers = {
    "hidden": tr.from_numpy(rng.standard_normal(D).astype(np.float32)),
    "act": tr.empty((D,)),
    "bias": tr.from_numpy(0.01 * np.ones(D, np.float32)),
    "out": tr.empty((D,)),
}

gelu_tanh(buffers["act"].partition((256,)), buffers["hidden"]).sync()
add(buffers["out"].partition((256,)), buffers["act"], buffers["bias"]).sync()
print(buffers["out"].to_numpy()[:4])

"""A `.then` callback that logs the expert's output norm before chaining the combine step."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

x = tr.arange(64)
expert_out = tr.zeros((64,), name="expert_out")
combined = tr.zeros((64,), name="combined")
norms = []


def log_and_combine(part, *_):
    norms.append(float(np.linalg.norm(expert_out.to_numpy())))  # expect: TC102
    return K.acc(part, x)


K.scale(expert_out.partition((16,)), x, 2.0).then(log_and_combine).sync()  # expect-also

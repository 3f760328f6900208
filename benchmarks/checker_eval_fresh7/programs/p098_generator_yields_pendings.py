"""A generator that launches each microbatch and yields (buffer, Pending); the consumer waits
each before reading and the generator runs to the end."""

import numpy as np
from llmroute import kernels as K

import tilert as tr


def microbatches(n, width):
    src = tr.arange(width)
    for i in range(n):
        buf = tr.zeros((width,), name=f"mb{i}")
        yield buf, K.scale(buf.partition((16,)), src, float(i)).submit()


means = []
for buf, pending in microbatches(4, 64):
    pending.wait()
    means.append(float(buf.to_numpy().mean()))
assert np.allclose(means, [0.0, 31.5, 63.0, 94.5])
print(means)

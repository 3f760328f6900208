"""A `.then` callback that builds two ops (the gate and the bias step) but returns only the
second: the gate's op joins nothing and never runs."""

from llmroute import kernels as K

import tilert as tr

h = tr.zeros((64,), name="h")
gate = tr.zeros((64,), name="gate")
x = tr.arange(64)
bias = tr.ones((64,))


def after_proj(hp, *_):
    K.silu(gate.partition((16,)), x)  # expect: TC105
    return K.acc(hp, bias)


K.scale(h.partition((16,)), x, 0.5).then(after_proj).sync()  # expect-also
print(h.to_numpy()[:3])

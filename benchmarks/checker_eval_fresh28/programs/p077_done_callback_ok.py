"""A completion hook: the scheduler calls `on_token` once the step is waited."""

import numpy as np
from llmdelta import add

import tilert as tr

V = 128
logits = tr.zeros((V,), name="logits")
bias = tr.from_numpy(np.arange(V, dtype=np.float32))
prev = tr.zeros((V,))
emitted = []


def on_token():
    emitted.append(int(np.argmax(logits.to_numpy())))


def schedule(callback):
    pending = add(logits.partition((32,)), prev, bias).submit()
    pending.wait()
    callback()


schedule(on_token)
assert emitted == [V - 1]
print(emitted)

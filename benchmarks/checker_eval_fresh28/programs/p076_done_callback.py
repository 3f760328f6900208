"""A completion hook: the scheduler calls `on_token` after submitting each step."""

import numpy as np
from llmdelta import add

import tilert as tr

V = 128
logits = tr.zeros((V,), name="logits")
bias = tr.from_numpy(np.arange(V, dtype=np.float32))
prev = tr.zeros((V,))
emitted = []


def on_token():
    emitted.append(int(np.argmax(logits.to_numpy())))  # expect: TC102


def schedule(callback):
    pending = add(logits.partition((32,)), prev, bias).submit()
    callback()  # expect-also: TC102
    pending.wait()


schedule(on_token)  # expect-also: TC102
print(emitted)

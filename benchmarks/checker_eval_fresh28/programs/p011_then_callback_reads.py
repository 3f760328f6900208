"""A chain with a logging callback: the callback peeks at the activations."""

import numpy as np
from llmdelta import relu, scale

import tilert as tr

x = tr.from_numpy(np.linspace(-2, 2, 512, dtype=np.float32))
act = tr.zeros((512,), name="act")
stats = []


def log_and_scale(act_part, *_):
    stats.append(float(act.to_numpy().mean()))  # expect: TC102
    return scale(act_part, x, 0.5)


relu(act.partition((128,)), x).then(log_and_scale).sync()  # expect-also: TC102
print(stats)

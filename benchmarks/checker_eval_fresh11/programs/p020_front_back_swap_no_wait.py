"""Double buffering with swapped names, where the Pending of the new front is left behind."""

import numpy as np
from llmkit.host import load

import tilert as tr

batches = [np.full(256, i, np.float32) for i in range(4)]
front, back = tr.zeros((256,)), tr.zeros((256,))
load(batches[0], front).wait()
checks = []
for i in range(1, len(batches)):
    back_ready = load(batches[i], back)
    checks.append(float(front.to_numpy()[0]))
    front, back = back, front
    checks.append(float(front.to_numpy()[0]))  # expect: TC102
    back_ready.wait()
print(checks)

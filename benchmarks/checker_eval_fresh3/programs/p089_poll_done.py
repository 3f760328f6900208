import time

import numpy as np
from llmhost.kernels import matvec

import tilert as tr

D = 64
w, x, y = tr.ones((D, D)), tr.ones((D,)), tr.zeros((D,))
pending = matvec(y.partition((16,)), w, x, 16).submit()
polls = 0
while not pending.done():
    polls += 1
    time.sleep(0.001)
pending.wait()
assert np.allclose(y.to_numpy(), D)
print("done after", polls, "polls")

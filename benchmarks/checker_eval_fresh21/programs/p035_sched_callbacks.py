"""A sched.scheduler runs the host's read-back callback before the one that waits the step
(the same time, a lower priority number)."""

import sched
import time

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

logits = tr.zeros((32,))
pending = K.scale(H.tiles(logits), H.upload(np.arange(32)), 0.1).submit()
seen: list[int] = []


def read_back() -> None:
    seen.append(int(logits.to_numpy().argmax()))  # expect: TC102


s = sched.scheduler(time.monotonic, lambda _: None)
t0 = time.monotonic()
s.enterabs(t0, 2, pending.wait)
s.enterabs(t0, 1, read_back)
s.run()  # expect-also
print(seen)

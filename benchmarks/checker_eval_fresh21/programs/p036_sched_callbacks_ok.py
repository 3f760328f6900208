"""A sched.scheduler runs the wait callback first (higher priority), then the read-back."""

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
    seen.append(int(logits.to_numpy().argmax()))


s = sched.scheduler(time.monotonic, lambda _: None)
t0 = time.monotonic()
s.enterabs(t0, 2, read_back)
s.enterabs(t0, 1, pending.wait)
s.run()
assert seen == [31]

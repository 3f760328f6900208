"""A producer thread submits and notifies a threading.Condition; the consumer waits, then reads."""

import threading

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(16))
out = tr.zeros((16,))
cond = threading.Condition()
box: list[tr.Pending] = []


def produce() -> None:
    with cond:
        box.append(K.scale(tiles(out), x, 3.0).submit())
        cond.notify()


t = threading.Thread(target=produce)
with cond:
    t.start()
    cond.wait_for(lambda: bool(box))
t.join()
box.pop().wait()
assert float(out.to_numpy()[2]) == 6.0

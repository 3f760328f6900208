"""A queue.PriorityQueue scheduler requeues a preempted job together with its spent plan."""

import queue

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import upload

import tilert as tr

x = upload(np.arange(32))
out = tr.zeros((32,))
jobs: queue.PriorityQueue[tuple[int, int, tr.Partition]] = queue.PriorityQueue()
jobs.put((1, 0, out.partition((8,))))
preempted = True
while not jobs.empty():
    prio, seq, plan = jobs.get()
    K.scale(plan, x, float(prio)).sync()  # expect: TC109
    if preempted:
        preempted = False
        jobs.put((prio + 1, seq, plan))

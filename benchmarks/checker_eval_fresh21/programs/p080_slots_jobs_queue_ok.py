"""Slotted dataclass jobs holding plans in a queue.SimpleQueue, drained before the checkpoint."""

import queue
from dataclasses import dataclass

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


@dataclass(slots=True)
class Job:
    plan: tr.Partition
    factor: float


w = H.upload(np.ones(32))
jobs: queue.SimpleQueue[Job] = queue.SimpleQueue()
checkpoint = w.to_numpy().copy()
jobs.put(Job(H.tiles(w), 0.5))
while not jobs.empty():
    job = jobs.get()
    K.scale_(job.plan, job.factor).sync()
del job
assert np.allclose(w.to_numpy(), 0.5 * checkpoint)

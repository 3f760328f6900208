"""Slotted dataclass jobs holding plans in a queue.SimpleQueue; a checkpoint reads the weight
before the queue is drained."""

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
jobs.put(Job(H.tiles(w), 0.5))
checkpoint = w.to_numpy().copy()  # expect: TC104
while not jobs.empty():
    job = jobs.get()
    K.scale_(job.plan, job.factor).sync()

"""A small continuous-batching engine: requests wait in a queue, the scheduler admits them up
to a batch limit and a block budget, each step submits one decode op per running request
(per-request buffers and Pendings in dicts), waits for them all, samples on the host and
retires finished requests, freeing their KV blocks."""

from __future__ import annotations

import collections
from dataclasses import dataclass, field

import numpy as np
from servekit import axpy, copy

import tilert as tr

DIM = 32
MAX_BATCH = 3
NUM_BLOCKS = 4


@dataclass
class Request:
    rid: int
    prompt: np.ndarray
    max_new_tokens: int
    generated: list[float] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return len(self.generated) >= self.max_new_tokens


class BlockManager:
    def __init__(self, num_blocks: int) -> None:
        self.blocks = tr.zeros((num_blocks, DIM), name="kv_blocks")
        self.free = collections.deque(range(num_blocks))
        self.owner: dict[int, int] = {}

    def can_allocate(self) -> bool:
        return bool(self.free)

    def allocate(self, rid: int) -> int:
        block = self.free.popleft()
        self.owner[rid] = block
        return block

    def release(self, rid: int) -> None:
        self.free.append(self.owner.pop(rid))


class Engine:
    def __init__(self) -> None:
        self.waiting: collections.deque[Request] = collections.deque()
        self.running: dict[int, Request] = {}
        self.blocks = BlockManager(NUM_BLOCKS)
        self.step_input = tr.full((DIM,), 0.5, name="step_input")

    def add_request(self, req: Request) -> None:
        self.waiting.append(req)

    def _admit(self) -> None:
        while self.waiting and len(self.running) < MAX_BATCH and self.blocks.can_allocate():
            req = self.waiting.popleft()
            block = self.blocks.allocate(req.rid)
            prompt = tr.from_numpy(req.prompt.astype(np.float32))
            copy(self.blocks.blocks[block].partition((DIM,)), prompt).sync()
            self.running[req.rid] = req

    def step(self) -> list[Request]:
        self._admit()
        pendings: dict[int, tr.Pending] = {}
        for rid in self.running:
            row = self.blocks.blocks[self.blocks.owner[rid]]
            pendings[rid] = axpy(row.partition((DIM,)), self.step_input, 1.0).submit()
        for p in pendings.values():
            p.wait()
        done = []
        for rid, req in list(self.running.items()):
            row = self.blocks.blocks[self.blocks.owner[rid]]
            req.generated.append(float(row.to_numpy()[0]))
            if req.finished:
                del self.running[rid]
                self.blocks.release(rid)
                done.append(req)
        return done

    def has_work(self) -> bool:
        return bool(self.waiting or self.running)


engine = Engine()
for rid in range(6):
    engine.add_request(Request(rid, np.full(DIM, float(rid)), max_new_tokens=1 + rid % 3))

finished: list[Request] = []
steps = 0
while engine.has_work():
    finished += engine.step()
    steps += 1
print(f"{len(finished)} requests in {steps} steps:", {r.rid: r.generated for r in finished})

"""A serving loop: requests arrive in a queue, each gets a slot of the output buffer."""

from collections import deque
from dataclasses import dataclass

import numpy as np
from llmreef import silu

import tilert as tr

SLOTS, D = 4, 128


@dataclass
class Request:
    rid: int
    features: np.ndarray


class Server:
    def __init__(self) -> None:
        self.out = tr.zeros((SLOTS, D), name="out")
        self.inflight: dict[int, tuple[int, tr.Pending]] = {}
        self.free = list(range(SLOTS))

    def submit(self, req: Request) -> None:
        slot = self.free.pop()
        x = tr.from_numpy(req.features)
        pending = silu(self.out[slot].partition((D,)), x).submit()
        self.inflight[req.rid] = (slot, pending)

    def collect(self, rid: int) -> np.ndarray:
        slot, pending = self.inflight.pop(rid)
        pending.wait()
        result = self.out[slot].to_numpy().copy()
        self.free.append(slot)
        return result


server = Server()
queue = deque(Request(i, np.full(D, i * 0.5, dtype=np.float32)) for i in range(6))
done = []
while queue:
    batch = [queue.popleft() for _ in range(min(2, len(queue)))]
    for req in batch:
        server.submit(req)
    for req in batch:
        done.append(server.collect(req.rid))
print(len(done), float(done[-1][0]))

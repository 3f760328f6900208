"""Continuous batching bookkeeping: per-request Pendings in a dict; a request whose step
reports done() is removed from the dict without being waited on."""

from servekit import scale_into

import tilert as tr


class Batcher:
    def __init__(self) -> None:
        self.outputs: dict[int, tr.Tensor] = {}
        self.inflight: dict[int, tr.Pending] = {}

    def add_request(self, rid: int, prompt: tr.Tensor) -> None:
        out = tr.zeros(prompt.shape)
        self.outputs[rid] = out
        self.inflight[rid] = scale_into(out.partition((16,)), prompt, 0.5).submit()  # expect: TC108

    def reap(self) -> list[int]:
        finished = [rid for rid, p in self.inflight.items() if p.done()]
        for rid in finished:
            del self.inflight[rid]
        return finished


b = Batcher()
for rid in range(3):
    b.add_request(rid, tr.ones((32,)))  # expect-also: TC108
served: list[int] = []
while len(served) < 3:
    served += b.reap()
print("served", served)

"""A server that hot-reloads its LoRA delta between requests; the reload overwrites the delta
while the last request's op, which reads it, is still in flight."""

import numpy as np
from llmcraft import add, copy

import tilert as tr

D = 256


class LoraServer:
    def __init__(self) -> None:
        self.base = tr.from_numpy(np.ones(D, dtype=np.float32), name="base")
        self.delta = tr.zeros((D,), name="lora_delta")
        self.out = tr.empty((D,), name="out")
        self.inflight: tr.Pending | None = None

    def submit_request(self) -> None:
        self.inflight = add(self.out.partition((64,)), self.base, self.delta).submit()

    def reload(self, new_delta: tr.Tensor) -> None:
        copy(self.delta.partition((64,)), new_delta).sync()  # expect: TC103

    def finish(self) -> float:
        if self.inflight is not None:
            self.inflight.wait()
            self.inflight = None
        return float(self.out.to_numpy().sum())


server = LoraServer()
server.submit_request()
server.reload(tr.from_numpy(np.full(D, 0.01, dtype=np.float32)))  # expect-also: TC103
print(server.finish())

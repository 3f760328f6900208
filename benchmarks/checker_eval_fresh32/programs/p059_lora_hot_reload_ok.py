"""A server that hot-reloads its LoRA delta between requests; the reload first drains the
request in flight."""

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

    def drain(self) -> None:
        if self.inflight is not None:
            self.inflight.wait()
            self.inflight = None

    def reload(self, new_delta: tr.Tensor) -> None:
        self.drain()
        copy(self.delta.partition((64,)), new_delta).sync()

    def finish(self) -> float:
        self.drain()
        return float(self.out.to_numpy().sum())


server = LoraServer()
server.submit_request()
server.reload(tr.from_numpy(np.full(D, 0.01, dtype=np.float32)))
server.submit_request()
print(server.finish())

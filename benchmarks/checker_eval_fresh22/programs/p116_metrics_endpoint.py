"""A serving loop that counts tokens on the device and answers /metrics between requests."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class Server:
    def __init__(self) -> None:
        self.tokens = tr.zeros((8,), name="token_counter")
        self.inflight: list[tr.Pending] = []

    def handle(self, n_tokens: int) -> None:
        inc = upload(np.full(8, float(n_tokens)))
        self.inflight.append(K.accum(tiles(self.tokens), inc).submit())
        if len(self.inflight) > 1:
            self.inflight.pop(0).wait()

    def metrics(self) -> str:
        return f"tokens_total {self.tokens.to_numpy()[0]:.0f}"  # expect: TC102


server = Server()
for n in (12, 30, 7):
    server.handle(n)
    print(server.metrics())  # expect-also
for p in server.inflight:
    p.wait()

"""A continuous-batching engine step: each running request (a dataclass) owns its hidden state
and logits; step() submits every request's LM head, then builds the responses."""

from dataclasses import dataclass

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB = 32, 64


@dataclass
class Request:
    rid: str
    hidden: tr.Tensor
    logits: tr.Tensor
    tokens: list[int]


class Engine:
    def __init__(self, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.lm_head = tr.from_numpy(
            (rng.standard_normal((VOCAB, HIDDEN)) * 0.2).astype(np.float32)
        )
        self.running: dict[str, Request] = {}

    def add(self, rid: str, hidden: np.ndarray) -> None:
        self.running[rid] = Request(rid, tr.from_numpy(hidden), tr.empty((1, VOCAB)), [])

    def step(self) -> dict[str, int]:
        pendings = [
            tk.linear(r.logits, r.hidden, self.lm_head).submit() for r in self.running.values()
        ]
        responses = {}
        for req in self.running.values():
            token = int(np.argmax(req.logits.to_numpy()))  # expect: TC102
            req.tokens.append(token)
            responses[req.rid] = token
        for p in pendings:
            p.wait()
        return responses


engine = Engine(seed=26)
rng = np.random.default_rng(0)
for rid in ("a", "b", "c"):
    engine.add(rid, rng.standard_normal((1, HIDDEN)).astype(np.float32))
print(engine.step())  # expect-also: TC102

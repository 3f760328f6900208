"""A tensor bank with ``plan(name)`` for outputs and ``[name]`` for inputs; the residual add is
given the input's plan where the input tensor goes."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Bank:
    def __init__(self) -> None:
        self._t: dict[str, tr.Tensor[tr.f32]] = {}

    def put(self, name: str, t: tr.Tensor[tr.f32]) -> None:
        self._t[name] = t

    def __getitem__(self, name: str) -> tr.Tensor[tr.f32]:
        return self._t[name]

    def plan(self, name: str) -> tr.Partition[tr.f32]:
        return tiles(self._t[name])


bank = Bank()
bank.put("x", vec(np.arange(64)))
bank.put("res", vec(np.ones(64)))
bank.put("out", tr.empty((64,)))
K.add(bank.plan("out"), bank.plan("x"), bank["res"]).sync()  # expect: TC106

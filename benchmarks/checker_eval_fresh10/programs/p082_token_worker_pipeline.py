"""Tokenizer -> embedder -> detokenizer workers, each owning its buffer and last Pending."""

from __future__ import annotations

import abc

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


class Worker(abc.ABC):
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,), dtype=f32)
        self.last: tr.Pending | None = None

    @abc.abstractmethod
    def work(self, src: Tensor[f32]) -> tr.Op: ...

    def feed(self, src: Tensor[f32]) -> Worker:
        self.last = self.work(src).submit()
        return self

    def result(self) -> Tensor[f32]:
        if self.last is not None:
            self.last.wait()
            self.last = None
        return self.buf


class Tokenize(Worker):
    def work(self, src: Tensor[f32]) -> tr.Op:
        return k.copy(tiles(self.buf), src)


class Embed(Worker):
    def work(self, src: Tensor[f32]) -> tr.Op:
        return k.scale(tiles(self.buf), src, 0.5)


class Detokenize(Worker):
    def work(self, src: Tensor[f32]) -> tr.Op:
        return k.relu(tiles(self.buf), src)


text = tr.from_numpy(np.array([3, -1, 4, -1, 5, -9, 2, 6], dtype=np.float32))
stages: list[Worker] = [Tokenize(8), Embed(8), Detokenize(8)]
current = text
for stage in stages:
    current = stage.feed(current).result()
np.testing.assert_allclose(current.to_numpy(), np.maximum(text.to_numpy() * 0.5, 0))

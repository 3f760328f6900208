"""A sampler whose post-processing stages form an enum.Flag; a method skips disabled members,
builds each enabled stage's op in `if stage is ...` arms and runs it."""

from __future__ import annotations

import enum

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


class Post(enum.Flag):
    TEMPERATURE = enum.auto()
    CLAMP = enum.auto()
    COPY_OUT = enum.auto()


class Sampler:
    def __init__(self, enabled: Post) -> None:
        self.enabled = enabled
        self.work = tr.zeros(N, name="work")
        self.clamped = tr.zeros(N, name="clamped")
        self.out = tr.zeros(N, name="out")

    def run(self, logits: tr.Tensor) -> np.ndarray:
        for stage in Post:
            if stage not in self.enabled:
                continue
            if stage is Post.TEMPERATURE:
                op = K.scale(tiles(self.work), logits, 1.0 / 0.7)
            elif stage is Post.CLAMP:
                op = K.relu(tiles(self.clamped), self.work)
            else:
                op = K.copy(tiles(self.out), self.work)
            op.sync()
        return self.out.to_numpy()


if __name__ == "__main__":
    s = Sampler(Post.TEMPERATURE | Post.COPY_OUT)
    print(s.run(upload(np.linspace(-1.0, 1.0, N), name="logits"))[:4])

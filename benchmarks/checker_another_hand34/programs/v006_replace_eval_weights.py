"""EMA evaluation: the trainer's weights record copied with dataclasses.replace so evaluation
runs on the EMA tensor, while the EMA update is still in flight."""

from __future__ import annotations

import dataclasses

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


@dataclasses.dataclass
class Weights:
    live: tr.Tensor
    ema: tr.Tensor
    step: int = 0


def evaluate(w: Weights) -> float:
    return float(np.mean(w.live.to_numpy()))


def train(steps: int, decay: float) -> float:
    w = Weights(upload(np.full(N, 2.0), name="live"), tr.zeros(N, name="ema"))
    score = 0.0
    for _ in range(steps):
        pending = K.scale(tiles(w.ema), w.live, decay).submit()
        eval_w = dataclasses.replace(w, live=w.ema, step=w.step + 1)
        score = float(np.mean(eval_w.live.to_numpy()))  # expect: TC102
        pending.wait()
        w.step += 1
    return score


if __name__ == "__main__":
    print(f"ema score: {train(2, 0.9):.3f}")

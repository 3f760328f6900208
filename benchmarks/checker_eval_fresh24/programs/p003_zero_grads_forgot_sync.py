"""Training step: zero the gradient buffers, accumulate micro-batches, apply SGD."""

import numpy as np
from llmbasin import axpy, fill

import tilert as tr

N = 4096
TILE = 256


def train_step(weights: tr.Tensor, grads: tr.Tensor, micro: list[tr.Tensor], lr: float) -> None:
    fill(grads.partition((TILE,)), 0.0)  # expect: TC105
    for g in micro:
        axpy(grads.partition((TILE,)), g, 1.0 / len(micro)).sync()
    axpy(weights.partition((TILE,)), grads, -lr).sync()


def main() -> None:
    rng = np.random.default_rng(0)
    weights = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
    grads = tr.zeros((N,))
    micro = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(4)]
    for _ in range(3):
        train_step(weights, grads, micro, lr=0.01)
    print(float(np.abs(weights.to_numpy()).mean()))


if __name__ == "__main__":
    main()

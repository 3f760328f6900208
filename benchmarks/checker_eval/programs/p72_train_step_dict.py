"""A training step over a batch dict: forward, loss, backward-ish update, all synced in order."""

import numpy as np

import tilert as tr
from llm.kernels import add, axpy, mul, scale


def forward(params: dict[str, tr.Tensor], batch: dict[str, tr.Tensor]) -> tr.Tensor:
    pred = tr.zeros(batch["x"].shape)
    mul(pred.partition((128,)), batch["x"], params["w"]).sync()
    add(pred.partition((128,)), batch["x"], params["b"]).sync()
    return pred


def main() -> None:
    params = {"w": tr.full((512,), 0.5), "b": tr.zeros((512,))}
    for step in range(3):
        batch = {"x": tr.from_numpy(np.full(512, float(step), np.float32))}
        pred = forward(params, batch)
        grad = tr.zeros((512,))
        axpy(grad.partition((128,)), pred, 1.0).sync()
        scale(grad.partition((128,)), 0.01).sync()
        axpy(params["w"].partition((128,)), grad, -1.0).sync()
    print(float(params["w"].to_numpy()[0]))


if __name__ == "__main__":
    main()

"""Train a linear regression layer with manual gradients, double-buffered batch uploads and a
periodic evaluation; the kind of script that sits next to a model's training code."""

import argparse
from dataclasses import dataclass

import numpy as np
from llmbasin import axpy, copy, fill, scale_

import tilert as tr
import tilert.kernels as tk


@dataclass
class TrainConfig:
    batch: int = 32
    d_in: int = 64
    d_out: int = 16
    steps: int = 8
    lr: float = 0.05
    eval_every: int = 4


def make_batches(cfg: TrainConfig, rng: np.random.Generator, true_w: np.ndarray):
    for _ in range(cfg.steps):
        x = rng.standard_normal((cfg.batch, cfg.d_in)).astype(np.float32)
        yield x, (x @ true_w).astype(np.float32)


def train(cfg: TrainConfig) -> float:
    rng = np.random.default_rng(26)
    true_w = (rng.standard_normal((cfg.d_in, cfg.d_out)) * 0.1).astype(np.float32)
    w = tr.zeros((cfg.d_in, cfg.d_out), name="w")
    grad = tr.zeros((cfg.d_in, cfg.d_out), name="grad")
    pred = tr.empty((cfg.batch, cfg.d_out), name="pred")
    err = tr.empty((cfg.batch, cfg.d_out), name="err")
    x_bufs = [tr.empty((cfg.batch, cfg.d_in), name=f"x{i}") for i in range(2)]
    y_bufs = [tr.empty((cfg.batch, cfg.d_out), name=f"y{i}") for i in range(2)]
    xt = tr.empty((cfg.d_in, cfg.batch), name="xt")

    batches = list(make_batches(cfg, rng, true_w))
    host_x = [tr.from_numpy(x) for x, _ in batches]
    host_y = [tr.from_numpy(y) for _, y in batches]
    uploads = [
        copy(x_bufs[0].partition((8, cfg.d_in)), host_x[0]).submit(),
        copy(y_bufs[0].partition((8, cfg.d_out)), host_y[0]).submit(),
    ]
    loss = float("nan")
    for step in range(cfg.steps):
        cur = step % 2
        for u in uploads:
            u.wait()
        uploads = []
        x, y = x_bufs[cur], y_bufs[cur]
        assert np.isfinite(x.to_numpy()).all(), f"non-finite input at step {step}"
        tk.gemm(pred, x, w).sync()
        copy(err.partition((8, cfg.d_out)), pred).sync()
        axpy(err.partition((8, cfg.d_out)), y, -1.0).sync()
        if step + 1 < cfg.steps:
            nxt = (step + 1) % 2
            uploads = [
                copy(x_bufs[nxt].partition((8, cfg.d_in)), host_x[step + 1]).submit(),
                copy(y_bufs[nxt].partition((8, cfg.d_out)), host_y[step + 1]).submit(),
            ]
        copy(xt.partition((16, 16)), x.T).sync()
        tk.gemm(grad, xt, err).sync()
        scale_(grad.partition((16, cfg.d_out)), 1.0 / cfg.batch).sync()
        axpy(w.partition((16, cfg.d_out)), grad, -cfg.lr).sync()
        if (step + 1) % cfg.eval_every == 0:
            loss = float((err.to_numpy() ** 2).mean())
            print(f"step {step + 1}: loss {loss:.4f}")
    for u in uploads:
        u.wait()
    fill(grad.partition((16, cfg.d_out)), 0.0).sync()
    return loss


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=8)
    args = parser.parse_args([])
    train(TrainConfig(steps=args.steps))


if __name__ == "__main__":
    main()

"""Evaluation harness: run a few elementwise 'metrics' over predictions and labels."""

import numpy as np
from tilekit import add, mul, scale

import tilert as tr


def evaluate(preds_np, labels_np):
    n = preds_np.shape[0]
    preds, labels = tr.from_numpy(preds_np), tr.from_numpy(labels_np)
    outs = {name: tr.empty((n,), name=name) for name in ("sum", "prod", "half")}
    jobs = {
        "sum": add(outs["sum"].partition((128,)), preds, labels).submit(),
        "prod": mul(outs["prod"].partition((128,)), preds, labels).submit(),
        "half": scale(outs["half"].partition((128,)), preds, 0.5).submit(),
    }
    jobs["sum"].wait()
    # bail out early when the predictions are garbage
    if not np.isfinite(outs["sum"].to_numpy()).all():
        jobs["prod"].wait()
        jobs["half"].wait()
        return None
    metrics = {"sum": float(outs["sum"].to_numpy().mean())}
    for name in ("prod", "half"):
        jobs[name].wait()
        metrics[name] = float(outs[name].to_numpy().mean())
    return metrics


if __name__ == "__main__":
    rng = np.random.default_rng(1)
    p = rng.random(512, dtype=np.float32)
    y = (rng.random(512) > 0.5).astype(np.float32)
    print(evaluate(p, y))

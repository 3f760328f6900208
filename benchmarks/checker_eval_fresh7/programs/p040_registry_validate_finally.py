"""Building layers from a config with validation: an unknown layer type raises while earlier
layers' ops are in flight; the `finally` waits them, and the caller handles the error."""

from __future__ import annotations

import numpy as np
from llmroute.layers import Layer

import tilert as tr


def run_config(types: list[str], x: tr.Tensor) -> list[Layer]:
    built: list[Layer] = []
    pendings: list[tr.Pending] = []
    try:
        for i, t in enumerate(types):
            if t not in Layer.registry:
                raise KeyError(f"unknown layer {t!r}")
            layer = Layer.registry[t](x.shape[0], f"{t}{i}")
            pendings.append(layer.forward(x))
            built.append(layer)
        return built
    finally:
        for p in pendings:
            p.wait()


x = tr.full((64,), 4.0)
try:
    run_config(["scaled", "gated", "conv"], x)
except KeyError as err:
    print("config error:", err)
layers = run_config(["gated", "scaled"], x)
assert np.all(layers[0].out.to_numpy() == 2.0) and np.all(layers[1].out.to_numpy() == 8.0)

"""Check a few servekit kernels against numpy references."""

import numpy as np
from servekit import TILE, add, mul, random_tensor, relu, scale

import tilert as tr

N = 1024
a, b = random_tensor(N, seed=1), random_tensor(N, seed=2)
a_np, b_np = a.to_numpy().copy(), b.to_numpy().copy()
outs = {name: tr.empty((N,), name=name) for name in ("add", "mul", "scale", "relu")}
ops = {
    "add": add(outs["add"].partition((TILE,)), a, b),
    "mul": mul(outs["mul"].partition((TILE,)), a, b),
    "scale": scale(outs["scale"].partition((TILE,)), a, 3.0),
    "relu": relu(outs["relu"].partition((TILE,)), a),
}
refs = {"add": a_np + b_np, "mul": a_np * b_np, "scale": 3.0 * a_np, "relu": np.maximum(a_np, 0)}

for name, op in ops.items():
    got = outs[name].to_numpy()  # expect: TC102
    op.sync()
    print(f"{name:6s} max err {np.abs(got - refs[name]).max():.2e}")

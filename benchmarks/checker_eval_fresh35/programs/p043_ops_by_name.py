import numpy as np
from tilekit import add, mul, scale

import tilert as tr

n = 1024
x = tr.from_numpy(np.random.default_rng(0).random(n, dtype=np.float32))
y = tr.from_numpy(np.random.default_rng(1).random(n, dtype=np.float32))
outs = {k: tr.empty((n,), name=k) for k in ("add", "mul", "scale")}


def build():
    return {
        "add": add(outs["add"].partition((128,)), x, y),
        "mul": mul(outs["mul"].partition((128,)), x, y),
        "scale": scale(outs["scale"].partition((128,)), x, 2.0),  # expect: TC105
    }


def run(selected):
    ops = build()  # expect-also: TC105
    for name in selected:
        ops[name].sync()


run(["add", "mul"])
print({k: float(v.to_numpy()[0]) for k, v in outs.items() if k != "scale"})

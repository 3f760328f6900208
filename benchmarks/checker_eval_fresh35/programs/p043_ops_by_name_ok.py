import numpy as np
from tilekit import add, mul, scale

import tilert as tr

n = 1024
x = tr.from_numpy(np.random.default_rng(0).random(n, dtype=np.float32))
y = tr.from_numpy(np.random.default_rng(1).random(n, dtype=np.float32))
outs = {k: tr.empty((n,), name=k) for k in ("add", "mul", "scale")}

BUILDERS = {
    "add": lambda: add(outs["add"].partition((128,)), x, y),
    "mul": lambda: mul(outs["mul"].partition((128,)), x, y),
    "scale": lambda: scale(outs["scale"].partition((128,)), x, 2.0),
}


def run(selected):
    for name in selected:
        BUILDERS[name]().sync()


run(["add", "mul"])
print({k: float(v.to_numpy()[0]) for k, v in outs.items() if k != "scale"})

"""A dict comprehension makes one op per sampling mode; only the chosen mode's op runs."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

logits = upload(np.linspace(-2, 2, 32))
outs = {"greedy": tr.zeros((32,)), "warm": tr.zeros((32,))}
temps = {"greedy": 1.0, "warm": 0.7}
ops = {m: K.scale(tiles(outs[m]), logits, 1 / temps[m]) for m in outs}  # expect: TC105
mode = "greedy"
ops.pop(mode).sync()
ops.clear()
print(outs[mode].to_numpy()[:2])

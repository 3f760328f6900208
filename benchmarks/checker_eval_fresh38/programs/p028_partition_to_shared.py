from trainkit import TILE, add

import tilert as tr

x = tr.ones((2048,), name="x")
bias = tr.full((2048,), 0.5, name="bias")
out = tr.empty((2048,), name="out")

add(out.partition((TILE,)), x, bias.partition((TILE,))).sync()  # expect: TC106
print(out.to_numpy()[:2])

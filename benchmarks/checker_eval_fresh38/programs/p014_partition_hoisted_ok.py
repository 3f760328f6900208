from trainkit import TILE, sgd_step

import tilert as tr

param = tr.ones((8192,), name="param")
grad = tr.full((8192,), 0.01, name="grad")

for _step in range(100):
    sgd_step(param.partition((TILE,)), grad, 1e-3).sync()
print(param.to_numpy()[0])

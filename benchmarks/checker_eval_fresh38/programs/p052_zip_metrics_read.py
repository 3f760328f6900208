import numpy as np
from trainkit import TILE, sq_accumulate

import tilert as tr

pred = tr.from_numpy(np.linspace(0, 1, 2048, dtype=np.float32), name="pred")
err = tr.from_numpy(np.full(2048, 0.1, dtype=np.float32), name="err")
sq_pred = tr.zeros((2048,), name="sq_pred")
sq_err = tr.zeros((2048,), name="sq_err")

both = tr.zip(
    sq_accumulate(sq_pred.partition((TILE,)), pred),
    sq_accumulate(sq_err.partition((TILE,)), err),
).submit()
mse = float(sq_err.to_numpy().mean())  # expect: TC102
both.wait()
print("mse", mse, "signal", float(sq_pred.to_numpy().mean()))

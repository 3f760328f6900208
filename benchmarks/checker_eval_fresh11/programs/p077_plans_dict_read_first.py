"""Plans for each buffer made in a dict up front; a buffer is read before its plan is used."""

from llmkit import kernels as K

import tilert as tr

bufs = {name: tr.zeros((128,), name=name) for name in ("gate", "up")}
plans = {name: b.partition((64,)) for name, b in bufs.items()}
x = tr.arange(128)
K.scale(plans.pop("gate"), x, 2.0).sync()
print(float(bufs["gate"].to_numpy().sum()))
print(float(bufs["up"].to_numpy().sum()))  # expect: TC104
K.scale(plans.pop("up"), x, 3.0).sync()

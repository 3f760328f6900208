"""Init plans for every parameter made ahead in a dict comprehension; a check reads one early."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

params = {"wq": tr.empty((64,)), "wk": tr.empty((64,)), "wv": tr.empty((64,))}
values = {"wq": 0.1, "wk": 0.2, "wv": 0.3}
plans = {name: tiles(t) for name, t in params.items()}

for name, plan in plans.items():
    K.fill(plan, values[name]).sync()
    if name == "wq":
        print("wv before init:", params["wv"].to_numpy()[:2])  # expect: TC104

"""A paged KV pool with a per-request block table: two requests' pages filled in flight at once
(disjoint pages of one pool), then gathered on the host through the table."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

pages, page, d = 6, 4, 8
pool = tr.zeros((pages, page, d))
block_table = {"a": [0, 3], "b": [1, 4, 5]}
fills = {"a": 1.0, "b": 2.0}
pendings = [
    K.fill(pool[p].partition((1, d)), fills[req]).submit()
    for req, table in block_table.items()
    for p in table
]
H.wait_all(pendings)
host_pool = pool.to_numpy()
gathered = {req: host_pool[table].reshape(-1, d) for req, table in block_table.items()}
assert gathered["a"].shape == (8, d) and np.all(gathered["a"] == 1.0)
assert np.all(gathered["b"] == 2.0) and np.all(host_pool[2] == 0.0)

"""A KV append plans the key and value rows with a generator expression unpacked into two
names; only the key row is written before the value row is read back."""

from llmtide import kernels as K

import tilert as tr

k_cache = tr.zeros((8, 16), name="k_cache")
v_cache = tr.zeros((8, 16), name="v_cache")
pos = 3
k_plan, v_plan = (c[pos].partition((16,)) for c in (k_cache, v_cache))
K.fill(k_plan, 1.0).sync()
previous_v = v_cache[pos].to_numpy()  # expect: TC104
K.fill(v_plan, 2.0).sync()

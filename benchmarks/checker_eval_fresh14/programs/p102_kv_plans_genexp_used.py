"""The KV append's two plans, made by a generator expression, both consumed before any read;
an older row read meanwhile (disjoint)."""

from llmtide import kernels as K

import tilert as tr

k_cache = tr.zeros((8, 16), name="k_cache")
v_cache = tr.zeros((8, 16), name="v_cache")
pos = 3
k_plan, v_plan = (c[pos].partition((16,)) for c in (k_cache, v_cache))
older = v_cache[pos - 1].to_numpy()
K.fill(k_plan, 1.0).sync()
K.fill(v_plan, 2.0).sync()
assert older.sum() == 0.0
assert float(k_cache.to_numpy()[pos].sum()) == 16.0
assert float(v_cache.to_numpy()[pos].sum()) == 32.0

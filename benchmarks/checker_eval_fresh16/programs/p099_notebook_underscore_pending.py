"""Notebook cells: a warm-up Pending assigned to `_` and overwritten by the next cell."""

# %%
from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(32, 1.0)
warm, out = vec(32), vec(32)

# %%
_ = scale(tiles(warm), x, 1.0).submit()  # expect: TC108

# %%
_ = 0
scale(tiles(out), x, 3.0).sync()
out.to_numpy()[:4]

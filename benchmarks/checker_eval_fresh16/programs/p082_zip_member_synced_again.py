"""Two ops zipped and synced together; the first is synced again on its own afterwards."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

x = vec(16, 1.0)
k_out, v_out = vec(16), vec(16)
k_op = scale(tiles(k_out), x, 2.0)
v_op = scale(tiles(v_out), x, 3.0)
tr.zip(k_op, v_op).sync()
k_op.sync()  # expect: TC110
print(k_out.to_numpy()[0])

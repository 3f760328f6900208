"""Two ops zipped and synced together; the next step builds fresh ops for the same buffers."""

from llmquill.host import tiles, vec
from llmquill.kernels import accum, scale

import tilert as tr

x = vec(16, 1.0)
k_out, v_out = vec(16), vec(16)
tr.zip(scale(tiles(k_out), x, 2.0), scale(tiles(v_out), x, 3.0)).sync()
tr.zip(accum(tiles(k_out), x), accum(tiles(v_out), x)).sync()
assert (k_out.to_numpy()[0], v_out.to_numpy()[0]) == (3.0, 4.0)

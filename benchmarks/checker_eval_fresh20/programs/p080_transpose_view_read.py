"""A KV cache [2, 16]: the transposed cache is read while the value row is written."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

kv = tr.zeros((2, 16))
v_new = upload(np.arange(16))
pending = K.copy(tiles(kv[1]), v_new).submit()
per_position = kv.T.to_numpy()  # expect: TC102
pending.wait()
print(per_position.shape)

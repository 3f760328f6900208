"""Debug dump of the other layer of a KV cache while layer 0's refill plan is prepared."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import copy

import tilert as tr

LAYERS, SEQ = 2, 256
kv = tr.zeros((LAYERS, SEQ), name="kv")
new_keys = tr.from_numpy(np.arange(SEQ, dtype=np.float32))

refill = {layer: tiles(kv[layer]) for layer in (0,)}
np.save("/dev/null", kv[1].to_numpy())
copy(refill.pop(0), new_keys).sync()
np.testing.assert_array_equal(kv.to_numpy()[0], np.arange(SEQ, dtype=np.float32))

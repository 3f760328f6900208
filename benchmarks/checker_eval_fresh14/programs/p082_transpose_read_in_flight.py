"""A KV block filled through its flat view; the host reads `block.T` before the fill's wait."""

from llmtide import kernels as K

import tilert as tr

block = tr.zeros((4, 8), name="kv block")
fill = K.fill(block.reshape(-1).partition((8,)), 1.0).submit()
cols = block.T.to_numpy()  # expect: TC102
fill.wait()
print(cols.shape)

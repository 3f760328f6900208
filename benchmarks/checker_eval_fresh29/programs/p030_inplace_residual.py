"""Adding the attention output into the residual stream in place, in one launch."""

import numpy as np
from llmreef import add

import tilert as tr

D = 768
residual = tr.from_numpy(np.ones(D, dtype=np.float32), name="residual")
attn_out = tr.from_numpy(np.full(D, 0.5, dtype=np.float32), name="attn_out")

add(residual.partition((256,)), residual, attn_out).sync()  # expect: TC101
print(residual.to_numpy()[:3])

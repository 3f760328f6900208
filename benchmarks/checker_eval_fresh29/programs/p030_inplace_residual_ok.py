"""Adding the attention output into the residual stream in place, with an accumulate kernel."""

import numpy as np
from llmreef import axpy

import tilert as tr

D = 768
residual = tr.from_numpy(np.ones(D, dtype=np.float32), name="residual")
attn_out = tr.from_numpy(np.full(D, 0.5, dtype=np.float32), name="attn_out")

axpy(residual.partition((256,)), attn_out, 1.0).sync()
print(residual.to_numpy()[:3])

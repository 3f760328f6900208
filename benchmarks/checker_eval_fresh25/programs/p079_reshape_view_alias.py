import numpy as np
from llmquay import scale

import tilert as tr

B, T, D = 2, 8, 64
x = tr.from_numpy(np.ones((B, T, D), dtype=np.float32))

# scale every token's features in place through a flattened view
flat = x.reshape(B * T, D)
scale(flat.partition((4, D)), x.reshape(B * T, D), 0.125).sync()  # expect: TC101
print(x.to_numpy()[0, 0, :4])

import numpy as np
from llmquill import scale

import tilert as tr

logits = tr.from_numpy(np.random.default_rng(0).standard_normal(1000).astype(np.float32))
temperature = 0.7
scaled_logits = tr.empty((1000,))
scale(scaled_logits.partition((256,)), logits, 1.0 / temperature).sync()
print(scaled_logits.to_numpy().max())

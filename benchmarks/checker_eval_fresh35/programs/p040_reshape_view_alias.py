import numpy as np
from tilekit import mul

import tilert as tr

rows, cols = 16, 64
grid = tr.from_numpy(np.random.default_rng(1).random((rows, cols), dtype=np.float32))
flat = grid.reshape(rows * cols)
decay = tr.full((rows * cols,), 0.9)

# decay every cell in place
mul(flat.partition((128,)), grid.reshape(-1), decay).sync()  # expect: TC101
print(grid.to_numpy()[0, :4])

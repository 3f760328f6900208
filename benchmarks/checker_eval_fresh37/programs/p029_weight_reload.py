import numpy as np
from hostkit import scale

import tilert as tr

D = 2048
weights = tr.from_numpy(np.ones(D, dtype=np.float32))
out = tr.empty((D,))
new_checkpoint = np.full(D, 2.0, dtype=np.float32)

forward = scale(out.partition((256,)), weights, 1.5).submit()
weights.copy_from(new_checkpoint)  # expect: TC102
forward.wait()
print(out.to_numpy()[0], weights.to_numpy()[0])

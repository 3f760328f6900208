"""A state update that keeps a copy of the previous state: the output partition is taken
first, then the backup copy reads the same tensor."""

import numpy as np
from llmcraft import copy, scale

import tilert as tr

D = 256

state = tr.from_numpy(np.ones(D, dtype=np.float32), name="state")
backup = tr.empty((D,), name="backup")
update = tr.from_numpy(np.full(D, 0.5, dtype=np.float32), name="update")

state_part = state.partition((64,))
copy(backup.partition((64,)), state).sync()  # expect: TC104
scale(state_part, update, 2.0).sync()
print(backup.to_numpy()[:2], state.to_numpy()[:2])

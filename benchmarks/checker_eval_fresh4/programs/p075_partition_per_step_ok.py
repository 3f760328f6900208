from llmrun.kernels import scale

import tilert as tr

state = tr.ones((64,))
for _ in range(3):
    tiles = state.partition((16,))
    scale(tiles, 0.5).sync()
assert state.to_numpy()[0] == 0.125

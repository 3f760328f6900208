from llmrun.kernels import scale

import tilert as tr

state = tr.ones((64,))
tiles = state.partition((16,))
for _ in range(3):
    scale(tiles, 0.5).sync()  # expect: TC109
print(state.to_numpy()[0])

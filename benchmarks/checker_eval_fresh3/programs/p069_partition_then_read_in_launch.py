from llmhost.kernels import relu, scale

import tilert as tr

h = tr.ones((64,))
act = tr.zeros((64,))
h_tiles = h.partition((16,))
relu(act.partition((16,)), h).sync()  # expect: TC104
scale(h_tiles, act, 0.5).sync()

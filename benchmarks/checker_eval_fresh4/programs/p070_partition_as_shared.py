from llmrun.kernels import add

import tilert as tr

a = tr.ones((64,))
b = tr.ones((64,))
out = tr.zeros((64,))
tile = (16,)
add(out.partition(tile), a.partition(tile), b).sync()  # expect: TC106

"""The inputs of a launch come from a list that holds a partition instead of the tensor."""

from llmquill.host import tiles, vec
from llmquill.kernels import add

a, b = vec(32, 1.0), vec(32, 2.0)
out = vec(32)
srcs = [tiles(a), b]
add(tiles(out), *srcs).sync()  # expect: TC106
print(out.to_numpy()[0])

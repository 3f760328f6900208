"""Launch inputs packed in a tuple and splatted: the tuple holds the output itself."""

from llmquill.host import tiles, vec
from llmquill.kernels import add

hidden = vec(32, 1.0)
bias = vec(32, 0.5)
args = (hidden, bias)
add(tiles(hidden), *args).sync()  # expect: TC101
print(hidden.to_numpy()[0])

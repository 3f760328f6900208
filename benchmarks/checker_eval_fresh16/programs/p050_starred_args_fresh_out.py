"""Launch inputs packed in a tuple and splatted into a launch writing a separate output."""

from llmquill.host import tiles, vec
from llmquill.kernels import add

hidden = vec(32, 1.0)
bias = vec(32, 0.5)
out = vec(32)
args = (hidden, bias)
add(tiles(out), *args).sync()
assert out.to_numpy()[0] == 1.5

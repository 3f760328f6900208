"""Both activation ops are built ahead of a match on the mode; only the chosen one runs."""

from llmquill.host import tiles, vec
from llmquill.kernels import fill, scale

x = vec(16, 2.0)
out_a, out_b = vec(16), vec(16)
mode = "scale"
scaled = scale(tiles(out_a), x, 0.5)
cleared = fill(tiles(out_b), 0.0)  # expect: TC105
match mode:
    case "scale":
        scaled.sync()
    case "clear":
        cleared.sync()
print(out_a.to_numpy()[0])

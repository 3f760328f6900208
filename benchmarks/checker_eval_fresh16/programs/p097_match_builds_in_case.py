"""Each case of a match on the mode builds and runs its own op."""

from llmquill.host import tiles, vec
from llmquill.kernels import fill, scale

x = vec(16, 2.0)
out = vec(16, 9.0)
for mode in ("scale", "clear", "other"):
    match mode:
        case "scale":
            scale(tiles(out), x, 0.5).sync()
            assert out.to_numpy()[0] == 1.0
        case "clear":
            fill(tiles(out), 0.0).sync()
            assert out.to_numpy()[0] == 0.0
        case _:
            pass

"""A table of event handlers; every handler returns its Pending and the loop waits them."""

from llmquill.host import tiles, vec
from llmquill.kernels import copy, scale

import tilert as tr

src, dst, out = vec(16, 1.0), vec(16), vec(16)


def on_prefetch() -> tr.Pending:
    return copy(tiles(dst), src).submit()


def on_compute() -> tr.Pending:
    return scale(tiles(out), src, 2.0).submit()


handlers = {"prefetch": on_prefetch, "compute": on_compute}
waiting = [handler() for handler in handlers.values()]
for p in waiting:
    p.wait()
assert (dst.to_numpy()[0], out.to_numpy()[0]) == (1.0, 2.0)

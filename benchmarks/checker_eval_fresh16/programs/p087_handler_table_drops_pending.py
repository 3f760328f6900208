"""A table of event handlers; the prefetch handler submits a copy and returns nothing."""

from llmquill.host import tiles, vec
from llmquill.kernels import copy, scale

import tilert as tr

src, dst, out = vec(16, 1.0), vec(16), vec(16)


def on_prefetch() -> None:
    copy(tiles(dst), src).submit()  # expect: TC108


def on_compute() -> tr.Pending:
    return scale(tiles(out), src, 2.0).submit()


handlers = {"prefetch": on_prefetch, "compute": on_compute}
handlers["prefetch"]()  # expect-also
handlers["compute"]().wait()
print(out.to_numpy()[0])

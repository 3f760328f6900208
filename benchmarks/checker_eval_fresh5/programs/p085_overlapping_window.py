"""A sliding-window smoother: each half of h is rewritten from a window that overlaps it."""

from __future__ import annotations

from llmdeck.kernels import add

import tilert as tr

h = tr.arange(64)
bias = tr.ones((32,))
add(h[:32].partition((16,)), h[16:48], bias).sync()  # expect: TC101

"""Timing events recorded inside the capture block."""

from __future__ import annotations

from llmdeck.kernels import axpy

import tilert as tr

N = 256
y = tr.zeros((N,))
x = tr.ones((N,))
s = tr.Stream()
with tr.graph(s) as g:
    begin = s.record()  # expect: TC111
    g.record(axpy(y.partition((64,)), x, 0.5))
    end = s.record()
g.launch(s).wait()
g.close()

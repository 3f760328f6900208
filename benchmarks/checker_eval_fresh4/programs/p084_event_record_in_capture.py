"""Timing a captured step by recording events inside the capture."""

from __future__ import annotations

from llmrun.kernels import axpy

import tilert as tr

stream = tr.Stream()
acc = tr.zeros((64,))
one = tr.ones((64,))
with tr.graph(stream) as g:
    start = stream.record()  # expect: TC111
    g.record(axpy(acc.partition((16,)), one, 1.0))
    end = stream.record()
g.launch().wait()
g.close()

"""A benchmark harness that records timing events around the ops it captures: the events are
recorded inside `with tr.graph()`."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr


def capture_timed(stream: tr.Stream, y: tr.Tensor, x: tr.Tensor) -> tuple[tr.Graph, tr.Event]:
    with tr.graph(stream) as g:
        g.record(k.axpy(y.partition((16,)), x, 0.1))
        start = stream.record()  # expect: TC111
        g.record(k.axpy(y.partition((16,)), x, 0.1))
    return g, start


s = tr.Stream()
g, start = capture_timed(s, tr.zeros((64,)), tr.ones((64,)))  # expect-also
g.launch().wait()
g.close()

"""A graph helper module-style: capture_step() builds the step's ops with a callback; the
callback 'warms up' the first op by syncing it, inside the capture."""

from collections.abc import Callable

from llmroute import kernels as K

import tilert as tr


def capture_step(build: Callable[[], list[tr.Op]]) -> tr.Graph:
    with tr.graph() as g:
        for op in build():
            g.record(op)
    return g


a = tr.ones((64,), name="a")
b = tr.zeros((64,), name="b")
c = tr.zeros((64,), name="c")


def build() -> list[tr.Op]:
    first = K.scale(b.partition((16,)), a, 3.0)
    first.sync()  # expect: TC111
    return [K.scale(c.partition((16,)), a, 2.0)]


graph = capture_step(build)  # expect-also
graph.launch().wait()
graph.close()

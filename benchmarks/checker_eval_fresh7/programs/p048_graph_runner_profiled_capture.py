"""A decode runner that captures its step into a graph; the capture is wrapped in the same
timing context manager as the eager path, which records events on entry and exit."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from llmroute import kernels as K

import tilert as tr

TIMES: list[float] = []


@contextmanager
def timed(stream: tr.Stream) -> Iterator[None]:
    start = stream.record()  # expect: TC111
    yield
    end = stream.record()
    TIMES.append(start.elapsed_ms(end))


class Runner:
    def __init__(self) -> None:
        self.x = tr.ones((64,), name="x")
        self.y = tr.zeros((64,), name="y")
        self.stream = tr.current_stream()

    def capture(self) -> tr.Graph:
        with tr.graph() as g:
            with timed(self.stream):
                g.record(K.scale(self.y.partition((16,)), self.x, 2.0))
        return g


runner = Runner()
graph = runner.capture()  # expect-also
graph.launch().wait()
graph.close()

"""Callbacks registered in a list and run by a small event loop once their step's Pending is
waited; each callback reads the buffer its step wrote."""

from collections.abc import Callable

from llmweave.kernels import scale

import tilert as tr

results: dict[str, float] = {}
Callback = Callable[[], None]


class Loop:
    def __init__(self) -> None:
        self.jobs: list[tuple[tr.Pending, list[Callback]]] = []

    def submit(self, op: tr.Op, callbacks: list[Callback]) -> None:
        self.jobs.append((op.submit(), callbacks))

    def run(self) -> None:
        for pending, callbacks in self.jobs:
            pending.wait()
            for cb in callbacks:
                cb()
        self.jobs.clear()


loop = Loop()
bufs = {k: tr.zeros((64,)) for k in ("a", "b")}
x = tr.ones((64,))
for k, buf in bufs.items():

    def record(k: str = k, buf: tr.Tensor = buf) -> None:
        results[k] = float(buf.to_numpy().sum())

    loop.submit(scale(buf.partition((16,)), x, 2.0), [record])
loop.run()
assert results == {"a": 128.0, "b": 128.0}
print(results)

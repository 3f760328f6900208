"""A completion callback registered per request, run by a small dispatcher."""

from collections.abc import Callable

from llmreef import scale

import tilert as tr

callbacks: list[Callable[[], None]] = []
pendings: list[tr.Pending] = []
results: dict[int, float] = {}


def enqueue(rid: int, value: float) -> None:
    x = tr.full((512,), value)
    out = tr.empty((512,), name=f"out{rid}")
    pendings.append(scale(out.partition((128,)), x, 2.0).submit())

    def on_done() -> None:
        results[rid] = float(out.to_numpy()[0])  # expect: TC102

    callbacks.append(on_done)


for rid in range(3):
    enqueue(rid, float(rid))
for cb in callbacks:
    cb()  # expect-also: TC102
for p in pendings:
    p.wait()
print(results)

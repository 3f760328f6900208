"""An event loop that fires completion callbacks as soon as work is queued, then waits."""

from collections.abc import Callable

from llmweave.kernels import scale

import tilert as tr

out = tr.zeros((64,))
x = tr.ones((64,))
callbacks: list[Callable[[], None]] = []


def on_done() -> None:
    print("sum", out.to_numpy().sum())  # expect: TC102


callbacks.append(on_done)


def run_loop(ops: list[tr.Op]) -> None:
    pendings = [op.submit() for op in ops]
    for cb in callbacks:
        cb()  # expect-also
    for p in pendings:
        p.wait()


run_loop([scale(out.partition((16,)), x, 3.0)])

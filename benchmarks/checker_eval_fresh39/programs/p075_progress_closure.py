"""A generation loop with a progress hook: the closure prints a preview of the state buffer, and
the loop calls it right after submitting each step."""

from collections.abc import Callable

from servekit import axpy

import tilert as tr

DIM = 16

state = tr.zeros((DIM,), name="state")
inc = tr.ones((DIM,), name="inc")


def make_progress(buf: tr.Tensor) -> Callable[[int], None]:
    def report(step: int) -> None:
        print(f"step {step}: {buf.to_numpy()[:2]}")  # expect: TC102

    return report


def generate(steps: int, on_step: Callable[[int], None]) -> None:
    for i in range(steps):
        pending = axpy(state.partition((DIM,)), inc, 1.0).submit()
        on_step(i)  # expect-also: TC102
        pending.wait()


generate(3, make_progress(state))  # expect-also: TC102
print(state.to_numpy()[:2])

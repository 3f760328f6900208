"""A nested step function submits and waits, counting steps through nonlocal."""

import tilert as tr
from llm.kernels import axpy


def main() -> None:
    acc = tr.zeros((256,))
    grad = tr.full((256,), 0.5)
    steps = 0

    def step(lr: float) -> None:
        nonlocal steps
        p = axpy(acc.partition((64,)), grad, -lr).submit()
        p.wait()
        steps += 1

    for lr in (0.1, 0.2, 0.3):
        step(lr)
    print(steps, acc.to_numpy()[0])


if __name__ == "__main__":
    main()

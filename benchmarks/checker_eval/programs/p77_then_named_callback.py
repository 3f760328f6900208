"""A named callback given to .then logs the accumulator on the host."""

import tilert as tr
from llm.kernels import axpy


def main() -> None:
    acc = tr.zeros((256,))
    x = tr.ones((256,))
    history: list[float] = []

    def log_step(*_args: object) -> None:
        history.append(float(acc.to_numpy()[0]))  # expect: TC102

    op = axpy(acc.partition((64,)), x, 1.0).then(log_step)  # expect-also
    op.sync()  # expect-also
    print(history)


if __name__ == "__main__":
    main()

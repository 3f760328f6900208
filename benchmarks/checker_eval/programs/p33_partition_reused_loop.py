"""The accumulator's partition is hoisted out of the loop and reused each step."""

import tilert as tr
from llm.kernels import axpy


def main() -> None:
    acc = tr.zeros((256,))
    x = tr.ones((256,))
    part = acc.partition((64,))
    for _step in range(3):
        axpy(part, x, 1.0).sync()  # expect: TC109
    print(acc.to_numpy()[0])


if __name__ == "__main__":
    main()

"""Polling done() while doing host work, then waiting before the read."""

import tilert as tr
from llm.kernels import axpy


def main() -> None:
    acc = tr.zeros((512,))
    x = tr.ones((512,))
    pend = axpy(acc.partition((128,)), x, 4.0).submit()
    polls = 0
    while not pend.done():
        polls += 1
    pend.wait()
    print(polls, acc.to_numpy()[0])


if __name__ == "__main__":
    main()

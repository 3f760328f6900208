"""Double buffering: each step reads `front` and writes `back`, then the names swap."""

import tilert as tr
from llm.kernels import axpy, fill


def main() -> None:
    front, back = tr.zeros((256,)), tr.zeros((256,))
    pend = fill(front.partition((64,)), 1.0).submit()
    for _step in range(5):
        pend.wait()
        pend = axpy(back.partition((64,)), front, 2.0).submit()
        front, back = back, front
    pend.wait()
    print(front.to_numpy()[0])


if __name__ == "__main__":
    main()

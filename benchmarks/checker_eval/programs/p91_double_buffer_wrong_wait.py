"""Double buffering that waits for the wrong Pending before reusing a buffer."""

import tilert as tr
from llm.kernels import axpy


def main() -> None:
    x = tr.ones((256,))
    buf_a, buf_b = tr.zeros((256,)), tr.zeros((256,))
    pend_a = axpy(buf_a.partition((64,)), x, 1.0).submit()
    pend_b = axpy(buf_b.partition((64,)), x, 2.0).submit()
    pend_a.wait()
    pend_b2 = axpy(buf_b.partition((64,)), x, 3.0).submit()  # expect: TC102
    pend_b.wait()
    pend_b2.wait()
    print(buf_a.to_numpy()[0], buf_b.to_numpy()[0])


if __name__ == "__main__":
    main()

"""A benchmark that submits an op, waits, and then syncs the same op again."""

import time

import tilert as tr
from llm.kernels import scale


def main() -> None:
    buf = tr.ones((1024,))
    op = scale(buf.partition((256,)), 2.0)
    t0 = time.perf_counter()
    pending = op.submit()
    pending.wait()
    first = time.perf_counter() - t0
    op.sync()  # expect: TC110
    print(first)


if __name__ == "__main__":
    main()

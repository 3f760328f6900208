"""A context manager that waits for a Pending on exit; the read comes after the block."""

import tilert as tr
from llm.kernels import fill


class Inflight:
    def __init__(self, pend: tr.Pending) -> None:
        self.pend = pend

    def __enter__(self) -> "Inflight":
        return self

    def __exit__(self, *exc: object) -> None:
        self.pend.wait()


def main() -> None:
    buf = tr.zeros((256,))
    with Inflight(fill(buf.partition((64,)), 9.0).submit()):
        host = [i * i for i in range(100)]
    print(len(host), buf.to_numpy()[0])


if __name__ == "__main__":
    main()

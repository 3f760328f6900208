"""A nested checksum closure is called while the accumulate is in flight."""

import tilert as tr
from llm.kernels import axpy


def main() -> None:
    acc = tr.zeros((256,))
    x = tr.ones((256,))

    def checksum() -> float:
        return float(acc.to_numpy().sum())  # expect: TC102

    pend = axpy(acc.partition((64,)), x, 2.0).submit()
    before = checksum()  # expect-also
    pend.wait()
    print(before, checksum())


if __name__ == "__main__":
    main()

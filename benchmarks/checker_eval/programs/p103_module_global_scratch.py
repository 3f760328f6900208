"""A module-level scratch buffer written asynchronously and read before the wait."""

import tilert as tr
from llm.kernels import fill

SCRATCH = tr.zeros((512,))


def prepare() -> float:
    pend = fill(SCRATCH.partition((128,)), 1.0).submit()
    first = float(SCRATCH.to_numpy()[0])  # expect: TC102
    pend.wait()
    return first


def main() -> None:
    print(prepare())


if __name__ == "__main__":
    main()

"""An optional prefetch: the Pending may be None, and is waited only when it exists."""

import sys

import tilert as tr
from llm.kernels import copy


def main(prefetch: bool) -> None:
    src, staged = tr.full((256,), 3.0), tr.zeros((256,))
    pend = None
    if prefetch:
        pend = copy(staged.partition((64,)), src).submit()
    work = sum(range(1000))
    if pend is not None:
        pend.wait()
    print(work, staged.to_numpy()[0])


if __name__ == "__main__":
    main(len(sys.argv) == 1)

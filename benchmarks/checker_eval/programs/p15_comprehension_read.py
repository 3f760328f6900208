"""Pendings from a comprehension; the sums are taken before the waits."""

import tilert as tr
from llm.kernels import scale


def main() -> None:
    outs = [tr.ones((256,)) for _ in range(3)]
    pend = [scale(o.partition((64,)), 2.0).submit() for o in outs]
    sums = [float(o.to_numpy().sum()) for o in outs]  # expect: TC102
    for p in pend:
        p.wait()
    print(sums)


if __name__ == "__main__":
    main()

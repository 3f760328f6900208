"""Pendings unpacked with a starred target; a tail buffer is read before its wait."""

import tilert as tr
from llm.kernels import scale


def main() -> None:
    bufs = [tr.ones((128,)) for _ in range(4)]
    first, *rest = [scale(b.partition((64,)), 2.0).submit() for b in bufs]
    first.wait()
    print(bufs[0].to_numpy()[0])
    print(bufs[2].to_numpy()[0])  # expect: TC102
    for p in rest:
        p.wait()


if __name__ == "__main__":
    main()

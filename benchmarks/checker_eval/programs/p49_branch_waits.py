"""Both branches wait (one syncs, one submits and waits) before the read after the merge."""

import sys

import tilert as tr
from llm.kernels import scale


def main(fast: bool) -> None:
    buf = tr.ones((256,))
    if fast:
        scale(buf.partition((64,)), 2.0).sync()
    else:
        p = scale(buf.partition((64,)), 3.0).submit()
        print("overlapping host work")
        p.wait()
    print(buf.to_numpy()[0])


if __name__ == "__main__":
    main(len(sys.argv) > 1)

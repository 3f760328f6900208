"""(tensor, pending) pairs; the consumer only needs the even requests and waits only those,
leaving the odd ones' Pendings unwaited."""

from __future__ import annotations

from llmkit.kernels import fill

import tilert as tr


def main() -> None:
    jobs = []
    for i in range(4):
        out = tr.empty((256,), name=f"out{i}")
        jobs.append((i, out, fill(out.partition((64,)), float(i)).submit()))  # expect: TC108
    for i, out, pending in jobs:
        if i % 2 == 0:
            pending.wait()
            print(i, out.to_numpy()[0])


if __name__ == "__main__":
    main()

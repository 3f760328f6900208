"""(tensor, pending) pairs collected in a loop; each pair is unpacked, waited, then read."""

from __future__ import annotations

from llmkit.kernels import fill

import tilert as tr


def main() -> None:
    jobs = []
    for i in range(4):
        out = tr.empty((256,), name=f"out{i}")
        jobs.append((out, fill(out.partition((64,)), float(i)).submit()))
    values = []
    for out, pending in jobs:
        pending.wait()
        values.append(float(out.to_numpy()[0]))
    assert values == [0.0, 1.0, 2.0, 3.0]
    print("values:", values)


if __name__ == "__main__":
    main()

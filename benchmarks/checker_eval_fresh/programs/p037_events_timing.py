"""Timing a kernel between two events, then waiting on its Pending before reading."""

from __future__ import annotations

from llmkit.kernels import scale

import tilert as tr


def main() -> None:
    stream = tr.Stream()
    x = tr.ones((1024,), name="x")
    start = stream.record()
    pending = scale(x.partition((256,)), 3.0).submit(stream)
    end = stream.record()
    end.synchronize()
    pending.wait()
    ms = start.elapsed_ms(end)
    assert x.to_numpy()[0] == 3.0
    print(f"scale took {ms:.3f} ms")


if __name__ == "__main__":
    main()

"""Timing a fill with events; the host reads once the end event has synchronized."""

from __future__ import annotations

from llmserve.kernels import fill

import tilert as tr

N = 4096


def main() -> None:
    stream = tr.Stream()
    out = tr.empty((N,))
    start = stream.record()
    pending = fill(out.partition((512,)), 1.0).submit(stream)
    end = stream.record()
    end.synchronize()
    print(f"{start.elapsed_ms(end):.3f} ms", out.to_numpy()[:2])  # expect: TC102
    pending.wait()


if __name__ == "__main__":
    main()

"""Timing a submitted op with stream events; the result is read after the wait."""

import tilert as tr
from llm.kernels import scale


def main() -> None:
    buf = tr.ones((1024,))
    stream = tr.Stream()
    start = stream.record()
    pend = scale(buf.partition((256,)), 2.0).submit(stream)
    end = stream.record()
    pend.wait()
    end.synchronize()
    print("ms", start.elapsed_ms(end) >= 0.0, buf.to_numpy()[0])


if __name__ == "__main__":
    main()

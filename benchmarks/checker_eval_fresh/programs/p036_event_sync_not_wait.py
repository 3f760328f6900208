"""The host synchronizes on an event recorded after the submit, which orders the work but does
not release the op's borrows: only the Pending's wait does."""

from __future__ import annotations

from llmkit.kernels import scale

import tilert as tr


def main() -> None:
    stream = tr.Stream()
    kv = tr.ones((256,), name="kv")
    pending = scale(kv.partition((64,)), 2.0).submit(stream)
    done = stream.record()
    done.synchronize()
    print("kv after event:", kv.to_numpy()[0])  # expect: TC102
    pending.wait()


if __name__ == "__main__":
    main()

"""The main thread submits; a worker thread waits on the Pending (so the host can keep going);
the result is read after the worker's future completes."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from llmkit.kernels import fill

import tilert as tr


def main() -> None:
    out = tr.zeros((512,), name="out")
    pending = fill(out.partition((128,)), 3.0).submit()
    with ThreadPoolExecutor(max_workers=1) as pool:
        waited = pool.submit(pending.wait)
        waited.result()
    assert out.to_numpy()[0] == 3.0
    print("out:", out.to_numpy()[0])


if __name__ == "__main__":
    main()

"""Device query, then a copy synced on an explicit stream with sync_on."""

from __future__ import annotations

from llmkit.kernels import copy

import tilert as tr


def main() -> None:
    dev = tr.Device()
    stream = tr.Stream()
    src = tr.full((256,), float(len(dev.name) > 0))
    dst = tr.zeros((256,))
    copy(dst.partition((64,)), src).sync_on(stream)
    print(dev.kind, dst.to_numpy()[0])


if __name__ == "__main__":
    main()

"""A checkpoint load that may fail: the copy's Pending is waited in a finally block, so the
buffer is released whatever happens before it is read."""

from __future__ import annotations

from llmkit.kernels import copy

import tilert as tr


def load(dst: tr.Tensor, src: tr.Tensor, strict: bool) -> bool:
    pending = copy(dst.partition((64,)), src).submit()
    try:
        if strict and src.shape[0] % 128:
            raise ValueError("checkpoint shard size")
        return True
    finally:
        pending.wait()


def main() -> None:
    dst = tr.zeros((256,))
    try:
        ok = load(dst, tr.full((256,), 5.0), strict=True)
    except ValueError:
        ok = False
    assert ok and dst.to_numpy()[0] == 5.0
    print("loaded:", dst.to_numpy()[0])


if __name__ == "__main__":
    main()

"""Ping-pong buffers swapped by name each step; the wait for the load into the buffer about to
be reused was forgotten."""

from __future__ import annotations

from llmkit.kernels import axpy, copy

import tilert as tr


def main(chunks: int = 4) -> None:
    host = [tr.full((256,), float(c)) for c in range(chunks)]
    cur, nxt = tr.zeros((256,)), tr.zeros((256,))
    acc = tr.zeros((256,))
    pend = copy(cur.partition((64,)), host[0]).submit()
    pend.wait()
    pendings = []
    for c in range(1, chunks):
        pendings.append(copy(nxt.partition((64,)), host[c]).submit())  # expect: TC102
        axpy(acc.partition((64,)), cur, 1.0).sync()
        cur, nxt = nxt, cur
    for p in pendings:
        p.wait()


if __name__ == "__main__":
    main()

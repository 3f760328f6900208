"""The examples of the op rules with collectives (``tilert.distributed``), kept beside the
rules they belong to (each rule adds its own): a collective borrows as a kernel launch does,
the tensor it writes exclusively and the one it only reads shared, until its op completes.
Each ``main`` starts a world of one process (no launcher), so the runtime checks it too."""

from __future__ import annotations

from tilecheck.catalog.base import Case, invalid, valid

_HEAD = """\
import numpy as np

import tilert as tr
import tilert.distributed as dist


def main() -> None:
    dist.init()
    try:
"""
_TAIL = """\
    finally:
        dist.shutdown()
"""


def _program(body: str) -> str:
    """``body`` (indented for the ``try``) inside a ``main`` that starts a world of one."""
    return _HEAD + body + _TAIL


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _program(
                """\
        x = tr.ones((1024,))
        pending = dist.all_reduce(x).submit()
        pending.wait()
        print(x.to_numpy())
"""
            ),
            "an all_reduce's tensor is read after its Pending is waited on",
        ),
        valid(
            _program(
                """\
        x = tr.ones((1024,))
        dist.all_reduce(x).then(lambda t: dist.broadcast(t, 0)).sync()
        print(x.to_numpy())
"""
            ),
            "a .then chain passes the tensor from one collective to the next",
        ),
    ),
    "TC103": (
        valid(
            _program(
                """\
        x = tr.ones((1024,))
        out = tr.zeros((1024,))
        pending = dist.all_gather(out, x).submit()
        print(x.to_numpy())
        pending.wait()
"""
            ),
            "what an all_gather only reads may be read beside it",
        ),
    ),
    "TC105": (
        valid(
            _program(
                """\
        x = tr.ones((1024,))
        with tr.graph() as g:
            g.record(dist.all_reduce(x))
        g.launch().wait()
        g.close()
"""
            ),
            "a collective recorded in a graph runs with the graph",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _program(
                """\
        x = tr.ones((1024,))
        pending = dist.all_reduce(x).submit()
        print(x.to_numpy())  # TC102
        pending.wait()
"""
            ),
            "the host reads a tensor an all_reduce in flight writes",
        ),
        invalid(
            _program(
                """\
        x = tr.ones((1024,))
        pending = dist.recv(x, 0).submit()
        x.copy_from(np.zeros(1024, np.float32))  # TC102
        pending.wait()
"""
            ),
            "the host writes a tensor a recv in flight writes",
        ),
    ),
    "TC103": (
        invalid(
            _program(
                """\
        x = tr.ones((1024,))
        out = tr.zeros((1024,))
        pending = dist.all_gather(out, x).submit()
        x.copy_from(np.zeros(1024, np.float32))  # TC103
        pending.wait()
"""
            ),
            "the host writes what an all_gather in flight reads",
        ),
    ),
    "TC105": (
        invalid(
            _program(
                """\
        x = tr.ones((1024,))
        dist.all_reduce(x)  # TC105
        print(x.to_numpy())
"""
            ),
            "a collective is lazy: never run, it never reduces",
        ),
    ),
    "TC106": (
        invalid(
            _program(
                """\
        x = tr.ones((1024,))
        dist.all_reduce(x.partition((256,))).sync()  # TC106
"""
            ),
            "a collective borrows the whole tensor: it takes no partition",
            typed=False,
        ),
    ),
    "TC108": (
        invalid(
            _program(
                """\
        x = tr.ones((1024,))
        dist.broadcast(x, 0).submit()  # TC108
"""
            ),
            "a submitted collective's Pending never waited on",
        ),
    ),
    "TC110": (
        invalid(
            _program(
                """\
        x = tr.ones((1024,))
        op = dist.all_reduce(x)
        op.sync()
        op.sync()  # TC110
"""
            ),
            "a collective's op runs once",
        ),
    ),
}

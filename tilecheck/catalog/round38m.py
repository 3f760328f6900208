"""Examples of round 38M of issue 17 (what a ``.then`` callback's launch borrows).

A chain runs its ``.then`` callbacks when it runs: at ``sync()``, or at ``submit()`` (a GPU
launches and calls back then; the CPU runs the same host half at the submit since the
runtime's ``_core/host_half``). The op a callback returns borrows what it touches until the
chain completes: a host read of a tensor it writes, after the chain's submit and before its
wait, is TC102 at the read (the runtime raises there). The callback's launch is read where the
chain is built: a lambda or a ``def`` whose only ``return`` is the launch; its arguments that
are the callback's free names (not its parameters, the chain's outputs handed on).

A method called inside a graph capture that runs two ops is reported at the first (where the
runtime raises), not at the one whose message sorts first (TC111, fresh32 p050).

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    y = tr.zeros((32,))
    z = tr.zeros((32,))
    pending = copy(y.partition((32,)), x).then(lambda *_: copy(z.partition((32,)), y)).submit()
    pending.wait()
    print(z.to_numpy()[0])
""",
            "a tensor a callback's launch writes, read after the chain's wait",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    y = tr.zeros((32,))
    z = tr.zeros((32,))

    def second(*_: object) -> tr.Op:
        return copy(z.partition((32,)), y)

    copy(y.partition((32,)), x).then(second).sync()
    print(z.to_numpy()[0], y.to_numpy()[0])
""",
            "a def callback's launch in a synced chain: done at the sync",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    y = tr.zeros((32,))
    pending = copy(y.partition((32,)), x).then(lambda yp, *_: scale(yp, 2.0)).submit()
    print(x.to_numpy()[0])
    pending.wait()
    print(y.to_numpy()[0])
""",
            "a callback launching on the partition handed on; the host reads what it only reads",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    y = tr.zeros((32,))
    z = tr.zeros((32,))
    pending = copy(y.partition((32,)), x).then(lambda *_: copy(z.partition((32,)), y)).submit()
    print(z.to_numpy()[0])  # TC102
    pending.wait()
""",
            "a tensor a lambda callback's launch writes, read before the chain's wait",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    y = tr.zeros((32,))
    z = tr.zeros((32,))

    def second(*_: object) -> tr.Op:
        return copy(z.partition((32,)), y)

    pending = copy(y.partition((32,)), x).then(second).submit(tr.Stream())
    total = float(z.to_numpy().sum())  # TC102
    pending.wait()
    print(total)
""",
            "a tensor a def callback's launch writes, read before the chain's wait",
        ),
    ),
    "TC111": (
        invalid(
            """

class Block:
    def __init__(self) -> None:
        self.act = tr.zeros((32,))
        self.out = tr.zeros((32,))

    def forward(self, x: tr.Tensor) -> None:
        scale(self.act.partition((32,)), 2.0).sync()  # TC111
        copy(self.out.partition((32,)), x).sync()


def main() -> None:
    block = Block()
    x = tr.ones((32,))
    with tr.graph() as g:
        block.forward(x)
    g.close()
""",
            "a method run inside a capture syncing two ops: the first one's line",
            typed=False,
        ),
    ),
}

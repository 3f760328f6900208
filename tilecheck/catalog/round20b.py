"""Examples of round 20B of issue 17 (code run elsewhere: module generators a ``for`` walks,
and ``itertools.islice`` drains). A generator whose body is one ``for`` loop ending in its
only ``yield`` steps together with the consumer's loop (``tilecheck.host.generators``): a
partition it yields is alive while the consumer's step reads the buffer (TC104), as if the
loop were written in place. ``for p in islice(pends, len(pends) - 1)`` walks what
``pends[:-1]`` does (``tilecheck.host.islices``): the last Pending is never waited (TC108).
The VALID ones run clean and must stay silent; the INVALID ones raise (or warn) at the marked
line."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_YIELDS_PARTITIONS = """

def tiles(bufs: list[Tensor[f32]]) -> Iterator[tr.Partition[f32]]:
    for b in bufs:
        yield b.partition((8,))


def main() -> None:
    bufs = [tr.ones((32,)) for _ in range(3)]
    for i, part in enumerate(tiles(bufs)):
        {first}
        {second}
"""

_YIELDS_NAMED = """

stats = {name: tr.ones((32,)) for name in ("amax", "sq")}


def plans() -> Iterator[tuple[str, tr.Partition[f32]]]:
    for name, buf in stats.items():
        yield name, buf.partition((8,))


for name, part in plans():
    {first}
    {second}
"""

_YIELDS_IN_FLIGHT = """

def chunks(n: int) -> Iterator[Tensor[f32]]:
    for i in range(n):
        chunk = tr.ones((32,))
        pending = scale(chunk.partition((8,)), float(i)).submit()
        {first}
        yield chunk
        {second}


def main() -> None:
    kept = []
    for chunk in chunks(3):
        {mark}
    print(sum(float(c.to_numpy().sum()) for c in kept))
"""

_ISLICE = """

def main() -> None:
    outs = [tr.ones((32,)) for _ in range(3)]
    pends = [scale(o.partition((8,)), 2.0).submit() for o in outs]{mark}
    for p in islice(pends, len(pends) - 1):
        p.wait()
    {last}
"""

_HEAD = "\nfrom collections.abc import Iterator\nfrom itertools import islice\n"


def _case(shape: str, first: str = "", second: str = "", mark: str = "", last: str = "") -> str:
    body = shape.replace("{first}", first).replace("{second}", second)
    return _HEAD + body.replace("{mark}", mark).replace("{last}", last)


VALID: dict[str, tuple[Case, ...]] = {
    "TC104": (
        valid(
            _case(
                _YIELDS_PARTITIONS,
                "scale(part, float(i)).sync()",
                "print(bufs[i].to_numpy().sum())",
            ),
            "each partition a generator yields is consumed before the step reads its buffer",
        ),
        valid(
            _case(
                _YIELDS_NAMED,
                "scale(part, 2.0).sync()",
                "print(stats[name].to_numpy().sum())",
            ),
            "a module-level consumer of a generator over a module dict, launch then read",
        ),
    ),
    "TC102": (
        valid(
            _case(
                _YIELDS_IN_FLIGHT,
                "pending.wait()",
                "pass",
                "print(float(chunk.to_numpy().sum()))",
            ),
            "the generator waits before it yields the buffer its op wrote",
        ),
        valid(
            _case(_YIELDS_IN_FLIGHT, "pass", "pending.wait()", "kept.append(chunk)"),
            "the generator waits after the yield; the consumer keeps the buffer and reads it "
            "after the loop",
        ),
    ),
    "TC108": (
        valid(
            _case(_ISLICE, last="pends[-1].wait()"),
            "an islice drain of all but the last, then the last waited",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(
                _YIELDS_IN_FLIGHT,
                "pass",
                "pending.wait()",
                "print(float(chunk.to_numpy().sum()))  # TC102",
            ),
            "the consumer's step reads the buffer the generator yielded before its wait",
        ),
    ),
    "TC104": (
        invalid(
            _case(
                _YIELDS_PARTITIONS,
                "print(bufs[i].to_numpy().sum())  # TC104",
                "scale(part, float(i)).sync()",
            ),
            "the step reads the buffer whose partition the generator just yielded",
        ),
        invalid(
            _case(
                _YIELDS_NAMED,
                "print(stats[name].to_numpy().sum())  # TC104",
                "scale(part, 2.0).sync()",
            ),
            "a module-level consumer reads the dict's buffer before the yielded partition's launch",
        ),
    ),
    "TC108": (
        invalid(
            _case(_ISLICE, mark="  # TC108", last="print(outs[0].to_numpy().sum())"),
            "an islice drain that stops one short: the last Pending is never waited",
        ),
    ),
}

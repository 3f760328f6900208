"""Examples of the held-out evaluation's last two false alarms and some of its misses
(benchmarks/checker_eval_fresh2): a comprehension that indexes a container by its counter
(``[... bufs[i] ... for i in range(len(bufs))]``, ``{k: ... d[k] ... for k in d}``) lines up
with it as one walking it does, and so does a list appended to once a step of a ``range`` loop;
``items += [x]`` keeps the items; ``reversed`` pairs an item with another's; a lambda's ``t=t``
default reads ``t`` when it runs; ``[t] * 2`` holds ``t`` twice. The VALID ones run clean and
must stay silent; the INVALID ones are real errors."""

from __future__ import annotations

from tilecheck.catalog.base import Case, invalid, valid
from tilecheck.catalog.fresh_silences import _KERNELS


def _valid(body: str, note: str) -> Case:
    return valid(_KERNELS + body, note)


def _invalid(body: str, note: str, *, typed: bool = True) -> Case:
    return invalid(_KERNELS + body, note, typed=typed)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        _valid(
            """

def main() -> None:
    outs = {"q": tr.zeros((256,)), "k": tr.zeros((256,))}
    pends = {name: copy(outs[name].partition((64,)), tr.ones((256,))).submit() for name in outs}
    for name, p in pends.items():
        p.wait()
        print(outs[name].to_numpy())
""",
            "a dict comprehension over the keys: `pends[name]` writes `outs[name]`",
        ),
        _valid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(4)]
    pends = [copy(outs[i].partition((64,)), tr.ones((256,))).submit() for i in range(len(outs))]
    for i, p in enumerate(pends):
        p.wait()
        print(outs[i].to_numpy())
""",
            "a list comprehension indexing by its counter: `pends[i]` writes `outs[i]`",
        ),
        _valid(
            """

def main() -> None:
    outs = {"q": tr.zeros((256,)), "k": tr.zeros((256,))}
    pends = {}
    for name in outs:
        pends[name] = copy(outs[name].partition((64,)), tr.ones((256,))).submit()
    for name in outs:
        pends[name].wait()
        print(outs[name].to_numpy())
""",
            "a loop over a dict walks its keys, as `.keys()` does",
        ),
        _valid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(2)]
    pends = [copy(o.partition((64,)), tr.ones((256,))).submit() for o in outs]
    for out, p in zip(reversed(outs), reversed(pends)):
        p.wait()
        print(out.to_numpy())
""",
            "both reversed: still each tensor with its own Pending",
        ),
        _valid(
            """

def main() -> None:
    k = tr.zeros((256,))
    pending = []
    pending += [copy(k.partition((64,)), tr.ones((256,))).submit()]
    for p in pending:
        p.wait()
    print(k.to_numpy())
""",
            "Pendings added with `+=` are waited through the list",
        ),
        _valid(
            """

def main() -> None:
    t = tr.zeros((256,))
    p = copy(t.partition((64,)), tr.ones((256,))).submit()
    read = lambda t=t: t.to_numpy()
    p.wait()
    read()
""",
            "a lambda's default-bound tensor read after the wait",
        ),
        _valid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(4)]
    pends = []
    for i in range(4):
        pends.append(copy(outs[i].partition((64,)), tr.ones((256,))).submit())
    for i, p in enumerate(pends):
        p.wait()
        print(outs[i].to_numpy())
""",
            "appended in a `range` loop from an empty list: `pends[i]` writes `outs[i]`",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        _invalid(
            """

def main() -> None:
    bufs = [tr.zeros((256,))] * 2
    copy(bufs[1].partition((64,)), bufs[0]).sync()  # TC101
""",
            "`[t] * 2` holds one tensor twice",
            typed=False,  # the mypy plugin does not follow containers
        ),
    ),
    "TC102": (
        _invalid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(4)]
    pends = [copy(outs[i].partition((64,)), tr.ones((256,))).submit() for i in range(len(outs))]
    pends[0].wait()
    print(outs[1].to_numpy())  # TC102
    for p in pends:
        p.wait()
""",
            "the Pending at 0 writes `outs[0]`, not `outs[1]`",
            typed=False,
        ),
        _invalid(
            """

def main() -> None:
    outs = {"q": tr.zeros((256,)), "k": tr.zeros((256,))}
    pends = {name: copy(outs[name].partition((64,)), tr.ones((256,))).submit() for name in outs}
    pends["q"].wait()
    print(outs["k"].to_numpy())  # TC102
    pends["k"].wait()
""",
            "the Pending at `q` writes `outs['q']`, not `outs['k']`",
            typed=False,
        ),
        _invalid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(2)]
    pends = [copy(o.partition((64,)), tr.ones((256,))).submit() for o in outs]
    for out, p in zip(outs, reversed(pends)):
        p.wait()
        print(out.to_numpy())  # TC102
""",
            "one list reversed: each tensor paired with another's Pending",
            typed=False,
        ),
        _invalid(
            """

def main() -> None:
    k = tr.zeros((256,))
    pending = []
    pending += [copy(k.partition((64,)), tr.ones((256,))).submit()]
    print(k.to_numpy())  # TC102
    for p in pending:
        p.wait()
""",
            "a Pending added with `+=` still writes `k`",
            typed=False,
        ),
        _invalid(
            """

def main() -> None:
    t = tr.zeros((256,))
    p = copy(t.partition((64,)), tr.ones((256,))).submit()
    read = lambda t=t: t.to_numpy()  # TC102
    read()
    p.wait()
""",
            "a lambda's default-bound tensor read while the op writes it",
            typed=False,
        ),
        _invalid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(3)]
    extra = tr.zeros((256,))
    pends = [copy(extra.partition((64,)), tr.ones((256,))).submit()]
    for i in range(3):
        pends.append(copy(outs[i].partition((64,)), tr.ones((256,))).submit())
    for i, p in enumerate(pends):
        p.wait()
        print(outs[i].to_numpy())  # TC102
""",
            "the list held a Pending before the loop: `pends[i]` writes `outs[i - 1]`",
            typed=False,
        ),
    ),
}

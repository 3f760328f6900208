"""Examples of round 38K of issue 17 (key sets of parameters; items dropped from containers).

A helper that walks a parameter's keys (``{n: k(...).submit() for n, w in weights.items()}``)
has the keys every call of it gives (a dict or a display of names whose keys the caller's code
shows, all calls agreeing): a key no use inside takes is a Pending never waited (TC108). And an
item dropped from a local container of Pendings (a display, a comprehension, ``{}``,
``OrderedDict()``, ``[]``, ``deque()`` filled with submits or tuples holding one) by
``popitem()``, ``popitem(last=False)``, ``pop(k)``, ``pop()``, ``popleft()`` or ``del d[k]``
as a statement, never waited on any path and held by nothing else, is dropped unwaited
(TC108 where it is submitted).

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter warns naming the marked line). A coroutine with a defaulted parameter that reads a
module value no longer crashes the checker (``tasks.with_globals`` made an invalid signature)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        valid(
            """
from collections import OrderedDict


def main() -> None:
    x = tr.ones((32,))
    cache = OrderedDict()
    for i in range(4):
        out = tr.zeros((32,))
        cache[i] = (out, copy(out.partition((32,)), x).submit())
        if len(cache) > 2:
            _, (_, old) = cache.popitem(last=False)
            old.wait()
    for _, p in cache.values():
        p.wait()
""",
            "an LRU of (buffer, Pending) pairs that waits what it evicts",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    window = []
    for i in range(4):
        out = tr.zeros((32,))
        window.append(copy(out.partition((32,)), x).submit())
        if len(window) > 2:
            window.pop(0).wait()
    for p in window:
        p.wait()
""",
            "a window of Pendings trimmed from the front, each trimmed one waited",
        ),
        valid(
            """

def serve(requests: list[int], cancelled: set[int]) -> None:
    inflight = {}
    for rid in requests:
        out = tr.zeros((32,))
        inflight[rid] = (out, copy(out.partition((32,)), tr.ones((32,))).submit())
    for rid in cancelled:
        inflight[rid][1].wait()
        inflight.pop(rid)
    for _, p in inflight.values():
        p.wait()


serve([1, 2, 3], {2})
""",
            "a cancelled request's Pending waited through the dict before its entry is popped",
        ),
        valid(
            """

def project(weights):
    outs = {n: tr.zeros((32,)) for n in weights}
    pend = {n: copy(outs[n].partition((32,)), w).submit() for n, w in weights.items()}
    pend["q"].wait()
    pend["k"].wait()
    return outs


a = project({"q": tr.ones((32,)), "k": tr.ones((32,))})
print(sorted(a))
""",
            "a helper waiting by key every key its one call gives",
        ),
        valid(
            """

def project(weights):
    outs = {n: tr.zeros((32,)) for n in weights}
    pend = {n: copy(outs[n].partition((32,)), w).submit() for n, w in weights.items()}
    pend["q"].wait()
    pend["k"].wait()
    return outs


ws = {"q": tr.ones((32,)), "k": tr.ones((32,))}
print(sorted(project(ws)))
ws["v"] = tr.ones((32,))
""",
            "the caller's dict gains a key after the call: the call gave two",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        invalid(
            """
from collections import OrderedDict


def main() -> None:
    x = tr.ones((32,))
    cache = OrderedDict()
    for i in range(4):
        out = tr.zeros((32,))
        cache[i] = (out, copy(out.partition((32,)), x).submit())  # TC108
        if len(cache) > 2:
            cache.popitem(last=False)
    for _, p in cache.values():
        p.wait()
""",
            "an LRU of (buffer, Pending) pairs evicting the oldest without waiting it",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    buf = tr.zeros((32,))
    entries = {0: copy(buf.partition((32,)), x).submit()}  # TC108
    entries.popitem()
    print(len(entries))
""",
            "a dict display's only Pending dropped by popitem()",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    window = []
    for i in range(4):
        out = tr.zeros((32,))
        window.append(copy(out.partition((32,)), x).submit())  # TC108
        if len(window) > 2:
            window.pop(0)
    for p in window:
        p.wait()
""",
            "a window of Pendings trimmed from the front without waiting",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    outs = {n: tr.zeros((32,)) for n in ("a", "b")}
    pend = {}
    pend["a"] = copy(outs["a"].partition((32,)), x).submit()
    pend["b"] = copy(outs["b"].partition((32,)), x).submit()  # TC108
    pend["a"].wait()
    del pend["b"]
    print(outs["a"].to_numpy())
""",
            "del of a constant key's unwaited Pending",
        ),
        invalid(
            """

def serve(requests: list[int], cancelled: set[int]) -> None:
    inflight = {}
    for rid in requests:
        out = tr.zeros((32,))
        inflight[rid] = (out, copy(out.partition((32,)), tr.ones((32,))).submit())  # TC108
    for rid in cancelled:
        inflight.pop(rid)
    for _, p in inflight.values():
        p.wait()


serve([1, 2, 3], {2})
""",
            "a cancelled request's (buffer, Pending) entry popped unwaited",
        ),
        invalid(
            """

def qkv(x, weights):
    outs = {n: tr.zeros((32,)) for n in weights}
    pend = {n: copy(outs[n].partition((32,)), w).submit() for n, w in weights.items()}  # TC108
    pend["q"].wait()
    pend["k"].wait()
    return outs


ws = {n: tr.ones((32,)) for n in ("q", "k", "v")}
print(sorted(qkv(tr.ones((32,)), ws)))
""",
            "a helper walking its parameter's keys, given q, k, v, waits q and k",
        ),
        invalid(
            """

class Mlp:
    def _project(self, names):
        outs = {n: tr.zeros((32,)) for n in names}
        pend = {n: copy(outs[n].partition((32,)), tr.ones((32,))).submit() for n in names}  # TC108
        pend["up"].wait()
        return outs["up"]

    def forward(self):
        return self._project(("gate", "up"))


print(Mlp().forward().to_numpy())
""",
            "a method given a display of names by self.m(...), one name never waited",
        ),
        invalid(
            """

def shards(ws):
    outs = [tr.zeros((32,)) for _ in range(len(ws))]
    pend = [copy(outs[i].partition((32,)), ws[i]).submit() for i in range(len(ws))]  # TC108
    for p in pend[:-1]:
        p.wait()
    return outs


def main() -> None:
    print(len(shards([tr.ones((32,)), tr.ones((32,)), tr.ones((32,))])))
""",
            "a list parameter's length from its one call: the last shard never waited",
        ),
        invalid(
            """
import asyncio

HEADS = ("h0", "h1", "h2")
W = tr.ones((32,))


async def attend(layer: int, heads=HEADS):
    outs = {h: tr.zeros((32,)) for h in heads}
    pend = {h: copy(outs[h].partition((32,)), W).submit() for h in heads}  # TC108
    await pend["h0"]
    await pend["h1"]
    return layer


async def main() -> None:
    print(await asyncio.gather(attend(0), attend(1, heads=HEADS)))
""",
            "a coroutine's defaulted parameter, given the same names by every call (it reads a "
            "module value too: no crash)",
        ),
    ),
}

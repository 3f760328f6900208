"""Examples of round 37K of issue 17 (key sets and key-taking forms of keyed containers).

A dict of ops or Pendings kept by known keys is read key by key: ``d.pop(k)``, ``d.pop(k,
None)``, ``d.get(k)`` and ``d.setdefault(k, v)`` take the item under ``k`` as ``d[k]`` does,
``del d[k]`` drops it without running it, whatever ``k`` is (a constant, or the target of a
loop over known keys). The known keys are those of a display of constants, of a dict display
(walked itself or by ``.keys()``/``.items()``), of ``range`` of integers and of the scope's
constants (``range(HEADS - 1)``, ``range(len(LAYERS))``). A dict filled by a loop storing under
its target (``pend = {}; for h in range(HEADS): pend[h] = k(...).submit()``) holds one item per
key the loop walks, as the comprehension would. So an item no use takes by its key is never
run (TC105) or never waited (TC108), reported where it is made.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter warns naming the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
CFG = {"small": 0.5, "large": 2.0}


def main() -> None:
    x = tr.ones((32,))
    outs = {k: tr.zeros((32,)) for k in CFG}
    pend = {}
    for k in CFG.keys():
        pend[k] = copy(outs[k].partition((32,)), x).submit()
    pend["small"].wait()
    pend["large"].wait()
    for k in CFG:
        print(outs[k].to_numpy())
""",
            "a store loop over a dict of literals' keys, every key waited before the reads",
        ),
    ),
    "TC105": (
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    outs = {k: tr.zeros((32,)) for k in ("a", "b", "c")}
    ops = {k: copy(outs[k].partition((32,)), x) for k in ("a", "b", "c")}
    for name in ("a", "b", "c"):
        ops.pop(name).sync()
    ops.clear()
    print(outs["c"].to_numpy())
""",
            "a dict of ops popped by a loop over every key",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    outs = {k: tr.zeros((32,)) for k in ("a", "b", "c")}
    ops = {}
    for k in ("a", "b", "c"):
        if k != "b":
            ops[k] = copy(outs[k].partition((32,)), x)
    for k in ("a", "c"):
        ops[k].sync()
    print(outs["a"].to_numpy())
""",
            "a store loop that stores under some keys only (an `if`): each stored op runs",
        ),
    ),
    "TC108": (
        valid(
            """
SHARDS = 3


def main() -> None:
    x = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(SHARDS)]
    handles = {}
    for s in range(SHARDS):
        handles[s] = copy(outs[s].partition((32,)), x).submit()
    for s in range(SHARDS):
        handles.pop(s).wait()
    print(outs[2].to_numpy())
""",
            "a dict filled by a store loop over range(SHARDS), each key popped and waited",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    outs = {k: tr.zeros((32,)) for k in ("q", "k", "v")}
    pend = {k: copy(outs[k].partition((32,)), x).submit() for k in ("q", "k", "v")}
    for k in ("q", "k", "v"):
        done = pend.pop(k, None)
        if done is not None:
            done.wait()
    print(outs["v"].to_numpy())
""",
            "`pop(k, None)` of every key, each Pending waited",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    outs = {k: tr.zeros((32,)) for k in ("a", "b", "c")}
    pend = {}
    for k in ("a", "b", "c"):
        pend[k] = copy(outs[k].partition((32,)), x).submit()
        if k == "b":
            break
    pend["a"].wait()
    pend["b"].wait()
    print(outs["a"].to_numpy())
""",
            "a store loop that may stop early: its keys are not all stored",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
CFG = {"small": 0.5, "large": 2.0}


def main() -> None:
    x = tr.ones((32,))
    outs = {k: tr.zeros((32,)) for k in CFG}
    pend = {}
    for k in CFG.keys():
        pend[k] = copy(outs[k].partition((32,)), x).submit()
    pend["small"].wait()
    for k in CFG:
        print(outs[k].to_numpy())  # TC102
    pend["large"].wait()
""",
            "a store loop over a dict of literals' keys: one key read before its wait",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    splits = {"val": 3.0, "test": 5.0}
    logits = {name: tr.zeros((32,)) for name in splits}
    pending = {}
    for name in splits:
        pending[name] = scale(logits[name].partition((32,)), splits[name]).submit()
    pending["val"].wait()
    for name in splits:
        print(logits[name].to_numpy())  # TC102
    pending["test"].wait()
""",
            "the dict display's keys walked: the `test` split read while in flight",
        ),
    ),
    "TC105": (
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    outs = {k: tr.zeros((32,)) for k in ("a", "b", "c")}
    ops = {
        "a": copy(outs["a"].partition((32,)), x),
        "b": copy(outs["b"].partition((32,)), x),
        "c": copy(outs["c"].partition((32,)), x),  # TC105
    }
    for name in ("a", "b"):
        ops.pop(name).sync()
    ops.clear()
    print(outs["a"].to_numpy())
""",
            "a dict display of ops popped by a loop over some of its keys, then cleared",
        ),
        invalid(
            """
ENABLED = ["a", "b"]


class Block:
    def __init__(self) -> None:
        self.outs = {k: tr.zeros((32,)) for k in ("a", "b", "c")}

    def forward(self, x: Tensor[f32]) -> None:
        stages = {
            "a": copy(self.outs["a"].partition((32,)), x),
            "b": copy(self.outs["b"].partition((32,)), x),
            "c": copy(self.outs["c"].partition((32,)), x),  # TC105
        }
        for name in ENABLED:
            stages.get(name).sync()


def main() -> None:
    Block().forward(tr.ones((32,)))
""",
            "a method's dict of stages run by `get` over the module's list of enabled names",
        ),
        invalid(
            """
WEIGHTS = {"a": 0.5, "b": 2.0, "c": 4.0}


def main() -> None:
    outs = {k: tr.ones((32,)) for k in WEIGHTS}
    ops = {}
    for key, w in WEIGHTS.items():
        ops[key] = scale(outs[key].partition((32,)), w)  # TC105
    for key in ("a", "b"):
        ops[key].sync()
    print(outs["a"].to_numpy())
""",
            "a store loop over a dict display's items; the drain skips one key",
        ),
    ),
    "TC108": (
        invalid(
            """
HEADS = 4


def main() -> None:
    x = tr.ones((32,))
    outs = {h: tr.zeros((32,)) for h in range(HEADS)}
    pend = {h: copy(outs[h].partition((32,)), x).submit() for h in range(HEADS)}  # TC108
    for h in range(HEADS - 1):
        pend[h].wait()
    print(outs[0].to_numpy())
""",
            "Pendings by head over range(HEADS), waited over range(HEADS - 1)",
        ),
        invalid(
            """
N_LAYERS = 3


def main() -> None:
    x = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(N_LAYERS)]
    pending = dict()
    for i in range(N_LAYERS):
        pending[i] = copy(outs[i].partition((32,)), x).submit()  # TC108
    for i in range(1, N_LAYERS):
        pending.pop(i).wait()
    pending.clear()
    print(outs[1].to_numpy())
""",
            "a store loop over range(N_LAYERS), popped and waited from 1 on",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    cfg = {"train": 1.0, "eval": 2.0}
    outs = {name: tr.zeros((32,)) for name in cfg}
    pend = {}
    for name in cfg:
        pend[name] = copy(outs[name].partition((32,)), x).submit()  # TC108
    pend["train"].wait()
    print(outs["train"].to_numpy())
""",
            "a store loop over a dict display's keys; one key waited",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    outs = {k: tr.zeros((32,)) for k in ("l0", "l1", "l2")}
    inflight = {k: copy(outs[k].partition((32,)), x).submit() for k in ("l0", "l1", "l2")}  # TC108
    for k in ("l0", "l1"):
        inflight[k].wait()
        del inflight[k]
    for k in ("l2",):
        del inflight[k]
    print(outs["l0"].to_numpy())
""",
            "`del d[k]` drops the Pending under `k` without waiting it",
        ),
    ),
}

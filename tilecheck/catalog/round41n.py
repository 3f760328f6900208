"""Examples of round 41N of issue 17 (containers and callables built by functions, filled from
outside).

A key formed from a walked key (``ops[f"layer{i}.mlp"]``, ``"head_" + h``,
``"head_{}".format(h)``) is a known key; a container a plain function of the module fills by
known stores or appends and returns (``ops = build()``, also where the caller's name is the
builder's own local name) gives its caller those items. Either is read key by key: an item no
use takes is an op never run (TC105) or a Pending never waited (TC108). A factory's closure
given a container's item (``make_emitter(outs[0])``, ``partial(dump, outs[1])``) reads that
item; callables appended to an instance's list attribute right after it is made
(``proj.hooks.append(record)``, ``block.register_hook(stats)``) are the ones its methods'
walks of that list call.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter warns or raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        valid(
            """
x = tr.ones((32,))
outs = {n: tr.zeros((32,)) for n in ("q", "k")}
ops = {}
for name in ("q", "k"):
    ops[f"attn.{name}"] = copy(outs[name].partition((32,)), x)
for key in ("attn.q", "attn.k"):
    ops[key].sync()
""",
            "ops stored under an f-string of the walked key, every formed key run",
        ),
        valid(
            """
LAYERS = 2
x = tr.ones((32,))
outs = [tr.zeros((32,)) for _ in range(LAYERS)]


def build():
    ops = {}
    for i in range(LAYERS):
        ops[f"layer{i}.mlp"] = copy(outs[i].partition((32,)), x)
    return ops


ops = build()
for i in range(LAYERS):
    ops[f"layer{i}.mlp"].sync()
""",
            "a builder fills and returns a dict of ops: the caller runs every key",
        ),
    ),
    "TC108": (
        valid(
            """
x = tr.ones((32,))
outs = [tr.zeros((32,)) for _ in range(3)]


def launch_all():
    pend = []
    for i in range(3):
        pend.append(copy(outs[i].partition((32,)), x).submit())
    return pend


pend = launch_all()
for p in pend:
    p.wait()
""",
            "a builder's list of Pendings, every one waited by the caller",
        ),
    ),
    "TC102": (
        valid(
            """
x = tr.ones((32,))
outs = [tr.zeros((32,)), tr.zeros((32,))]


def make_reader(t):
    def read():
        print(t.to_numpy())

    return read


read = make_reader(outs[1])
pending = copy(outs[0].partition((32,)), x).submit()
read()
pending.wait()
""",
            "a factory's closure over the other item than the one written",
        ),
        valid(
            """

class Linear:
    def __init__(self):
        self.hooks = []

    def __call__(self, x, out):
        pending = copy(out.partition((32,)), x).submit()
        pending.wait()
        for hook in self.hooks:
            hook(out)


def record(t):
    print(t.to_numpy())


proj = Linear()
proj.hooks.append(record)
proj(tr.ones((32,)), tr.zeros((32,)))
""",
            "a hook appended from outside runs after the wait",
        ),
        valid(
            """
x = tr.ones((32,))
outs = [tr.zeros((32,)) for _ in range(2)]
log = []


def make_emitter(i, t, log):
    def emit():
        log.append((i, t.to_numpy()))

    return emit


emitters = [make_emitter(i, outs[i], log) for i in range(2)]
pending = [copy(outs[i].partition((32,)), x).submit() for i in range(2)]
for p in pending:
    p.wait()
for emit in emitters:
    emit()
""",
            "closures made by a comprehension over the list's items, called after the waits",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        invalid(
            """
x = tr.ones((32,))
outs = {n: tr.zeros((32,)) for n in ("q", "k", "v")}
ops = {}
for name in ("q", "k", "v"):
    ops[f"attn.{name}"] = copy(outs[name].partition((32,)), x)  # TC105
for key in ("attn.q", "attn.k"):
    ops[key].sync()
""",
            "the f-string key of 'v' is never taken: its op is never run",
        ),
        invalid(
            """
x = tr.ones((32,))
outs = {n: tr.zeros((32,)) for n in ("q", "k", "v")}


def build():
    ops = {}
    for name in ("q", "k", "v"):
        ops[name] = copy(outs[name].partition((32,)), x)  # TC105
    return ops


ops = build()
ops["q"].sync()
ops.pop("k").sync()
""",
            "a builder's dict (the caller's name its own local's): the key 'v' is never run",
        ),
        invalid(
            """
x = tr.ones((32,))
outs = {h: tr.zeros((32,)) for h in ("a", "b")}


def run():
    ops = {}
    for h in ("a", "b"):
        ops["head_{}".format(h)] = copy(outs[h].partition((32,)), x)  # TC105
    ops["head_b"].sync()


run()
""",
            "a key made by `str.format` of the walked key: 'head_a' is never run",
        ),
    ),
    "TC108": (
        invalid(
            """
x = tr.ones((32,))
outs = [tr.zeros((32,)) for _ in range(4)]


def launch_all():
    pend = []
    for i in range(4):
        pend.append(copy(outs[i].partition((32,)), x).submit())  # TC108
    return pend


def main():
    pend = launch_all()
    for p in pend[:3]:
        p.wait()""",
            "a builder's list of Pendings: the last one is never waited",
        ),
    ),
    "TC102": (
        invalid(
            """
x = tr.ones((32,))
outs = [tr.zeros((32,)), tr.zeros((32,))]


def make_reader(t):
    def read():
        print(t.to_numpy())  # TC102

    return read


read = make_reader(outs[0])
pending = copy(outs[0].partition((32,)), x).submit()
read()
pending.wait()
""",
            "a factory's closure over a list's item, called while that item is written",
        ),
        invalid(
            """
import functools

x = tr.ones((32,))
outs = [tr.zeros((32,)), tr.zeros((32,))]


def dump(t, tag):
    print(tag, t.to_numpy())  # TC102


show = functools.partial(dump, outs[1])
pending = copy(outs[1].partition((32,)), x).submit()
show("mid")
pending.wait()
""",
            "a partial holding a list's item, called while that item is written",
        ),
        invalid(
            """

class Linear:
    def __init__(self):
        self.hooks = []

    def __call__(self, x, out):
        pending = copy(out.partition((32,)), x).submit()
        for hook in self.hooks:
            hook(out)
        return pending


def record(t):
    print(t.to_numpy())  # TC102


proj = Linear()
proj.hooks.append(record)
proj(tr.ones((32,)), tr.zeros((32,))).wait()
""",
            "a hook appended to an instance's list from outside reads the output in flight",
        ),
        invalid(
            """

class Block:
    def __init__(self):
        self.out = tr.zeros((32,))
        self._hooks = []

    def register_hook(self, fn):
        self._hooks.append(fn)

    def forward(self, x):
        pending = copy(self.out.partition((32,)), x).submit()
        for fn in self._hooks:
            fn(self.out)
        pending.wait()


def stats(t):
    print(t.to_numpy().mean())  # TC102


def main():
    block = Block()
    block.register_hook(stats)
    block.forward(tr.ones((32,)))""",
            "a hook registered by a method that appends it, called while the output is written",
        ),
        invalid(
            """
x = tr.ones((32,))
outs = [tr.zeros((32,)) for _ in range(2)]
log = []


def make_emitter(i, t, log):
    def emit():
        log.append((i, t.to_numpy()))  # TC102

    return emit


emitters = [make_emitter(i, outs[i], log) for i in range(2)]
pending = [copy(outs[i].partition((32,)), x).submit() for i in range(2)]
for emit in emitters:
    emit()
for p in pending:
    p.wait()
""",
            "closures over the list's items, made by a comprehension, called while being written",
        ),
    ),
}

"""Examples of round 26C of issue 17 (values through standard-library calls and class state):
``operator.itemgetter``/``attrgetter`` are the items and attributes they name; ``any(p.wait()
for p in pend)`` stops after the first Pending (its ``wait()`` returns the op's outputs, a
non-empty tuple); ``f(**{...})``, ``f(**nt._asdict())`` and ``f(*nt)`` of a ``NamedTuple`` are
its fields by name or position; ``copy.copy(obj)`` is a new instance whose attributes hold the
same tensors; a ``@dataclass`` field ``field(default_factory=Cls)`` is a new instance per
construction, and what it makes in turn; a ``tilert.kernels`` function given a numpy array
for a tensor parameter is TC106. The VALID ones run clean and must stay silent; the
INVALID ones are real errors (the interpreter raises where marked)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_IMPORTS = """
import copy as copying
import operator
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import tilert.kernels as tk


class Block:
    def __init__(self) -> None:
        self.out = tr.zeros((32,))


@dataclass
class Head:
    out: Tensor[f32] = field(default_factory=lambda: tr.zeros((32,)))


@dataclass
class Model:
    head: Head = field(default_factory=Head)


class Job(NamedTuple):
    z: Tensor[f32]
    x: Tensor[f32]


read_out = operator.attrgetter("head.out")
"""


def _case(body: str) -> str:
    return _IMPORTS + "\n\ndef main() -> None:\n" + body


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(
                """    bufs = {"q": tr.zeros((32,)), "k": tr.zeros((32,))}
    pending = scale(bufs["k"].partition((8,)), 2.0).submit()
    pending.wait()
    q, k = operator.itemgetter("q", "k")(bufs)
    print(q.to_numpy(), k.to_numpy())
"""
            ),
            "itemgetter's items read after the wait on the op writing one",
        ),
        valid(
            _case(
                """    outs = [tr.zeros((32,)) for _ in range(3)]
    pend = [scale(o.partition((8,)), 2.0).submit() for o in outs]
    all(p.wait() for p in pend)
    print([o.to_numpy() for o in outs])
"""
            ),
            "all() over waits runs every wait (each returns a non-empty tuple)",
        ),
        valid(
            _case(
                """    a, b = Model(), Model()
    pending = scale(a.head.out.partition((8,)), 2.0).submit()
    print(read_out(b).to_numpy())
    pending.wait()
"""
            ),
            "each construction's default_factory makes its own instance: another model's output",
        ),
        valid(
            _case(
                """    block = Block()
    twin = copying.copy(block)
    twin.out = tr.ones((32,))
    pending = scale(block.out.partition((8,)), 2.0).submit()
    print(twin.out.to_numpy())
    pending.wait()
"""
            ),
            "the copy's attribute rebound: no longer the original's tensor",
        ),
    ),
    "TC106": (
        valid(
            _case(
                """    host = np.zeros((2, 16), np.float32)
    tk.softmax(tr.from_dlpack(host), tr.ones((2, 16))).sync()
    print(host)
"""
            ),
            "a library function given a tilert tensor sharing the numpy array's memory",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(
                """    bufs = {"q": tr.zeros((32,)), "k": tr.zeros((32,))}
    pending = scale(bufs["k"].partition((8,)), 2.0).submit()
    q, k = operator.itemgetter("q", "k")(bufs)
    print(k.to_numpy())  # TC102
    pending.wait()
"""
            ),
            "itemgetter's second item is the dict's tensor the op still writes",
            typed=False,
        ),
        invalid(
            _case(
                """    outs = [tr.zeros((32,)) for _ in range(3)]
    pend = [scale(o.partition((8,)), 2.0).submit() for o in outs]
    any(p.wait() for p in pend)
    print(outs[2].to_numpy())  # TC102
    for p in pend:
        p.wait()
"""
            ),
            "any() stops after the first wait: the other ops still write",
            typed=False,
        ),
        invalid(
            _case(
                """    model = Model()
    pending = scale(model.head.out.partition((8,)), 2.0).submit()
    print(read_out(model).to_numpy())  # TC102
    pending.wait()
"""
            ),
            "an attrgetter of a module name reads the nested default_factory's tensor in flight",
            typed=False,
        ),
        invalid(
            _case(
                """    block = Block()
    twin = copying.copy(block)
    pending = scale(block.out.partition((8,)), 2.0).submit()
    print(twin.out.to_numpy())  # TC102
    pending.wait()
"""
            ),
            "copy.copy shares the attributes: the copy's output is the one written",
            typed=False,
        ),
    ),
    "TC106": (
        invalid(
            _case(
                """    job = Job(tr.zeros((32,)), tr.ones((32,)))
    copy(*job).sync()  # TC106
"""
            ),
            "a NamedTuple spread by position: its first field, a tensor, for the Mutable one",
            typed=False,
        ),
        invalid(
            _case(
                """    job = Job(z=tr.zeros((32,)), x=tr.ones((32,)))
    copy(**job._asdict()).sync()  # TC106
"""
            ),
            "a NamedTuple spread by name: the tensor for the Mutable parameter",
            typed=False,
        ),
        invalid(
            _case(
                """    out = tr.zeros((32,))
    copy(**{"z": out, "x": tr.ones((32,))}).sync()  # TC106
"""
            ),
            "a ** dict display spread into a launch: the tensor for the Mutable parameter",
            typed=False,
        ),
        invalid(
            _case(
                """    staging = np.zeros((2, 16), np.float32)
    tk.softmax(staging, tr.ones((2, 16))).sync()  # TC106
    print(staging)
"""
            ),
            "a library function takes tilert tensors only: a numpy array for its output",
            typed=False,
        ),
    ),
}

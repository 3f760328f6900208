"""The productions that are statements of their own: an ``if`` on a Const parameter, a ``for``
loop with a loop-carried accumulator, a call of a ``@tr.function`` helper (and the kernel's
declarations they add: parameters, module constants, helpers)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from tests.support.differential import ops
from tests.support.differential.nodes import (
    NP,
    Array,
    Env,
    Node,
    Shape,
    is_float,
    leaf,
    mag,
    to,
    unit,
)

if TYPE_CHECKING:
    from tests.support.differential.choose import Chooser


@dataclass
class Param:
    name: str
    annotation: str
    value: Any


@dataclass
class Block:
    """A node written as statements of its own: a loop, an if, a helper call."""

    kind: str  # "loop", "if", "helper"
    text: str = ""  # loop: its range bound; if: its condition; helper: its name
    form: str = ""  # loop: the body's form; helper: "tuple" when it returns a pair
    body: Node | None = None  # helper: its body (leaves: the helper's parameters)
    names: tuple[str, ...] = ()  # helper: its parameter names


@dataclass
class Context:
    """What a kernel being generated has declared so far."""

    rank: int
    tile: Shape
    z_dtype: str
    inputs: list[tuple[str, str]]  # (name, dtype)
    input_bound: dict[str, float]
    params: list[Param] = field(default_factory=list)
    constants: dict[str, Any] = field(default_factory=dict)
    helpers: list[tuple[str, Block, list[str]]] = field(default_factory=list)  # name, block, dts
    helper_args: list[tuple[str, Node]] | None = None  # inside a helper body: its parameters
    blocks: int = 0


class Statements:
    """Mixed into the generator (grammar.Gen), which supplies ``tree``, ``fresh`` and the rest."""

    c: Chooser
    ctx: Context

    def tree(self, shape: Shape, dt: str, depth: int, exact: bool = False) -> Node:
        raise NotImplementedError

    def fresh(self, prefix: str) -> str:
        raise NotImplementedError

    def partner_shape(self, shape: Shape) -> Shape:
        raise NotImplementedError

    def fits(self, node: Node, exact: bool) -> bool:
        raise NotImplementedError

    def p_if(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        a = self.tree(shape, dt, depth, exact)
        b = self.tree(shape, dt, depth, exact)
        name = self.fresh("flag" if self.c.chance(0.6) else "p")
        if name.startswith("flag"):
            value: Any = self.c.chance(0.5)
            self.ctx.params.append(Param(name, "Const[bool]", value))
            negate = self.c.chance(0.3)
            cond, taken = (f"not {name}", not value) if negate else (name, value)
        else:
            value = self.c.int(0, 4)
            self.ctx.params.append(Param(name, "Const[int]", value))
            cond, taken = f"{name} > 2", value > 2
        self.ctx.blocks += 1

        def ref(v: Sequence[Array], _e: Env) -> Array:
            return v[0] if taken else v[1]

        err = max(a.err, b.err)
        node = Node("if", dt, shape, max(a.bound, b.bound), err, (a, b), lambda _: "", ref)
        node.errf = lambda _v, e, _o, _n: e[0] if taken else e[1]
        node.block = Block("if", cond)
        return node

    def p_loop(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        c = self.c
        init = self.tree(shape, dt, depth)
        step = self.tree(shape if c.chance(0.7) else self.partner_shape(shape), dt, depth)
        n = c.int(1, 4)
        bound_text = str(n)
        if c.chance(0.3):
            bound_text = self.fresh("n")
            self.ctx.params.append(Param(bound_text, "Const[int]", n))
        forms = ("add", "scale", "kmul", "max") if is_float(dt) else ("add", "kmul", "xor")
        form = c.pick(forms)
        bi, bs, ei, es = init.bound, step.bound, init.err, step.err
        u = unit(dt)
        if form == "add":
            bound, err = bi + n * bs, ei + n * es
        elif form == "scale":
            bound, err = bi + 2 * bs, ei + 2 * es
        elif form == "kmul":
            bound, err = bi + n * n * bs, ei + n * n * es
        elif form == "max":
            bound, err = max(bi, bs + n), max(ei, es)
        else:
            bound, err = 2.0 ** math.ceil(math.log2(max(bi, bs + n, 1.0) + 1)), 0.0
        err = err + 2 * n * u * bound if is_float(dt) else 0.0
        self.ctx.blocks += 1

        def ref(v: Sequence[Array], _e: Env) -> Array:
            acc, s = v[0], v[1]
            for k in range(n):
                if form == "add":
                    acc = ops.binary_ref("+", acc, s, dt)
                elif form == "scale":
                    half = np.asarray(0.5, NP[dt])
                    acc = ops.binary_ref("+", ops.binary_ref("*", acc, half, dt), s, dt)
                elif form == "kmul":
                    t = ops.binary_ref("*", s, np.asarray(k, NP[dt]), dt)
                    acc = ops.binary_ref("+", acc, t, dt)
                elif form == "max":
                    t = ops.binary_ref("-", s, np.asarray(k, NP[dt]), dt)
                    acc = ops.binary_ref("maximum", acc, t, dt)
                else:
                    t = ops.binary_ref("+", s, np.asarray(k, NP[dt]), dt)
                    acc = ops.binary_ref("^", acc, t, dt)
            return to(np.broadcast_to(acc, shape), dt)

        def errf(v: Sequence[Array], e: Sequence[Array], _o: Array, _n: Env) -> Array:
            acc, s, ea, es = v[0], v[1], e[0], e[1]
            for k in range(n):
                if form == "add":
                    ea = ea + es
                    acc = ops.binary_ref("+", acc, s, dt)
                    ea = ea + u * mag(acc)
                elif form == "scale":
                    acc = ops.binary_ref("*", acc, np.asarray(0.5, NP[dt]), dt)
                    ea = 0.5 * ea + es + u * mag(acc)
                    acc = ops.binary_ref("+", acc, s, dt)
                    ea = ea + u * mag(acc)
                elif form == "kmul":
                    t = ops.binary_ref("*", s, np.asarray(k, NP[dt]), dt)
                    acc = ops.binary_ref("+", acc, t, dt)
                    ea = ea + k * es + u * (mag(t) + mag(acc))
                else:
                    t = ops.binary_ref("-", s, np.asarray(k, NP[dt]), dt)
                    ea = np.maximum(ea, es + u * mag(t))
                    acc = ops.binary_ref("maximum", acc, t, dt)
            return np.broadcast_to(ea, shape)

        node = Node("loop", dt, shape, bound, err, (init, step), lambda _: "", ref)
        node.errf = errf if is_float(dt) else None
        node.block = Block("loop", bound_text, form)
        return node

    def p_helper(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        """A call of a ``@tr.function`` helper whose body is a tree over its parameters."""
        args = [self.tree(shape, dt, depth)]
        if self.c.chance(0.6):
            args.append(self.tree(self.c.pick((shape, self.partner_shape(shape))), dt, depth))
        name = self.fresh("helper")
        names = tuple("ab"[k] for k in range(len(args)))
        outer = self.ctx.helper_args
        self.ctx.helper_args = list(zip(names, args, strict=True))
        try:
            body = self.tree(shape, dt, min(depth + 1, 3))
            for _ in range(3):
                if not body.leaf:
                    break
                body = self.tree(shape, dt, min(depth + 1, 3))
        finally:
            self.ctx.helper_args = outer
        if not self.fits(body, False):
            return None
        self.ctx.blocks += 1
        block = Block("helper", name, "tuple" if self.c.chance(0.3) else "", body, names)
        self.ctx.helpers.append((name, block, [a.dtype for a in args]))

        def inner(v: Sequence[Array], env: Env, e: Sequence[Array] | None = None) -> Env:
            scope = Env(env.index, env.inputs, env.z_init, env.tile, env.params)
            scope.locals = dict(zip(names, v, strict=True))
            errs = e if e is not None else [np.zeros(a.shape) for a in args]
            scope.locals.update({f"err:{n}": x for n, x in zip(names, errs, strict=True)})
            return scope

        def ref(v: Sequence[Array], env: Env) -> Array:
            return body.eval(inner(v, env))

        def errf(v: Sequence[Array], e: Sequence[Array], _o: Array, env: Env) -> Array:
            return body.evaluate(inner(v, env, e))[1]

        node = Node("helper", dt, shape, body.bound, body.err, tuple(args), lambda _: "", ref)
        node.errf = errf
        node.block = block
        return node


def param_leaf(name: str, arg: Node) -> Node:
    """A helper's parameter inside its body (its value: the call's argument)."""

    def ref(_c: Sequence[Array], env: Env) -> Array:
        return env.locals[name]

    node = leaf("param", arg.dtype, arg.shape, arg.bound, name, ref)
    node.err = arg.err
    node.errf = lambda _v, _e, _o, env: env.locals[f"err:{name}"]
    return node

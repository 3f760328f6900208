"""A key formed from one known key (round 41N of issue 17): ``ops[f"layer{i}.mlp"] = k(...)``
in ``for i in range(3)`` stores under ``"layer0.mlp"``, ``"layer1.mlp"``, ``"layer2.mlp"``,
as ``ops[i]`` stores under 0, 1, 2; so ``tilecheck.host.store_rows`` and
``tilecheck.host.keyed_items`` know the keys a dict is given and taken by when a user names
its items by a prefix and a walked key (the ``state_dict`` style of ``f"self_attn.{name}"``).

A formed key is an f-string, a ``+`` of strings, or ``"...".format(...)`` whose parts are
constant strings and integers and one name (also as ``str(name)``), each placeholder plain or
with a constant format spec. The name's values come from the caller (a loop's walked keys);
anything else (a call, an attribute, a second name, ``%`` formatting) is not formed (None), as
before: nothing is guessed."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.host.known_keys import Key, constant

Form = Callable[[Key], Key | None]
_FORMED = (cst.FormattedString, cst.BinaryOperation, cst.Call)


def formed_name(expr: cst.BaseExpression) -> cst.Name | None:
    """The one name a formed key ``expr`` is made of (None: not a formed key)."""
    if type(expr) not in _FORMED:
        return None
    parts = _parts(expr)
    if parts is None:
        return None
    found = [p[0] if isinstance(p, tuple) else p for p in parts if not isinstance(p, (str, int))]
    return found[0] if len(found) == 1 else None


def form(expr: cst.BaseExpression) -> Form | None:
    """The key ``expr`` forms from the value of its one name (None: not a formed key; the
    function gives None where the value cannot be formatted so)."""
    if formed_name(expr) is None:
        return None
    parts = _parts(expr)
    assert parts is not None
    return lambda key: _join(parts, key)


# a part: a constant, the name (plain), or (the name, a conversion, a format spec)
Part = str | int | cst.Name | tuple[cst.Name, str, str]


def _parts(expr: cst.BaseExpression) -> list[Part] | None:
    if type(expr) is cst.Name:
        return [expr]
    key = constant(expr)
    if key is not None:
        return [key]
    if type(expr) is cst.FormattedString:
        return _fstring(expr)
    if type(expr) is cst.BinaryOperation and type(expr.operator) is cst.Add:
        left, right = _parts(expr.left), _parts(expr.right)
        if left is None or right is None or not _strings(left + right):
            return None
        return left + right
    if type(expr) is not cst.Call or any(a.keyword or a.star for a in expr.args):
        return None
    func = expr.func
    if type(func) is cst.Name and func.value == "str" and len(expr.args) == 1:
        inner = expr.args[0].value
        return [(inner, "", "")] if type(inner) is cst.Name else None
    if type(func) is cst.Attribute and func.attr.value == "format":
        template = constant(func.value)
        if isinstance(template, str):
            return _template(template, [a.value for a in expr.args])
    return None


def _strings(parts: list[Part]) -> bool:
    """A ``+`` of strings: every constant a string, the name converted by ``str`` or used
    next to strings only (its values are checked where formed)."""
    return all(not isinstance(p, int) for p in parts)


def _fstring(expr: cst.FormattedString) -> list[Part] | None:
    parts: list[Part] = []
    for part in expr.parts:
        if type(part) is cst.FormattedStringText:
            if "{" in part.value or "}" in part.value or "\\" in part.value:
                return None  # ``{{``, escapes: not read here
            parts.append(part.value)
            continue
        if type(part) is not cst.FormattedStringExpression:
            return None
        spec = ""
        for piece in part.format_spec or ():
            if type(piece) is not cst.FormattedStringText:
                return None
            spec += piece.value
        conversion = part.conversion or ""
        inner = part.expression
        if part.equal is not None or conversion not in ("", "s", "r"):
            return None
        value = constant(inner)
        if value is not None and not spec and not conversion:
            parts.append(str(value))
        elif type(inner) is cst.Name:
            parts.append((inner, conversion, spec))
        else:
            return None
    return parts


def _template(template: str, args: list[cst.BaseExpression]) -> list[Part] | None:
    """``"head_{}".format(h)``: plain ``{}`` placeholders in order only."""
    pieces = template.split("{}")
    if len(pieces) != len(args) + 1 or any("{" in p or "}" in p for p in pieces):
        return None
    parts: list[Part] = [pieces[0]]
    for arg, after in zip(args, pieces[1:], strict=True):
        value = constant(arg)
        if value is not None:
            parts.append(str(value))
        elif type(arg) is cst.Name:
            parts.append((arg, "", ""))
        else:
            return None
        parts.append(after)
    return parts


def _join(parts: list[Part], key: Key) -> Key | None:
    if len(parts) == 1 and type(parts[0]) is cst.Name:
        return key
    out = ""
    for part in parts:
        if isinstance(part, (str, int)):
            out += str(part)
        elif type(part) is cst.Name:  # in a ``+``: a string only
            if not isinstance(key, str):
                return None
            out += key
        else:
            _, conversion, spec = part  # type: ignore[misc]
            shown: object = repr(key) if conversion == "r" else str(key) if conversion else key
            try:
                out += format(shown, spec)
            except (ValueError, TypeError):
                return None
    return out

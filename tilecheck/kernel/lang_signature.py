"""The parameters a kernel-language function takes, as tilecheck knows them without importing
tilert, and what is wrong with a call's arguments against them.

A signature is written as Python writes one, without annotations or default values:
``"t, axis=, keepdims="`` (``name=`` has a default), ``"fmt, *args"``, ``"a, /, b"`` and
``"a, *, b"``. Only the shape of a call is checked (how many positional arguments, which
keywords), never the arguments' values: those are the interpreter's and the compiler's."""

from __future__ import annotations

from collections.abc import Sequence
from difflib import get_close_matches

from tilecheck.frozen import frozen


@frozen
class Parameter:
    name: str
    required: bool  # no default value
    positional: bool  # may be passed by position
    keyword: bool  # may be passed by keyword


@frozen
class LangSignature:
    parameters: tuple[Parameter, ...]
    var_positional: str | None = None  # ``args`` of ``*args``
    var_keyword: str | None = None  # ``kwargs`` of ``**kwargs``

    @property
    def min_positional(self) -> int:
        """How many positional arguments a call without keywords needs."""
        return sum(1 for p in self.parameters if p.positional and p.required)

    @property
    def max_positional(self) -> int | None:
        """How many positional arguments it takes at most; None with ``*args``."""
        if self.var_positional is not None:
            return None
        return sum(1 for p in self.parameters if p.positional)

    @property
    def keywords(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.parameters if p.keyword)

    def __str__(self) -> str:
        """The parameter list as the table writes it (``"t, axis=, keepdims="``)."""
        out: list[str] = []
        star = f"*{self.var_positional}" if self.var_positional is not None else None
        previous: Parameter | None = None
        for p in self.parameters:
            if previous is not None and not previous.keyword and p.keyword:
                out.append("/")
            if not p.positional and (previous is None or previous.positional):
                out.append(star or "*")
                star = None
            out.append(p.name if p.required else f"{p.name}=")
            previous = p
        if previous is not None and not previous.keyword:
            out.append("/")
        if star is not None:
            out.append(star)
        if self.var_keyword is not None:
            out.append(f"**{self.var_keyword}")
        return ", ".join(out)

    def call_text(self, name: str) -> str:
        """``tl.sum(t, axis=..., keepdims=...)``: how a message shows the signature."""
        return f"{name}({str(self).replace('=', '=...')})"


def signature(spec: str) -> LangSignature:
    """The signature written as ``spec`` (see the module docstring)."""
    tokens = [token.strip() for token in spec.split(",") if token.strip()]
    if "/" in tokens:
        cut = tokens.index("/")
        positional_only = set(tokens[:cut])
        tokens = tokens[:cut] + tokens[cut + 1 :]
    else:
        positional_only = set()
    parameters: list[Parameter] = []
    var_positional: str | None = None
    var_keyword: str | None = None
    keyword_only = False
    for token in tokens:
        if token.startswith("**"):
            var_keyword = token[2:]
        elif token.startswith("*"):
            var_positional = token[1:] or None
            keyword_only = True
        else:
            name = token.removesuffix("=")
            parameters.append(
                Parameter(
                    name,
                    required=not token.endswith("="),
                    positional=not keyword_only,
                    keyword=token not in positional_only,
                )
            )
    return LangSignature(tuple(parameters), var_positional, var_keyword)


def call_problem(
    sig: LangSignature, shown: str, positional: int, keywords: Sequence[str]
) -> str | None:
    """Why a call of ``shown`` (the function as the message names it) with ``positional``
    positional arguments and ``keywords`` cannot bind to ``sig``; None when it binds. One
    problem at a time, in the order Python finds them."""
    most = sig.max_positional
    if most is not None and positional > most:
        return f"{shown} takes {_count(sig)}, got {positional}"
    by_position = [p for p in sig.parameters if p.positional][:positional]
    bound = {p.name for p in by_position}
    accepted = sig.keywords
    for keyword in keywords:
        if keyword not in accepted and sig.var_keyword is None:
            close = get_close_matches(keyword, [k for k in accepted if k not in bound], n=1)
            hint = f"; did you mean `{close[0]}`?" if close else ""
            return f"{shown} has no keyword `{keyword}`{hint}"
        if keyword in bound:
            return f"{shown} got `{keyword}` twice, by position and by keyword"
        bound.add(keyword)
    missing = [p.name for p in sig.parameters if p.required and p.name not in bound]
    if not missing:
        return None
    if not keywords and positional < sig.min_positional:
        return f"{shown} takes {_count(sig)}, got {positional}"
    names = " and ".join(f"`{name}`" for name in missing)
    return f"{shown} is missing {names}"


def _count(sig: LangSignature) -> str:
    """``1 positional argument``, ``1 or 2 ...``, ``2 to 4 ...``, ``at least 1 ...``."""
    least, most = sig.min_positional, sig.max_positional
    if most is None:
        amount = f"at least {least}"
    elif least == most:
        amount = str(least)
    elif most == least + 1:
        amount = f"{least} or {most}"
    else:
        amount = f"{least} to {most}"
    plural = "" if (least if most is None else most) == 1 else "s"
    return f"{amount} positional argument{plural}"

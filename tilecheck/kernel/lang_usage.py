"""TC204 for kernel-language names: a ``tl.`` name that ``tilert.lang`` does not have, and a
call of a ``tl`` function whose arguments cannot bind to its parameters.

Without this the mistake surfaces only at the first launch (an AttributeError in the
interpreter, a compiler error in cuTile). Names are checked against ``lang_api``'s table in
whatever spelling reaches them (``tl.exp``, ``tilert.lang.exp``, ``from tilert.lang import exp
as e``); a call is checked only when its arguments are all written out (no ``*args`` or
``**kwargs``, which the walk reports on their own)."""

from __future__ import annotations

from difflib import get_close_matches

import libcst as cst

from tilecheck.codes import UNSUPPORTED_CONSTRUCT
from tilecheck.frozen import frozen
from tilecheck.kernel.context import KernelContext
from tilecheck.kernel.lang_api import NAMESPACES
from tilecheck.kernel.lang_signature import LangSignature, call_problem
from tilecheck.names import LANG, LANG_UNSAFE


@frozen
class LangMember:
    """The public name of a language namespace that a dotted name in a kernel reaches."""

    namespace: str  # LANG or LANG_UNSAFE
    name: str  # "exp", "store"
    written: str  # the member as the kernel spells it: "tl.exp", "exp", "e"
    whole: bool  # the dotted name is the member itself, not an attribute of it

    @property
    def short(self) -> str:
        """``tl.exp``, ``tl.unsafe.store``: how messages name it."""
        return "tl" + self.namespace[len(LANG) :] + "." + self.name

    @property
    def known(self) -> bool:
        return self.name in NAMESPACES[self.namespace][1]

    @property
    def signature(self) -> LangSignature | None:
        return NAMESPACES[self.namespace][0].get(self.name)

    def spelled(self, name: str) -> str:
        """``name`` of the same namespace, spelled the way the kernel spells this member."""
        if self.written == self.name or self.written.endswith("." + self.name):
            return self.written[: len(self.written) - len(self.name)] + name
        return self.short[: len(self.short) - len(self.name)] + name

    def shown(self) -> str:
        if self.spelled(self.name) == self.written:
            return f"`{self.written}`"
        return f"`{self.written}` (`{self.short}`)"


def lang_member(ctx: KernelContext, dotted: str) -> LangMember | None:
    """The language name ``dotted`` reaches, or None when it reaches none (a local, another
    module, a name the resolver does not know)."""
    written = dotted.split(".")
    meaning = ctx.meaning(dotted)
    if meaning is not None and meaning.startswith(LANG + "."):
        rest = meaning[len(LANG) + 1 :].split(".")
        namespace = LANG_UNSAFE if rest[0] == "unsafe" and len(rest) > 1 else LANG
        if namespace == LANG_UNSAFE:
            rest = rest[1:]
        beyond = len(rest) - 1  # attributes written past the member
        if beyond >= len(written):
            return None
        return LangMember(
            namespace, rest[0], ".".join(written[: len(written) - beyond]), not beyond
        )
    # a name that means something else once resolved (``tl.f32`` is ``tilert.f32``), or
    # nothing at all: what the namespace it is looked up in has
    parent, _, name = dotted.rpartition(".")
    outer = ctx.meaning(parent) if parent else None
    if outer is not None and outer in NAMESPACES:
        return LangMember(outer, name, dotted, True)
    return None


def check_lang_references(ctx: KernelContext) -> None:
    """TC204 where a kernel names something ``tilert.lang`` does not have, called or not."""
    for node, dotted in ctx.facts.references:
        if ctx.is_local(dotted.partition(".")[0]):
            continue
        member = lang_member(ctx, dotted)
        if member is None or member.known:
            continue
        where = "tilert.lang" if member.namespace == LANG else "tilert.lang.unsafe"
        close = _closest(member.name, NAMESPACES[member.namespace][1])
        hint = f"; did you mean `{member.spelled(close)}`?" if close else ""
        ctx.report(UNSUPPORTED_CONSTRUCT, node, f"{member.shown()} is not part of {where}{hint}")


def _closest(name: str, names: frozenset[str]) -> str | None:
    """The public name ``name`` most likely misspells: the same name in another case, else a
    close one of the same kind (``tl.ones`` is no misspelled ``tl.Const``)."""
    for candidate in sorted(names):
        if candidate.lower() == name.lower():
            return candidate
    same_kind = sorted(n for n in names if n[:1].isupper() == name[:1].isupper())
    close = get_close_matches(name, same_kind, n=1)
    return close[0] if close else None


def check_lang_call(ctx: KernelContext, call: cst.Call, member: LangMember) -> bool:
    """TC204 for a call of a ``tl`` function that cannot bind its arguments; True when
    reported. Silent for a call whose arguments are not all written out."""
    sig = member.signature
    if sig is None or not member.whole or any(arg.star for arg in call.args):
        return False
    keywords = [arg.keyword.value for arg in call.args if arg.keyword is not None]
    positional = len(call.args) - len(keywords)
    problem = call_problem(sig, member.shown(), positional, keywords)
    if problem is None:
        return False
    text = sig.call_text(member.spelled(member.name))
    ctx.report(UNSUPPORTED_CONSTRUCT, call, f"{problem} (signature: `{text}`)")
    return True

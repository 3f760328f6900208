"""What the kernel checks share: the kernel's signature, the facts of its body walk, and name
meanings (a name is the kernel's own local, or it is resolved once through the resolver)."""

from __future__ import annotations

import libcst as cst

from tilecheck.kernel.annotations import Meaning
from tilecheck.kernel.facts import Alias, BodyFacts, Value
from tilecheck.kernel.findings import Finding
from tilecheck.kernel.tensors import Tensors
from tilecheck.kernel_signature import ParamKind
from tilecheck.names import LANG, NameResolver, canonical
from tilecheck.syntax.nodes import dotted_name, head_of


class KernelContext:
    def __init__(
        self,
        func: cst.FunctionDef,
        *,
        is_function: bool,
        unsafe: bool,
        meanings: dict[str, Meaning],
        facts: BodyFacts,
        resolver: NameResolver,
    ) -> None:
        self.func = func
        self.name = func.name.value
        self.is_function = is_function
        self.unsafe = unsafe
        self.meanings = meanings  # each parameter's annotation, read
        kinds = {name: meaning.kind for name, meaning in meanings.items()}
        self.kinds = kinds
        self.facts = facts
        self.tensors = Tensors(facts, kinds)
        self.resolver = resolver
        self.what = f"{'helper' if is_function else 'kernel'} `{self.name}`"
        self.findings: list[Finding] = []
        self._meanings: dict[str, str | None] = {}
        params = func.params
        self.param_nodes = {
            p.name.value: p for p in (*params.posonly_params, *params.params, *params.kwonly_params)
        }

    def report(
        self,
        code: str,
        node: cst.CSTNode,
        message: str,
        labels: tuple[tuple[cst.CSTNode, str], ...] = (),
        notes: tuple[str, ...] = (),
    ) -> None:
        self.findings.append(Finding(code, node, message, labels, notes))

    def declared_here(
        self, parameter: str | None, what: str
    ) -> tuple[tuple[cst.CSTNode, str], ...]:
        """A label on the parameter's declaration ("declared Shared here")."""
        node = self.param_nodes.get(parameter) if parameter is not None else None
        return ((node, f"`{parameter}` declared {what} here"),) if node is not None else ()

    def is_local(self, name: str) -> bool:
        return self.tensors.is_local(name)

    def meaning(self, dotted: str) -> str | None:
        """The canonical meaning of a name written in the kernel; None for the kernel's own
        locals and for names the resolver does not know."""
        if dotted in self._meanings:
            return self._meanings[dotted]
        answer = None if self.is_local(head_of(dotted)) else self.resolver.resolve(dotted)
        answer = canonical(answer)
        self._meanings[dotted] = answer
        return answer

    def lang_function(self, call: cst.Call) -> str | None:
        """``"zeros"`` for ``tl.zeros(...)`` (any spelling that means tilert.lang.zeros), and
        ``"load_tile"`` for ``x.load_tile(...)`` on a tensor parameter; None otherwise."""
        dotted = dotted_name(call.func)
        if dotted is None:
            return None
        head, _, rest = dotted.partition(".")
        if self.is_local(head):
            if rest == "load_tile" and self.tensors.kind_of(head) in (
                ParamKind.MUTABLE,
                ParamKind.SHARED,
            ):
                return "load_tile"
            return None
        meaning = self.meaning(dotted)
        if meaning is not None and meaning.startswith(LANG + "."):
            return meaning.rpartition(".")[2]
        return None

    def only_value(self, name: cst.Name) -> cst.BaseExpression | None:
        """The one expression a local is ever assigned, if it is assigned exactly once."""
        if name.value in self.kinds:
            return None
        origins = self.tensors.origins(name.value)
        if len(origins) != 1:
            return None
        origin = origins[0]
        if isinstance(origin, Value):
            return origin.expr
        if isinstance(origin, Alias):
            return origin.node
        return None

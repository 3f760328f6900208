"""A dict's own method called on an attribute bound only to dicts (round 41W of issue 17):
``self.tables.pop(seq_id)`` in a method, where ``__init__`` bound ``self.tables = {0: [0]}``.

A dict holding no tilert object is not a container the analysis keeps, so such a call was
unknown code given ``self.tables``'s object, which made the method forget every attribute of
``self`` but those holding partitions (``held_receivers``): ``for b in
self.tables.pop(seq_id): self.pool[b].copy_from(...)`` lost ``self.pool`` and the write into
a block a copy still writes was missed, where ``self.tables[seq_id]`` found it. A builtin
dict's ``pop``, ``get``, ``keys``... run no code of the program (keys are hashed, which
``hashed_sites`` follows where a class defines ``__hash__``): the call changes the dict's
items alone. An attribute qualifies as ``dict_attributes`` says (every store into an attribute
of that name in the module is a dict display or comprehension, no access by name)."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.dict_attributes import dict_attribute
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import path_of

# the methods of ``dict`` that call nothing of the program (``update`` walks its argument)
_OWN = frozenset({"pop", "get", "keys", "values", "items", "popitem", "clear", "setdefault"})


def dict_receiver(index: SyntaxIndex, module: cst.CSTNode | None, call: cst.Call) -> str | None:
    """The receiver's path (``self.tables``) of a call of a dict's own method on an attribute
    the module binds only to dicts; None otherwise."""
    func = call.func
    if module is None or type(func) is not cst.Attribute or func.attr.value not in _OWN:
        return None
    if any(arg.star or arg.keyword is not None for arg in call.args):
        return None
    path = path_of(func.value)
    if path is None or type(func.value) is not cst.Attribute:
        return None
    return path if dict_attribute(index, module, path) else None

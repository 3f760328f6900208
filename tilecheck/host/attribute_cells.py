"""The items of a list attribute made once and only read, one by one, across method calls
(round 35O of issue 17; the lists: ``tilecheck.host.fixed_lists``).

A scalar attribute's tensor is the same object in every method (``self.slot``: the summary's
target ``("attr", "slot")``, the caller's ``pf.slot``). So is each item of such a list: a
method entered with ``self.slots = [a, b]`` holds ``self.slots[0]`` and ``self.slots[1]`` as
two tensors of its receiver (``Structures.fixed_items``), known to its caller as the
receiver's ``slots[0]`` and ``slots[1]``. An item the method selects by a form of its
parameters (``self.slots[layer % 2]``) is the target ``("item", ...)``: the caller puts its
constant arguments in (``prefetch(0)``: ``slots[0]``), as for a view of a tensor attribute
(``tilecheck.host.receivers``); a walk of the whole list is every item (``slots[*]``). The
caller's instance holds each item as a tensor of its own (``Structures.attribute_of``), the
same one at every call, so a Pending one method leaves writing ``pf.slots[0]`` meets another
method's read of it, and not a read of ``pf.slots[1]``.

Where the caller cannot tell the item (an argument that is no constant, an instance given to
code the checker does not follow), the call uses nothing of the list, as before (silence)."""

from __future__ import annotations

import dataclasses
import re

import libcst as cst

from tilecheck.host.fixed_lists import fixed_keys
from tilecheck.host.indices import At, Axis
from tilecheck.host.model import Kind, Oids
from tilecheck.host.record_rows import RecordRows
from tilecheck.host.summary import Summary, Target
from tilecheck.host.tensor_lists import walked_item

_ITEM = re.compile(r"(\w+)\[(\d+|'[^'\[\]]*'|\*)\]")


class AttributeCells(RecordRows):
    __slots__ = ("_cells", "_items_of")

    def __init__(self, ctx: object) -> None:
        RecordRows.__init__(self, ctx)
        # ("item", ...) targets of a method summarized -> (the list attribute, the index form)
        self._cells: dict[Target, tuple[Target, tuple[Axis | None, ...]]] = {}
        self._items_of: dict[int, str] | None = None  # an entry item's tensor -> its attribute

    # -- in a method summarized ---------------------------------------------------------------
    def target_of(self, oid: int) -> Target | None:
        found = RecordRows.target_of(self, oid)
        if found is not None or not self.summarizing or self.method_of is None:
            return found
        info = self.infos[oid]
        if info.kind is not Kind.TENSOR or not info.parents:
            return None
        attr = self._fixed_attribute(info.parents)
        if attr is None:
            return None
        if walked_item(info):
            return ("attr", f"{attr}[*]")
        if len(info.selects) != 1 or info.selects[0].of != info.parents:
            return None
        axes = info.selects[0].axes
        if axes is None or len(axes) != 1 or not self._nameable(axes):
            return None
        target: Target = ("item", f"{attr}:{axes!r}")
        self._cells[target] = (("attr", attr), axes)
        return target

    def _fixed_attribute(self, parents: Oids) -> str | None:
        """The fixed list attribute of the receiver's whose items ``parents`` are, all of them."""
        if self._items_of is None or len(self._items_of) == 0:
            self._items_of = {}
            cls = self.method_of.name if self.method_of is not None else None
            for (kind, key), known in self._oid_of.items():
                if kind is not Kind.TENSOR or not isinstance(key, tuple) or len(key) != 3:
                    continue
                if key[0] != "attr" or key[1] != cls:
                    continue
                matched = _ITEM.fullmatch(str(key[2]))
                if matched is not None and matched.group(2) != "*":
                    self._items_of[known] = matched.group(1)
        attrs = {self._items_of.get(p) for p in parents}
        if len(attrs) != 1 or None in attrs:
            return None
        (attr,) = attrs
        every = {o for o, a in self._items_of.items() if a == attr}
        return attr if attr is not None and every == set(parents) else None

    def view_targets(self) -> tuple[tuple[Target, Target, tuple[Axis | None, ...] | None], ...]:
        cells = tuple((target, of, axes) for target, (of, axes) in self._cells.items())
        return RecordRows.view_targets(self) + cells

    # -- at a call ----------------------------------------------------------------------------
    def derived_tensors(
        self, target: Target, call: cst.Call, tensors_of: dict[int, Oids], receiver: str | None
    ) -> Oids | None:
        if target[0] != "item":
            return RecordRows.derived_tensors(self, target, call, tensors_of, receiver)
        if self._calling is None or receiver is None:
            return None
        summary = self._calling[0]
        found = [(of, axes) for t, of, axes in summary.views if t == target]
        if len(found) != 1 or found[0][1] is None:
            return None
        (of, axes), *_ = found
        put = self._arguments_put_in(call, summary, axes) if axes is not None else None
        if put is None or len(put) != 1:
            return None
        (axis,) = put
        if not isinstance(axis, At) or not isinstance(axis.key, int) or axis.key < 0:
            return None
        return self.attribute_tensors(receiver, f"{of[1]}[{axis.key}]") or None

    def attribute_effects(
        self, call: cst.Call, summary: Summary, receiver: str, tensors_of: dict[int, Oids]
    ) -> None:
        """Also the partitions a method left under constant keys of its receiver's attributes
        (``tilecheck.host.keyed_stores``), kept by a caller other than the class's own method."""
        if receiver == self.me and any("[" in attr for attr, _ in summary.stores):
            kept = tuple((attr, r) for attr, r in summary.stores if "[" not in attr)
            summary = dataclasses.replace(summary, stores=kept)
        RecordRows.attribute_effects(self, call, summary, receiver, tensors_of)

    def attribute_tensors(self, receiver: str, attr: str) -> Oids:
        """Also an item of an instance's fixed list attribute (``pf.slots[0]``, every one for
        ``slots[*]``): the tensor the instance holds there, the same at every call."""
        found = RecordRows.attribute_tensors(self, receiver, attr)
        matched = _ITEM.fullmatch(attr) if not found else None
        if matched is None or receiver not in self.env:
            return found
        instances = frozenset(self.kinds(self.env[receiver], Kind.INSTANCE))
        info = self.class_of(instances)
        if info is None or len(instances) != 1 or not instances.isdisjoint(self._stale):
            return found
        name, at = matched.groups()
        keys = fixed_keys(self.ctx, info.name).get(name)
        if keys is None or name not in info.containers:
            return found
        (instance,) = instances
        positions = keys if at == "*" else [at] if at in keys else []
        return frozenset(
            self.attribute_of(instance, f"{name}[{i}]", f"`{receiver}.{name}[{i}]`")
            for i in positions
        )

"""A small declarative schema for game data (data.toml, ``--set``, scenario ``[rules]``).

Each game declares the shape and the bounds of its data beside it (``<game>/bounds.py``)
with the specs below; :func:`validate` walks a data dict against them and raises
:class:`simcli.engine.RulesError` naming the exact dotted key at fault
(``power_ups[1].effect[0].skill``). Bounds are checked here, before a game's
``compile_rules`` builds anything, so a huge value is refused before it is allocated.

Arrays whose elements come in several kinds (an effect step by its ``op``, a teacher score
by its ``kind``) use :class:`Tagged`: every element is checked against the schema of its
own kind. Cross references (a card naming a character that exists) stay in the game's
``compile_rules``, which also raises ``RulesError`` naming the key.
"""
from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from simcli.engine import RulesError

__all__ = ["Bool", "Either", "Int", "List", "Map", "Num", "Spec", "Str", "Table", "Tagged",
           "is_meta_key", "parameters", "type_name", "validate"]

#: keys that mark invented values; allowed in every table and never required
META_KEYS = ("provisional", "note", "notes", "source")


def is_meta_key(name: str) -> bool:
    return name in META_KEYS or name.endswith("_provisional")


def type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, Mapping):
        return "table"
    return type(value).__name__


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Spec:
    """Base of every spec: ``doc`` is the one-line meaning shown by ``simcli rules``."""

    doc: str = ""
    kind: str = "value"

    def check(self, value: Any, key: str) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def wrong_type(self, value: Any, key: str) -> RulesError:
        return RulesError(key, f"expected {self.kind}, got {type_name(value)} ({_shown(value)})")

    def allowed(self) -> str:
        return ""

    def matches(self, value: Any) -> bool:
        """Whether ``value`` has this spec's type (used by :class:`Either`)."""
        return True


def _range_text(lo, hi) -> str:
    if lo is not None and hi is not None:
        return f"{lo}..{hi}"
    if lo is not None:
        return f">= {lo}"
    if hi is not None:
        return f"<= {hi}"
    return "any"


@dataclass
class Int(Spec):
    lo: int | None = None
    hi: int | None = None
    doc: str = ""
    nonzero: bool = False
    kind: str = "integer"

    def matches(self, value):
        return isinstance(value, int) and not isinstance(value, bool)

    def check(self, value, key):
        if not self.matches(value):
            raise self.wrong_type(value, key)
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise RulesError(key, f"must be {self.allowed()}, not {value}")
        if self.nonzero and value == 0:
            raise RulesError(key, "must not be 0")

    def allowed(self):
        return _range_text(self.lo, self.hi) + (", not 0" if self.nonzero else "")


@dataclass
class Num(Spec):
    lo: float | None = None
    hi: float | None = None
    doc: str = ""
    kind: str = "number"

    def matches(self, value):
        return isinstance(value, int | float) and not isinstance(value, bool)

    def check(self, value, key):
        if not self.matches(value) or not math.isfinite(value):
            raise self.wrong_type(value, key)
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise RulesError(key, f"must be {self.allowed()}, not {value}")

    def allowed(self):
        return _range_text(self.lo, self.hi)


@dataclass
class Bool(Spec):
    doc: str = ""
    kind: str = "boolean"

    def matches(self, value):
        return isinstance(value, bool)

    def check(self, value, key):
        if not isinstance(value, bool):
            raise self.wrong_type(value, key)

    def allowed(self):
        return "true, false"


@dataclass
class Str(Spec):
    choices: tuple | None = None
    doc: str = ""
    nonempty: bool = False
    max_len: int = 200
    kind: str = "string"

    def matches(self, value):
        return isinstance(value, str)

    def check(self, value, key):
        if not isinstance(value, str):
            raise self.wrong_type(value, key)
        if self.choices is not None and value not in self.choices:
            raise RulesError(key, f"{_shown(value)} is not one of: "
                             + ", ".join(repr(c) for c in self.choices))
        if self.nonempty and not value:
            raise RulesError(key, "must not be empty")
        if len(value) > self.max_len:
            raise RulesError(key, f"longer than {self.max_len} characters")

    def allowed(self):
        if self.choices is not None:
            return ", ".join(str(c) for c in self.choices)
        return "non-empty text" if self.nonempty else "text"


@dataclass
class List(Spec):
    item: Spec
    min_len: int = 0
    max_len: int | None = None
    doc: str = ""
    #: exact length (overrides min/max)
    length: int | None = None
    kind: str = "array"

    def matches(self, value):
        return isinstance(value, list)

    def check(self, value, key):
        if not isinstance(value, list):
            raise self.wrong_type(value, key)
        n = len(value)
        if self.length is not None and n != self.length:
            raise RulesError(key, f"needs exactly {self.length} entries, found {n}")
        if n < self.min_len:
            raise RulesError(key, "must not be empty" if self.min_len == 1 and n == 0
                             else f"needs at least {self.min_len} entries, found {n}")
        if self.max_len is not None and n > self.max_len:
            raise RulesError(key, f"takes at most {self.max_len} entries, found {n}")
        for i, element in enumerate(value):
            self.item.check(element, f"{key}[{i}]")

    def allowed(self):
        if self.length is not None:
            size = f"{self.length} entries"
        elif self.max_len is not None:
            size = f"{self.min_len}..{self.max_len} entries"
        else:
            size = f">= {self.min_len} entries" if self.min_len else "any length"
        inner = self.item.allowed()
        return f"{size}" + (f" of {inner}" if inner and not isinstance(
            self.item, Table | Tagged) else "")


@dataclass
class Table(Spec):
    """A table with known keys; ``optional`` keys may be absent."""

    fields: dict[str, Spec]
    optional: tuple = ()
    doc: str = ""
    #: spec of any other key (tables keyed by data-defined names); None: refused
    extra: Spec | None = None
    kind: str = "table"

    def matches(self, value):
        return isinstance(value, Mapping)

    def check(self, value, key):
        if not isinstance(value, Mapping):
            raise self.wrong_type(value, key)
        for name in value:
            if name not in self.fields and not is_meta_key(str(name)):
                if self.extra is not None:
                    self.extra.check(value[name], _join(key, name))
                    continue
                valid = ", ".join(sorted(self.fields))
                raise RulesError(_join(key, name), f"unknown key; valid keys: {valid}")
        for name, spec in self.fields.items():
            if name not in value:
                if name in self.optional:
                    continue
                raise RulesError(_join(key, name), "missing")
            spec.check(value[name], _join(key, name))


@dataclass
class Tagged(Spec):
    """A table whose ``tag`` field picks the schema of the rest (``op``, ``kind``...)."""

    tag: str
    variants: dict[str, Table]
    doc: str = ""
    kind: str = "table"

    def matches(self, value):
        return isinstance(value, Mapping)

    def check(self, value, key):
        if not isinstance(value, Mapping):
            raise self.wrong_type(value, key)
        tag = value.get(self.tag)
        if not isinstance(tag, str) or tag not in self.variants:
            choices = ", ".join(self.variants)
            if self.tag not in value:
                raise RulesError(_join(key, self.tag), f"missing; one of: {choices}")
            raise RulesError(_join(key, self.tag), f"{_shown(tag)} is not one of: {choices}")
        variant = self.variants[tag]
        fields = {self.tag: Str(), **variant.fields}
        for name in value:
            if name not in fields and not is_meta_key(str(name)):
                valid = ", ".join(sorted(fields))
                raise RulesError(_join(key, name), f"unknown key for {self.tag} {tag!r}; "
                                 f"valid keys: {valid}")
        Table(fields, variant.optional).check(value, key)


@dataclass
class Map(Spec):
    """An open table: any key accepted by ``keys`` (choices, or digits), each value ``value``."""

    value: Spec
    keys: tuple | None = None
    digits: bool = False
    required: tuple = ()
    max_keys: int = 100
    doc: str = ""
    kind: str = "table"

    def matches(self, value):
        return isinstance(value, Mapping)

    def check(self, value, key):
        if not isinstance(value, Mapping):
            raise self.wrong_type(value, key)
        if len(value) > self.max_keys:
            raise RulesError(key, f"takes at most {self.max_keys} keys")
        for name, item in value.items():
            name = str(name)
            if is_meta_key(name):
                continue
            if self.keys is not None and name not in self.keys:
                raise RulesError(_join(key, name), "unknown key; valid keys: "
                                 + ", ".join(self.keys))
            if self.digits and not name.isdigit():
                raise RulesError(_join(key, name), "keys are player counts like \"4\"")
            self.value.check(item, _join(key, name))
        for name in self.required:
            if name not in value:
                raise RulesError(_join(key, name), "missing")


@dataclass
class Either(Spec):
    """One of several specs, chosen by the value's type (``"2 IOU"`` or ``{iou = 2}``)."""

    options: tuple
    doc: str = ""
    kind: str = field(default="value")

    def __post_init__(self):
        self.kind = " or ".join(o.kind for o in self.options)

    def matches(self, value):
        return any(o.matches(value) for o in self.options)

    def check(self, value, key):
        for option in self.options:
            if option.matches(value):
                option.check(value, key)
                return
        raise self.wrong_type(value, key)

    def allowed(self):
        return " | ".join(filter(None, (o.allowed() for o in self.options)))


def _join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else str(name)


def validate(schema: Spec, data: Any) -> None:
    """Raise RulesError naming the first key of ``data`` that ``schema`` refuses."""
    schema.check(data, "")


# ------------------------------------------------------------------- rules parameters
@dataclass(frozen=True)
class Parameter:
    key: str          # dotted --set key
    type: str
    default: Any
    allowed: str
    doc: str


def parameters(schema: Spec, data: Mapping, prefix: str = "") -> Iterator[Parameter]:
    """Every ``--set`` key of the shipped ``data`` with its spec (scalars and scalar lists).

    Arrays of tables (card lists) are listed once, as a whole.
    """
    if isinstance(schema, Table):
        for name, spec in schema.fields.items():
            if name in data:
                yield from _param(spec, data[name], _join(prefix, name))
        if schema.extra is not None:
            for name, value in data.items():
                if name not in schema.fields and not is_meta_key(str(name)):
                    yield from _param(schema.extra, value, _join(prefix, str(name)))
    elif isinstance(schema, Map):
        for name, value in data.items():
            if not is_meta_key(str(name)):
                yield from _param(schema.value, value, _join(prefix, str(name)), schema.doc)


def _param(spec: Spec, value: Any, key: str, doc: str = "") -> Iterator[Parameter]:
    if isinstance(spec, Table | Map) and isinstance(value, Mapping):
        yield from parameters(spec, value, key)
        return
    yield Parameter(key, spec.kind if not isinstance(spec, List) else
                    f"array of {spec.item.kind}", value, spec.allowed(), spec.doc or doc)


# ------------------------------------------------------------------- cross references
def strings(node: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """Every string in ``node`` with its dotted key (for cross-reference checks)."""
    if isinstance(node, str):
        yield key, node
    elif isinstance(node, Mapping):
        for name, value in node.items():
            if not is_meta_key(str(name)):
                yield from strings(value, _join(key, str(name)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from strings(value, f"{key}[{i}]")


def check_names(vocab_key: str, vocab: list, refs: list[tuple[str, Any]],
                field: str = "") -> None:
    """Every reference ``(key, name)`` must name an entry of ``vocab`` (at ``vocab_key``).

    When a reference is unknown and an entry of the vocabulary is used by no reference,
    that entry was most likely renamed: the error names it. Otherwise it names the
    reference (and says which vocabulary it looked in).
    """
    names = list(vocab)
    if len(set(map(repr, names))) != len(names):
        seen: set[str] = set()
        for i, name in enumerate(names):
            if repr(name) in seen:
                raise RulesError(f"{vocab_key}[{i}]{field}", f"{name!r} is listed twice")
            seen.add(repr(name))
    used = {name for _, name in refs if isinstance(name, str)}
    for key, name in refs:
        if name in names:
            continue
        unused = [i for i, entry in enumerate(names) if entry not in used]
        if unused:
            i = unused[0]
            raise RulesError(f"{vocab_key}[{i}]{field}", f"{names[i]!r} is used by nothing, and "
                             f"{key} names {name!r}, which is not in {vocab_key}")
        raise RulesError(key, f"{name!r} is not in {vocab_key} ("
                         + ", ".join(map(str, names)) + ")")

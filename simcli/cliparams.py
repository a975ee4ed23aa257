"""Plain coercion of the command line's simple options, without pydantic.

typer >= 0.2x coerces every option through a pydantic ``TypeAdapter`` built when the
command runs: importing pydantic and building an adapter for each of ``simcli run``'s
18 options cost about 0.1-0.15 s of CPU, a fifth of a small run's fixed cost, to turn
``"10"`` into ``10``. :func:`install` gives typer's parameters a cheaper first step for
the values simcli's options take: a decimal integer for ``int``, a decimal number for
``float``, a string for ``str``, a bool for a flag, a choice for an ``Enum`` (typer's
own choice matching), lists of those. The result is the value typer's adapter returns
for the same input (a test checks them against each other). Anything else (an option
with a parser, bounds, a path or file type, an unusual spelling such as ``1_000``, and
every invalid value) goes to typer's own adapter as before, so typer's error messages
are unchanged.

It relies on typer's ``_TyperParameter.get_runtime_param`` and ``RuntimeParam``; on a
typer without them :func:`install` does nothing and typer works as it always does.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, get_args, get_origin

_INT = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


class _Unsure(Exception):
    """This value is for typer's own adapter."""


def _leaf(annotation: Any, info: Any, ctx: Any) -> Any:
    """The plain conversion of one value to ``annotation`` (it raises :class:`_Unsure`
    for a value it leaves to typer), or None for a type it leaves to typer."""
    if annotation is int:
        def convert(value):
            if isinstance(value, str) and _INT.fullmatch(value):
                return int(value)
            if type(value) is int:
                return value
            raise _Unsure
    elif annotation is float:
        def convert(value):
            if isinstance(value, str) and _FLOAT.fullmatch(value):
                return float(value)
            if type(value) in (int, float):
                return float(value)
            raise _Unsure
    elif annotation is bool:
        def convert(value):
            if type(value) is bool:
                return value
            raise _Unsure
    elif annotation is str:
        def convert(value):
            if isinstance(value, str):
                return value
            raise _Unsure
    elif isinstance(annotation, type) and issubclass(annotation, Enum):
        from typer._param_types import coerce_cli_choice

        choices = list(annotation)

        def convert(value):
            try:
                return coerce_cli_choice(value, choices=choices,
                                         case_sensitive=info.case_sensitive, ctx=ctx)
            except Exception:  # noqa: BLE001 - typer's adapter words the error
                raise _Unsure from None
    else:
        return None
    return convert


def _plain_converter(descriptor: Any) -> Any:
    """A converter for this parameter, or None when typer's adapter must do it."""
    info = descriptor.parameter_info
    if (descriptor.file_annotation is not None or info.parser is not None
            or getattr(info, "min", None) is not None or getattr(info, "max", None) is not None
            or getattr(info, "clamp", False) or descriptor.is_path):
        return None
    annotation = descriptor.annotation
    many = get_origin(annotation) is list
    if many:
        (annotation,) = get_args(annotation) or (None,)
    if _leaf(annotation, info, None) is None:
        return None

    def convert(value, ctx):
        one = _leaf(annotation, info, ctx)
        if many:
            if not isinstance(value, list | tuple):
                raise _Unsure
            return [one(v) for v in value]
        return one(value)

    return convert


def install() -> bool:
    """Give typer's parameters the plain first step; True if it is in place."""
    try:
        from typer import core
        from typer._coercion import RuntimeParam
    except ImportError:  # pragma: no cover - another typer
        return False
    cls = getattr(core, "_TyperParameter", None)
    original = getattr(cls, "get_runtime_param", None)
    if original is None or getattr(original, "_simcli_plain", False):
        return original is not None

    @dataclass(frozen=True)
    class PlainRuntimeParam(RuntimeParam):
        convert: Any = None
        owner: Any = None

        def _coerce_value(self, value, param, ctx):
            try:
                return self.convert(value, ctx)
            except _Unsure:
                return original(self.owner)._coerce_value(value, param=param, ctx=ctx)

    def get_runtime_param(self):
        if self._runtime_param is None:
            convert = _plain_converter(self.type_descriptor)
            if convert is None:
                return original(self)
            self._runtime_param = PlainRuntimeParam(
                parameter_info=self.type_descriptor.parameter_info,
                annotation=self.type_descriptor.annotation, convert=convert,
                owner=_Fallback(self))
        return self._runtime_param

    get_runtime_param._simcli_plain = True
    cls.get_runtime_param = get_runtime_param
    return True


class _Fallback:
    """Typer's own runtime parameter for a parameter, built (once) only when needed."""

    def __init__(self, param):
        self.type_descriptor = param.type_descriptor
        self._runtime_param = None

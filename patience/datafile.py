"""Loading the edition's YAML data files with line numbers, and located errors.

Every data file (passage files, specs, glossary, translations) is read through
:func:`load_yaml`, which keeps the line of every mapping and sequence item, and
validated through :func:`validate`, which turns a schema error into a
:class:`DataFileError` naming the file, the line and what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

Model = TypeVar("Model", bound=BaseModel)


class DataFileError(Exception):
    """A user mistake in a data file: where it is and what is wrong."""

    def __init__(self, path: Path | str, line: int | None, message: str):
        self.path = Path(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line else str(self.path)
        super().__init__(f"{where}: {message}")

    def __reduce__(self):  # raised in a worker process, it crosses back whole
        return type(self), (self.path, self.line, self.message)


class LineDict(dict):
    """A mapping that remembers the 1-based line where it starts, and where each key is."""

    line: int = 0
    key_lines: dict[str, int]


class LineList(list):
    """A sequence that remembers the 1-based line of each item."""

    line: int = 0
    item_lines: list[int]


class _LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """A safe loader whose mappings and sequences carry their line numbers (libyaml's
    parser where PyYAML was built with it: the data files are most of a build's parsing)."""


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise DataFileError(
                loader.name, key_node.start_mark.line + 1, f"duplicate key {key!r}"
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(path: Path | str) -> Any:
    """Parse a YAML file; syntax errors become :class:`DataFileError` with the line."""
    path = Path(path)
    try:
        text = decoded(path, path.read_bytes())
    except OSError as error:
        raise DataFileError(path, None, f"cannot be read: {error.strerror}") from None
    loader = _LineLoader(text)
    loader.name = str(path)
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        raise DataFileError(path, line, f"YAML syntax: {error.problem or error}") from None
    finally:
        loader.dispose()


def decoded(path: Path, data: bytes) -> str:
    """``data`` (the bytes of ``path``) as UTF-8 text; bytes that are not UTF-8 are an error at
    the line they stand on."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise DataFileError(path, line, f"is not UTF-8 (byte {error.start}: {error.reason})") from None


def line_of(data: Any, location: tuple[str | int, ...]) -> int | None:
    """The line of the deepest element of ``location`` that carries one."""
    line = getattr(data, "line", None) or None
    node = data
    for step in location:
        if isinstance(node, LineDict) and isinstance(step, str):
            line = node.key_lines.get(step, line)
            node = node.get(step)
        elif isinstance(node, LineList) and isinstance(step, int) and 0 <= step < len(node):
            line = node.item_lines[step]
            node = node[step]
        else:
            break
        line = getattr(node, "line", None) or line
    return line


def validate(model: type[Model], data: Any, path: Path | str, *, context: dict | None = None) -> Model:
    """Validate ``data`` against ``model``; the first schema error is raised located (an
    unknown key first: a misspelt key is also reported missing under its right name)."""
    if data is None:
        raise DataFileError(path, 1, f"the file is empty (it should hold {_what(model)})")
    try:
        return model.model_validate(data, context=context)
    except ValidationError as error:
        errors = error.errors()
        first = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
        location = _in_data(data, first["loc"])
        dotted = ".".join(str(step) for step in location) or "(top level)"
        message = _describe(first)
        more = f" (and {error.error_count() - 1} more)" if error.error_count() > 1 else ""
        raise DataFileError(path, line_of(data, location), f"{dotted}: {message}{more}") from None


def _what(model: type[BaseModel]) -> str:
    keys = [name for name, field in model.model_fields.items() if field.is_required()] or list(model.model_fields)
    return ", ".join(keys[:3]) + (" …" if len(keys) > 3 else "")


def _in_data(data: Any, location: tuple) -> tuple[str | int, ...]:
    """The error's location as keys of the file: an inner step that names no key, such
    as the tag pydantic adds for a member of a tagged union, is dropped (the last step
    may name a missing key, and is kept)."""
    path, node = [], data
    for index, step in enumerate(location):
        last = index == len(location) - 1
        if isinstance(node, dict) and isinstance(step, str) and step not in node and not last:
            continue
        path.append(step)
        node = node[step] if isinstance(node, (dict, list)) and _has(node, step) else None
    return tuple(path)


def _has(node: dict | list, step: Any) -> bool:
    if isinstance(node, dict):
        return step in node
    return isinstance(step, int) and 0 <= step < len(node)


def _describe(error: Mapping[str, Any]) -> str:
    if error["type"] == "extra_forbidden":
        return "unknown key"
    if error["type"] == "missing":
        return "required key is missing"
    return error["msg"]

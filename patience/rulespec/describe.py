"""The spec language described from its own models, for the reference page: each
kind of claim check with its parameters, their types and defaults, and what it asks.
``patience claim-kinds`` writes these rows as the Markdown table ``docs/claim-kinds.md``,
which the spec-language page includes and a test holds to the models."""

from __future__ import annotations

import inspect
from typing import NamedTuple

from patience.rulespec.claim_kinds import CHECK_MODELS, kind_of
from patience.rulespec.terms import NAME


class KindRow(NamedTuple):
    kind: str
    parameters: list[str]
    asks: str


def check_kinds() -> list[KindRow]:
    """One row per kind of claim check, sorted by kind."""
    rows = [KindRow(kind_of(model), _parameters(model), " ".join(inspect.cleandoc(model.__doc__ or "").split()))
            for model in CHECK_MODELS]
    return sorted(rows)


KINDS_HEADER = ("<!-- Generated from the claim-kind models (patience/rulespec/claim_kinds/): do not edit. "
                "`patience claim-kinds > docs/claim-kinds.md` writes it again; a test holds it to the models. -->")


def check_kinds_table() -> str:
    """The kinds of claim check as a Markdown table, with the note that it is generated."""
    lines = [KINDS_HEADER, "", "| check kind | parameters | what the engine is asked |", "|---|---|---|"]
    lines += [f"| `{row.kind}` | {_cell('; '.join(row.parameters) or '—')} | {_cell(row.asks)} |"
              for row in check_kinds()]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _parameters(model) -> list[str]:
    schema = model.model_json_schema(by_alias=True)
    required = set(schema.get("required", []))
    described = []
    for name, field in schema["properties"].items():
        if name == "kind":
            continue
        text = f"`{name}`: {_type(field)}"
        if name not in required:
            default = field.get("default")
            text += ", optional" if default is None else f", default `{_literal(default)}`"
        if field.get("description") and field["description"] != RANK_DESCRIPTION:
            text += f" ({field['description']})"
        described.append(text)
    return described


RANK_DESCRIPTION = "A 2 … 10 J Q K"


def _type(field: dict) -> str:
    if field.get("description") == RANK_DESCRIPTION:
        return "rank"
    if "const" in field:
        return f"`{field['const']}`"
    if "enum" in field:
        return " or ".join(f"`{value}`" for value in field["enum"])
    if "anyOf" in field:
        kinds = [option for option in field["anyOf"] if option.get("type") != "null"]
        return " or ".join(_type(option) for option in kinds)
    if "$ref" in field:
        return {"CardPattern": "card pattern", "Goal": "`{card, role}`"}[field["$ref"].rsplit("/", 1)[1]]
    kind = field.get("type")
    if kind == "string":
        return "area" if field.get("pattern") == NAME else "text"
    if kind == "integer":
        if "exclusiveMinimum" in field:
            return f"integer ≥ {field['exclusiveMinimum'] + 1}"
        return f"integer ≥ {field['minimum']}" if "minimum" in field else "integer"
    if kind == "boolean":
        return "true or false"
    if kind == "array":
        if "prefixItems" in field:
            return f"({', '.join(_type(item) for item in field['prefixItems'])})"
        return f"list of {_type(field['items'])}"
    if kind == "object":
        if "patternProperties" in field:
            (pattern, value), = field["patternProperties"].items()
            return f"{_type({'type': 'string', 'pattern': pattern})} → {_type(value)}"
        return f"mapping to {_type(field['additionalProperties'])}"
    raise ValueError(f"no description for the field {field}")


def _literal(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)

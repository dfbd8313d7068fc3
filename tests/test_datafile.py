"""Located errors for every data file: the line of the offending key, whatever the schema's shape."""

from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field

from patience.datafile import DataFileError, load_yaml, validate


class Count(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["count"]
    n: int


class Name(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["name"]
    text: str


class File(BaseModel):
    model_config = ConfigDict(extra="forbid")
    items: list[Annotated[Count | Name, Field(discriminator="kind")]]


def error_for(tmp_path, text):
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        validate(File, load_yaml(path), path)
    return caught.value


def test_wrong_type_inside_a_tagged_union_points_at_its_key(tmp_path):
    error = error_for(tmp_path, "items:\n  - kind: count\n    n: 1\n  - kind: count\n    n: many\n")
    assert (error.line, error.message.split(":")[0]) == (5, "items.1.n")


def test_unknown_key_inside_a_tagged_union(tmp_path):
    error = error_for(tmp_path, "items:\n  - kind: name\n    text: x\n    colour: red\n")
    assert (error.line, error.message) == (4, "items.0.colour: unknown key")


def test_missing_key_points_at_its_mapping(tmp_path):
    error = error_for(tmp_path, "items:\n  - kind: name\n  - kind: count\n")
    assert (error.line, error.message.split(" (")[0]) == (2, "items.0.text: required key is missing")


def test_duplicate_key_and_syntax(tmp_path):
    assert error_for(tmp_path, "items: []\nitems: []\n").line == 2
    error = error_for(tmp_path, "items: [\n")
    assert "YAML syntax" in error.message and error.line


def test_unreadable_file(tmp_path):
    with pytest.raises(DataFileError, match="cannot be read"):
        load_yaml(tmp_path / "absent.yaml")

"""The types of plain JSON values, for the signatures of ``to_json`` and ``from_json``."""
from __future__ import annotations

from typing import Union

JSONValue = Union[None, bool, int, float, str, list["JSONValue"], dict[str, "JSONValue"]]
"""A value :func:`json.dumps` writes as it is: null, a boolean, a number, a string, a
list or an object of JSON values."""

JSONObject = dict[str, JSONValue]
"""A JSON object: string keys, JSON values."""

__all__ = ["JSONObject", "JSONValue"]

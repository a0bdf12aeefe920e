"""Reading data files and turning validation failures into messages a data author can act on.

Every loader reports a broken file as ``DataError("<file>: <entry>: <problem>")``.
"""
from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

DATA_DIR = Path(__file__).resolve().parents[3] / "data" / "stalins_war"

M = TypeVar("M", bound=BaseModel)


class DataError(ValueError):
    """A data file is missing, malformed or inconsistent."""


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(f"{path.name}: file not found at {path}") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path.name}: not valid TOML: {exc}") from None


def read_json(path: Path) -> Any:
    try:
        with path.open("rb") as fh:
            return json.load(fh)
    except FileNotFoundError:
        raise DataError(f"{path.name}: file not found at {path}") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"{path.name}: not valid JSON: {exc}") from None


def validate(model: type[M], raw: Any, file: str, entry: str) -> M:
    """Validate one entry, naming the file, the entry and each problem on failure."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or '(entry)'}: {err['msg']}" for err in exc.errors()
        )
        raise DataError(f"{file}: {entry}: {problems}") from None


def fail(file: str, entry: str, problem: str) -> DataError:
    return DataError(f"{file}: {entry}: {problem}")

"""The ASGI entry point: a factory for uvicorn (`uvicorn --factory app.asgi:create`)."""
from __future__ import annotations

from fastapi import FastAPI

from app.main import create_app


def create() -> FastAPI:
    return create_app()

"""The Stalin's War Online web service (FastAPI + PostgreSQL)."""

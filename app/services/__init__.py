"""Business logic, free of HTTP: each function takes a SQLAlchemy session and plain values."""

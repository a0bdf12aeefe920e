"""Live updates: one LISTEN connection per process feeding that process's websockets."""

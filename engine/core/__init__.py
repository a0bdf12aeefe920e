"""Game-agnostic core: hex geometry, deterministic randomness, the game protocol and replay."""

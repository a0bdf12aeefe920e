"""HTTP routes: `api_*` speak JSON, `pages_*` render HTML."""

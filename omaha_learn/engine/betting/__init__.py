"""engine.betting: see docs/architecture.md. Deliberately empty, so modules may share names with functions."""

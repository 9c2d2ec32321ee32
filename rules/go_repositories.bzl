"""The Go modules the rules_fragment tools are built from.

Call rules_fragment_go_dependencies() after rules_fragment_dependencies()
and before rules_go's go_rules_dependencies(), so that these versions win
over the ones rules_go declares for itself (golang.org/x/tools).
"""

load("//rules/private:go_deps.bzl", "go_dependencies")

def rules_fragment_go_dependencies():
    """Declares the tools' Go dependencies (from go.mod, via gazelle's go_repository)."""
    go_dependencies()

"""Layout templates (JSON, schema-validated) and the project's vector icons."""

from pnpkit.layouts.loader import TEMPLATES_DIR, icon_library, load_template

__all__ = ["TEMPLATES_DIR", "icon_library", "load_template"]

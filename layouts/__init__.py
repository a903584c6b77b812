"""Layout templates (JSON, schema-validated) and the project's vector icons."""

from pnpkit.layouts.loader import TEMPLATES_DIR, game_template, icon_library, load_template

__all__ = ["TEMPLATES_DIR", "game_template", "icon_library", "load_template"]
